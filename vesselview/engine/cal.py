"""CAL: connectivity, area and length (``metrics.md`` section 4).

Source: "A Function for Quality Evaluation of Retinal Vessel Segmentations",
Gegúndez-Arias et al. (seed 001). Whole image by default (``cal_fov=False``), as the
public reference implementation does.

- C = 1 - min(1, |ncomp(G) - ncomp(S)| / #G), 8-connected components;
- A = #((dil(S, disk α) & G) | (S & dil(G, disk α))) / #(S | G);
- L = #((skel(S) & dil(G, disk β)) | (dil(S, disk β) & skel(G))) / #(skel(S) | skel(G))
  (L dilates the masks, not the skeletons); skel is `vesselview.engine.thinning.thin`;
- CAL = C · A · L. A and L are 1 when both masks are empty (section 0).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.morphology import count_components, dilate_disk
from vesselview.engine.overlap import TolerantOverlap
from vesselview.engine.scores import Scores


@dataclasses.dataclass(frozen=True, eq=False)
class LengthMatch:
    """Counts of CAL's length factor at one β, and the β band for the viewer.

    Attributes
    ----------
    matched, union : int
        Numerator and denominator of L, in skeleton pixels.
    reference_band : ndarray of bool, shape (H, W)
        ``dil(G, disk β) & ~G``.
    """

    matched: int
    union: int
    reference_band: np.ndarray


def connectivity_score(candidate: np.ndarray, reference: np.ndarray) -> Scores:
    """``cal_c`` = 1 - min(1, |ncomp(G) - ncomp(S)| / #G) with 8-connected components.

    With an empty reference the ratio is k/0: infinite (C = 0) when the candidate has
    components, 0/0 (undefined) when it has none.
    """
    out = Scores()
    n_g = int(np.count_nonzero(reference))
    difference = abs(count_components(reference) - count_components(candidate))
    if n_g == 0 and difference == 0:
        out.undefined("cal_c", "reference is empty (|Δncomp| / #G is 0/0)")
    else:
        out.set("cal_c", 1.0 - min(1.0, difference / n_g) if n_g else 0.0)
    return out


def length_match(candidate: np.ndarray, reference: np.ndarray, candidate_skeleton: np.ndarray,
                 reference_skeleton: np.ndarray, beta: int) -> LengthMatch:
    """Skeleton pixels of each mask lying within ``beta`` pixels of the other mask.

    Parameters
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
    candidate_skeleton, reference_skeleton : ndarray of bool, shape (H, W)
        ``thin`` of each mask.
    beta : int
        Disc radius in pixels.
    """
    grown_g = dilate_disk(reference, beta)
    matched = (candidate_skeleton & grown_g) | (dilate_disk(candidate, beta) & reference_skeleton)
    return LengthMatch(
        matched=int(np.count_nonzero(matched)),
        union=int(np.count_nonzero(candidate_skeleton | reference_skeleton)),
        reference_band=grown_g & ~reference,
    )


def cal_scores(connectivity: Scores, area: TolerantOverlap, length: LengthMatch) -> Scores:
    """``cal cal_c cal_a cal_l`` from the three factors' counts."""
    out = Scores().merge(connectivity)
    out.set("cal_a", 1.0 if area.union == 0 else area.matched / area.union)
    out.set("cal_l", 1.0 if length.union == 0 else length.matched / length.union)
    out.derived("cal", out.values["cal_c"] * out.values["cal_a"] * out.values["cal_l"], "cal_c")
    return out
