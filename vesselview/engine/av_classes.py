"""Artery/vein classes of a case on one scale, and the masks the A/V metrics compare.

A `LabelMap` names its classes freely; the A/V metrics read four names: ``artery``,
``vein``, ``crossing`` and ``uncertain``. `av_codes` maps a label map onto `BACKGROUND`,
`ARTERY`, `VEIN`, `CROSSING` (a pixel of both classes) and `OTHER` (a vessel of no
class, left out where the reference has it), as the two rules (``docs/metrics.md`` §11,
the parameters ``av_crossing`` and ``av_uncertain``) say:

* a crossing is of both classes (``both``, the default: its code is `CROSSING`),
  ``ignore``d (`OTHER`), or one class (``artery``, ``vein``);
* an uncertain pixel (or a class of another name) is ``ignore``d (`OTHER`, the
  default) or of ``both`` classes (`CROSSING`).

A class's mask holds its own pixels and those of both classes (`class_mask`); the
pixels the reference codes `OTHER` are left out of every A/V metric (`AVLabels.region`).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.labels import LabelMap

BACKGROUND, ARTERY, VEIN, CROSSING, OTHER = 0, 1, 2, 3, 4

NO_REFERENCE_CLASSES = "the reference has no artery/vein classes (a vessel mask)"
NO_CANDIDATE_CLASSES = "the candidate has no artery/vein classes (a vessel mask)"


@dataclasses.dataclass(frozen=True, eq=False)
class AVLabels:
    """Reference and candidate classes as codes, or why the A/V metrics are undefined.

    Attributes
    ----------
    reference, candidate : ndarray of uint8, shape (H, W), or None
        Codes `BACKGROUND`..`OTHER` per pixel; None when that side has no usable classes.
    region : ndarray of bool, shape (H, W), or None
        The pixels the A/V metrics count: the FOV without the reference's uncertain
        (`OTHER`) pixels; None with `reference`.
    problem : str
        Why the A/V metrics are undefined (``""``: they are defined).
    """

    reference: np.ndarray | None
    candidate: np.ndarray | None
    region: np.ndarray | None
    problem: str


#: The code of a crossing under each ``av_crossing`` rule.
CROSSING_RULES = {"both": CROSSING, "ignore": OTHER, "artery": ARTERY, "vein": VEIN}
#: The code of an uncertain pixel (or a class of another name) under each ``av_uncertain``
#: rule.
UNCERTAIN_RULES = {"ignore": OTHER, "both": CROSSING}


def av_codes(labels: LabelMap, crossing: str = "both",
             uncertain: str = "ignore") -> np.ndarray | None:
    """The label map's classes as codes (uint8, shape (H, W)) under the ``crossing``
    (`CROSSING_RULES`) and ``uncertain`` (`UNCERTAIN_RULES`) rules; None when it names
    no artery or vein class."""
    lookup = np.full(256, UNCERTAIN_RULES[uncertain], np.uint8)
    lookup[0] = BACKGROUND
    named = {name: value for value, name in labels.classes.items()}
    if "artery" not in named and "vein" not in named:
        return None
    codes = {"artery": ARTERY, "vein": VEIN, "crossing": CROSSING_RULES[crossing]}
    for name, code in codes.items():
        if name in named:
            lookup[named[name]] = code
    return lookup[labels.image]


def av_labels(reference: LabelMap | None, candidate: LabelMap | None, fov: np.ndarray,
              crossing: str = "both", uncertain: str = "ignore") -> AVLabels:
    """Both sides' codes under the ``crossing`` and ``uncertain`` rules (`av_codes`) and
    the counted region (`AVLabels`)."""
    ref = None if reference is None else av_codes(reference, crossing, uncertain)
    cand = None if candidate is None else av_codes(candidate, crossing, uncertain)
    if ref is None:
        return AVLabels(None, cand, None, NO_REFERENCE_CLASSES)
    region = fov & (ref != OTHER)
    return AVLabels(ref, cand, region, "" if cand is not None else NO_CANDIDATE_CLASSES)


def class_mask(codes: np.ndarray, code: int) -> np.ndarray:
    """The pixels of class ``code`` (`ARTERY` or `VEIN`) and the crossings (bool)."""
    return (codes == code) | (codes == CROSSING)
