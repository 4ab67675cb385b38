"""Scores, SS, revised counts and R_nc (``docs/metrics.md`` §5 steps 9j-12).

Metric keys (``docs/metrics.md`` §7): ``ss ss_cs ss_ts rse rsp racc ss_confidence rnc``.
Every nan comes with a reason in ``undefined``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from types import MappingProxyType

import numpy as np

from vesselview.engine.skeletal._pixels import readonly


@dataclasses.dataclass(frozen=True)
class RevisedCounts:
    """Pixel counts behind rSp, rAcc (step 11) and R_nc (step 12); independent of alpha.

    Attributes
    ----------
    positive : int
        #P with P = (search_mask ∪ G) ∩ F.
    false_positive : int
        #(S ∩ F \\ P).
    true_negative : int
        #(~S ∩ F \\ P).
    fov : int
        #F.
    outside_search : int
        #(thin(S) \\ search_mask), candidate skeleton not FOV-masked.
    ref_skeleton : int
        #thin(G), FOV ignored.
    """

    positive: int
    false_positive: int
    true_negative: int
    fov: int
    outside_search: int
    ref_skeleton: int


@dataclasses.dataclass(frozen=True, eq=False)
class SkeletalScores:
    """Step 9j-12 output.

    Attributes
    ----------
    metrics : Mapping[str, float]
        Every SS metric key (the skeletal family's); nan where undefined.
    undefined : Mapping[str, str]
        Key -> reason, for every nan in ``metrics``.
    score : ndarray of float64, shape (G,)
        ss_k per row of the segment table (0 for invalid segments).
    """

    metrics: Mapping[str, float]
    undefined: Mapping[str, str]
    score: np.ndarray


def revised_counts(reference: np.ndarray, candidate: np.ndarray, fov: np.ndarray,
                   ref_skeleton: np.ndarray, cand_skeleton: np.ndarray,
                   search_mask: np.ndarray) -> RevisedCounts:
    """Count the pixel sets of steps 11-12.

    Parameters
    ----------
    reference, candidate, fov : ndarray of bool, shape (H, W)
        G, S and F.
    ref_skeleton, cand_skeleton : ndarray of bool, shape (H, W)
        ``thin(G)``, ``thin(S)``.
    search_mask : ndarray of bool, shape (H, W)
        `SearchRange.search_mask` (already inside F).

    Returns
    -------
    RevisedCounts
    """
    negative = fov & ~(search_mask | reference)
    false_positive = int(np.count_nonzero(negative & candidate))
    fov_pixels = int(np.count_nonzero(fov))
    negatives = int(np.count_nonzero(negative))
    return RevisedCounts(
        positive=fov_pixels - negatives, false_positive=false_positive,
        true_negative=negatives - false_positive, fov=fov_pixels,
        outside_search=int(np.count_nonzero(cand_skeleton & ~search_mask)),
        ref_skeleton=int(np.count_nonzero(ref_skeleton)),
    )


def segment_scores(table: np.ndarray, alpha: float) -> np.ndarray:
    """Step 9j: ``ss_k = (1 - alpha) cs + alpha ts`` for valid segments, 0 otherwise."""
    blended = (1.0 - alpha) * table["cs"] + alpha * table["ts"]
    return np.where(table["valid"], blended, 0.0)


def _weighted_mean(values: np.ndarray, weights: np.ndarray) -> float:
    """Σ w v / Σ w (nan when Σ w is 0).

    Both sums are exact sums of the rounded terms (`math.fsum`), not ``np.dot``: BLAS
    picks its summation order by CPU and release, which moved SS in the last digit.
    """
    total = math.fsum(weights.tolist())
    return math.fsum((weights * values).tolist()) / total if total > 0 else math.nan


def _ss_reason(counts: RevisedCounts) -> str:
    """Why SS is undefined (no segment pixel inside F)."""
    if counts.ref_skeleton == 0:
        return "reference skeleton is empty"
    if counts.fov == 0:
        return "FOV is empty"
    return ("no reference segment inside the FOV (skeleton pieces shorter than "
            "ss_min_length or outside the FOV)")


def skeletal_scores(table: np.ndarray, counts: RevisedCounts, confidence: float,
                    alpha: float) -> SkeletalScores:
    """SS, its cs/ts means, rSe, rSp, rAcc, confidence and R_nc (steps 9j-12).

    Parameters
    ----------
    table : ndarray of `MATCH_DTYPE`, shape (G,)
        `SegmentMatches.table`.
    counts : RevisedCounts
    confidence : float
        `Segments.confidence`.
    alpha : float
        ``ss_alpha``, weight of thickness in [0, 1].

    Returns
    -------
    SkeletalScores
    """
    score = segment_scores(table, alpha)
    length = table["length"].astype(np.float64)
    valid_length = np.where(table["valid"], length, 0.0)
    ss = _weighted_mean(score, length)
    metrics = {
        "ss": ss,
        "ss_cs": _weighted_mean(np.nan_to_num(table["cs"]), valid_length),
        "ss_ts": _weighted_mean(np.nan_to_num(table["ts"]), valid_length),
        "rse": ss,
        "rsp": (counts.true_negative / (counts.true_negative + counts.false_positive)
                if counts.true_negative + counts.false_positive else math.nan),
        "racc": ((ss * counts.positive + counts.true_negative) / counts.fov
                 if counts.fov else math.nan),
        "ss_confidence": float(confidence),
        "rnc": (counts.outside_search / counts.ref_skeleton if counts.ref_skeleton
                else math.nan),
    }
    reasons = {
        "ss": _ss_reason(counts), "rse": _ss_reason(counts), "racc": _ss_reason(counts),
        "ss_cs": "no segment is valid" if not math.isnan(ss) else _ss_reason(counts),
        "rsp": ("FOV is empty" if counts.fov == 0
                else "every FOV pixel is in the search range or the reference"),
        "ss_confidence": "reference skeleton is empty",
        "rnc": "reference skeleton is empty",
    }
    reasons["ss_ts"] = reasons["ss_cs"]
    undefined = {key: reasons[key] for key, value in metrics.items() if math.isnan(value)}
    return SkeletalScores(metrics=MappingProxyType(metrics),
                          undefined=MappingProxyType(undefined), score=readonly(score))
