"""Tolerance F1, F1_t (``metrics.md`` section 3).

Source: the seed paper proposing a modified F1 for retinal vessel evaluation (seed 000).
Both masks are intersected with the FOV; a candidate pixel counts as found when the
reference lies within chessboard distance ``t`` and vice versa:
S_G = S & dil(G, square(t)), G_S = G & dil(S, square(t)), M = min(#S_G, #G_S),
precision = M / #S, recall = M / #G, F1_t = their harmonic mean = 2M / (#S + #G).
t = 0 gives the ordinary Dice; F1_t is symmetric in S and G; both masks empty gives 1.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.morphology import dilate_square
from vesselview.engine.scores import Scores


@dataclasses.dataclass(frozen=True, eq=False)
class ToleranceMatch:
    """The tolerance-matched pixel sets at one ``t``.

    Attributes
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
        ``S & F`` and ``G & F``.
    candidate_matched : ndarray of bool, shape (H, W)
        ``S_G``: candidate pixels within chessboard distance t of the reference.
    reference_matched : ndarray of bool, shape (H, W)
        ``G_S``: reference pixels within chessboard distance t of the candidate.
    reference_band : ndarray of bool, shape (H, W)
        ``dil(G, square(t)) & ~G``: the tolerance band around the reference.
    """

    candidate: np.ndarray
    reference: np.ndarray
    candidate_matched: np.ndarray
    reference_matched: np.ndarray
    reference_band: np.ndarray


def tolerance_match(candidate: np.ndarray, reference: np.ndarray, fov: np.ndarray,
                    t: int) -> ToleranceMatch:
    """Match candidate and reference pixels within chessboard distance ``t`` inside the FOV.

    Parameters
    ----------
    candidate, reference, fov : ndarray of bool, shape (H, W)
    t : int
        Tolerance in pixels (chessboard distance, ``square(t)``).
    """
    s = candidate & fov
    g = reference & fov
    grown_g = dilate_square(g, t)
    return ToleranceMatch(
        candidate=s,
        reference=g,
        candidate_matched=s & grown_g,
        reference_matched=g & dilate_square(s, t),
        reference_band=grown_g & ~g,
    )


def tolerance_scores(match: ToleranceMatch) -> Scores:
    """``f1_t f1_t_precision f1_t_recall`` from a `ToleranceMatch`."""
    out = Scores()
    n_s = int(np.count_nonzero(match.candidate))
    n_g = int(np.count_nonzero(match.reference))
    m = min(int(np.count_nonzero(match.candidate_matched)),
            int(np.count_nonzero(match.reference_matched)))
    out.ratio("f1_t_precision", m, n_s, "candidate is empty inside the FOV")
    out.ratio("f1_t_recall", m, n_g, "reference is empty inside the FOV")
    out.set("f1_t", 1.0 if n_s + n_g == 0 else 2.0 * m / (n_s + n_g))
    return out
