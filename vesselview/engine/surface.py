"""Contour distances as papers and peer libraries report them (``docs/metrics.md`` section 2).

Both use the contours ``P(S)`` and ``P(G)`` of the CAL comparison functions (4-connected
inner boundaries, Euclidean distances, `vesselview.engine.families.contour.ContourDistances`) and
ignore the tolerance radius ``contour_gamma``:

- ``hd95_contour``: the 95th percentile, numpy's linear interpolation, of the pooled
  distances {d(p, P(G)) : p in P(S)} ∪ {d(p, P(S)) : p in P(G)}. This is MedPy's ``hd95``
  (``medpy.metric.binary.hd95``), which pools both directions the same way; it differs
  from the all-pixel ``hd95``, where the many overlapping pixels at distance 0 pull the
  percentile down. 0 when both masks are empty, ``inf`` when exactly one is.
- ``nsd``: normalised surface distance ("surface Dice") at tolerance tau = ``nsd_tau``:
  (#{p in P(S) : d(p, P(G)) <= tau} + #{p in P(G) : d(p, P(S)) <= tau}) / (#P(S) + #P(G)).
  It is the pixel-grid form of the surface Dice of Nikolov et al., "Clinically
  applicable segmentation of head and neck anatomy for radiotherapy", J Med Internet
  Res 2021, doi:10.2196/26151 (DeepMind surface-distance's
  ``compute_surface_dice_at_tolerance``, which places the boundary between pixels and
  weights it by length; here every inner contour pixel counts once). 1 when both
  contours are empty, 0 when exactly one is.

Under another ``distance_convention`` the contours and reductions are that library's
(`vesselview.engine.conventions`); under ``deepmind`` the contour elements carry
boundary lengths, and both metrics are length-weighted as that library computes them.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.conventions import symmetric_percentile
from vesselview.engine.families.contour import ContourDistances
from vesselview.engine.scores import Scores

#: The percentile of ``hd95_contour``.
PERCENTILE = 95.0


def surface_scores(distances: ContourDistances, has_candidate: bool, has_reference: bool,
                   tau: float, convention: str = "vesselview") -> Scores:
    """``hd95_contour`` and ``nsd`` from the contour-to-contour distances.

    Parameters
    ----------
    distances : ContourDistances
        Distances (pixels) from each contour pixel of one mask to the other's contour.
    has_candidate, has_reference : bool
        Whether ``S`` and ``G`` (as the distances were computed from) have any pixel; a
        non-empty mask always has a non-empty contour.
    tau : float
        ``nsd_tau``: the largest distance (pixels) at which a contour pixel counts as
        matched.
    convention : str
        ``distance_convention``: whether ``hd95_contour`` is the percentile of the pooled
        distances or the larger of the two directed ones (`symmetric_percentile`).

    Returns
    -------
    Scores
        Keys ``hd95_contour`` (pixels) and ``nsd`` (fraction in [0, 1]).
    """
    out = Scores()
    if not (has_candidate and has_reference):
        both_empty = has_candidate == has_reference
        out.set("hd95_contour", 0.0 if both_empty else float("inf"))
        out.set("nsd", 1.0 if both_empty else 0.0)
        return out
    s_to_g = distances.candidate_to_reference
    g_to_s = distances.reference_to_candidate
    pooled = np.concatenate([s_to_g, g_to_s])
    weights = distances.weights
    out.set("hd95_contour", symmetric_percentile(s_to_g, g_to_s, PERCENTILE, convention,
                                                 weights))
    if weights is None:
        matched = np.count_nonzero(s_to_g <= tau) + np.count_nonzero(g_to_s <= tau)
        out.set("nsd", matched / pooled.size)
    else:  # DeepMind's surface Dice: boundary length within tau over all boundary length
        within = np.sum(weights[0][s_to_g <= tau]) + np.sum(weights[1][g_to_s <= tau])
        out.set("nsd", float(within / (np.sum(weights[0]) + np.sum(weights[1]))))
    return out
