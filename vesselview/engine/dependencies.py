"""What each evaluation stage and each overlay layer depends on.

The pipeline's cache key of a stage (or built layer) is the values of the parameters
listed here, so a parameter change recomputes exactly the entries that list it:
masks-only work (skeletons, thickness, distance transforms, components, contours,
segments) runs once per case, ``t`` touches only F1_t, ``cal_alpha``/``cal_beta`` only
CAL's A/L, ``ss_R`` and ``ss_alpha`` only the SS stages that use them. ``threshold``
(soft candidates only) is part of every candidate-dependent key.
"""

from __future__ import annotations

_C = ("threshold",)  # every stage that reads the candidate depends on the threshold
_SS = ("ss_mode", "ss_R", "ss_min_length", "ss_max_length")

STAGE_PARAMETERS: dict[str, tuple[str, ...]] = {
    "candidate_mask": _C,
    "reference_skeleton": (),
    "candidate_skeleton": _C,
    "confusion": _C,
    "pixel": (*_C, "tversky_alpha", "tversky_beta"),
    "reference_distances": ("distance", "distance_fov"),
    "distance_maps": (*_C, "distance", "distance_fov"),
    "distance": (*_C, "distance", "distance_fov", "fom_k", "baddeley_p", "baddeley_c"),
    "contour_distances": (*_C, "distance_fov"),
    "contour": (*_C, "distance_fov", "contour_gamma"),
    "tolerance": (*_C, "t"),
    "cal_skeletons": (*_C, "cal_fov"),
    "cal_connectivity": (*_C, "cal_fov"),
    "cal_area": (*_C, "cal_fov", "cal_alpha"),
    "cal_length": (*_C, "cal_fov", "cal_beta"),
    "topology": _C,
    "ss_reference_thickness": (),
    "ss_candidate_thickness": _C,
    "ss_search": ("ss_mode", "ss_R"),
    "ss_segments": ("ss_mode", "ss_min_length", "ss_max_length"),
    "ss_matching": (*_C, *_SS),
    "ss_scores": (*_C, *_SS, "ss_alpha"),
}

LAYER_PARAMETERS: dict[str, tuple[str, ...]] = {
    "fov": (),
    "confusion": _C,
    "tolerant": (*_C, "t"),
    "band_t": ("t",),
    "band_alpha": ("cal_fov", "cal_alpha"),
    "band_beta": ("cal_fov", "cal_beta"),
    "reference_skeleton": STAGE_PARAMETERS["ss_segments"],
    "candidate_skeleton": _C,
    "search_range": STAGE_PARAMETERS["ss_search"],
    "unmatched_skeleton": (*_C, *STAGE_PARAMETERS["ss_search"]),
    "segments": STAGE_PARAMETERS["ss_segments"],
    "segment_scores": STAGE_PARAMETERS["ss_scores"],
}
