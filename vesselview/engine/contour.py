"""Contour distances and tolerant overlap of the CAL paper's comparison (``metrics.md`` section 2).

Source: the comparison functions of the CAL paper (seed 001). The contour ``P(X)`` is the
4-connected inner boundary. With tolerance ``g``: D1 = {max(0, d(p, P(G)) - g) : p in P(S)},
D2 likewise from G to S; ASD_g = mean(D1 ∪ D2), RMSD_g = sqrt(mean of squares), MSD_g = max,
N(M) = 1 / (1 + M). For g > 0 the paper's own formula (distance to the contour of the dilated
other mask) grows inside the tolerance region and its published values could not be reproduced,
so the spec fixes this reading. J_g and D_g = 2·J_g / (1 + J_g) (the Dice–Jaccard identity; the
paper's D_g formula can exceed 1).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.morphology import distance_to, inner_contour
from vesselview.engine.overlap import tolerant_overlap
from vesselview.engine.scores import Scores


@dataclasses.dataclass(frozen=True, eq=False)
class ContourDistances:
    """Euclidean distances between the two contours, before the tolerance is applied.

    Attributes
    ----------
    candidate_to_reference : ndarray of float64, shape (#P(S),)
        ``d(p, P(G))`` for each candidate contour pixel, in pixels (empty when P(G) is).
    reference_to_candidate : ndarray of float64, shape (#P(G),)
        ``d(p, P(S))`` for each reference contour pixel.
    """

    candidate_to_reference: np.ndarray
    reference_to_candidate: np.ndarray


def contour_distances(candidate: np.ndarray, reference: np.ndarray) -> ContourDistances:
    """Distances from each contour pixel of one mask to the other mask's contour.

    Parameters
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
        ``S`` and ``G`` (already restricted to the FOV when ``distance_fov`` is set).
    """
    contour_s = inner_contour(candidate)
    contour_g = inner_contour(reference)
    if not contour_s.any() or not contour_g.any():
        empty = np.zeros(0)
        return ContourDistances(empty, empty)
    return ContourDistances(
        candidate_to_reference=distance_to(contour_g, "euclidean")[contour_s],
        reference_to_candidate=distance_to(contour_s, "euclidean")[contour_g],
    )


def contour_scores(distances: ContourDistances, candidate: np.ndarray, reference: np.ndarray,
                   gamma: int) -> Scores:
    """``asd rmsd msd n_asd n_rmsd n_msd j_g d_g`` at tolerance ``gamma`` pixels.

    Parameters
    ----------
    distances : ContourDistances
    candidate, reference : ndarray of bool, shape (H, W)
        The masks the distances were computed from.
    gamma : int
        Tolerance radius g in pixels (``contour_gamma``).
    """
    out = Scores()
    has_s, has_g = bool(candidate.any()), bool(reference.any())
    if has_s and has_g:
        pooled = np.maximum(
            0.0,
            np.concatenate([distances.candidate_to_reference, distances.reference_to_candidate])
            - gamma,
        )
        asd, rmsd, msd = pooled.mean(), np.sqrt(np.mean(pooled**2)), pooled.max()
    else:
        asd = rmsd = msd = 0.0 if has_s == has_g else float("inf")
    for key, value in (("asd", asd), ("rmsd", rmsd), ("msd", msd)):
        out.set(key, float(value))
        out.set(f"n_{key}", 1.0 / (1.0 + float(value)))
    overlap = tolerant_overlap(candidate, reference, gamma)
    j_g = out.ratio("j_g", overlap.matched, overlap.union, "reference and candidate are both empty")
    out.derived("d_g", 2.0 * j_g / (1.0 + j_g), "j_g")
    return out
