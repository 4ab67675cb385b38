"""ROC, precision-recall and F1_t-against-threshold curves of a probability map.

Pixel level, inside the FOV, exact: every distinct probability in the FOV is an
operating point (no binning). A threshold ``θ`` means the candidate ``soft > θ``,
exactly `Case.candidate_at` (compared in float32, like it). Each curve sorts the
probabilities once and reads every operating point off cumulative counts
(``searchsorted``): on a 3504x3390 float map with 4.9 million distinct values, ROC and
PR take 0.7 s and the F1_t curve 1.1 s (``benchmarks/bench_research.py``).

* ROC: x = false-positive rate FP / (FP + TN), y = true-positive rate TP / (TP + FN);
  AUC by the trapezoid rule over all operating points, from (0, 0) to (1, 1).
* Precision-recall: x = recall, y = precision; its ``auc`` is the *average precision*
  AP = sum_k (R_k - R_{k-1}) P_k (the area under the step-interpolated curve, no
  trapezoids, which would be optimistic between operating points). The first point
  (nothing detected, recall 0) has precision 1 by convention; it adds nothing to AP.
* F1_t against threshold (``docs/metrics.md`` §3): the candidate within chessboard
  distance t of the reference at threshold θ is ``(soft > θ) & dil(G, square t)``, and
  the reference within t of the candidate is ``G & (max of soft over the t-window > θ)``
  (dilating ``soft > θ`` equals thresholding the window maximum), so all three counts
  of F1_t are again cumulative counts of sorted values.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

import cv2
import numpy as np
import scipy  # scipy.integrate: loaded at first use

from vesselview.engine.case import Case
from vesselview.engine.length_scope import resolved_lengths
from vesselview.engine.lengths import in_pixels
from vesselview.engine.morphology import dilate_square
from vesselview.engine.params import Params
from vesselview.errors import InputError, ParamsError


@dataclasses.dataclass(frozen=True, eq=False)
class Curve:
    """One ROC or precision-recall curve.

    Attributes
    ----------
    x, y : ndarray of float64, shape (K,)
        ROC: false-positive rate, true-positive rate. PR: recall, precision.
        ``nan`` where the denominator is 0 (no reference or no background pixel).
    thresholds : ndarray of float64, shape (K,)
        Operating point k is the candidate ``soft > thresholds[k]``: decreasing, from
        the largest probability (nothing detected) to ``-inf`` (the whole FOV).
    auc : float
        ROC: trapezoidal area. PR: average precision. ``nan`` when undefined.
    """

    x: np.ndarray
    y: np.ndarray
    thresholds: np.ndarray
    auc: float

    def thinned(self, max_points: int) -> Curve:
        """At most ``max_points`` points spread evenly along the curve, same ``auc``.

        For plotting and export: a float probability map can have millions of operating
        points. The first and last points are kept; ``auc`` stays the exact area.
        """
        keep = along_curve(self.x, self.y, max_points)
        return Curve(self.x[keep], self.y[keep], self.thresholds[keep], self.auc)


@dataclasses.dataclass(frozen=True, eq=False)
class OperatingPoints:
    """Pixel counts of a probability map at every distinct threshold, inside the FOV.

    Attributes
    ----------
    thresholds : ndarray of float64, shape (K,)
        Decreasing; point k is the candidate ``soft > thresholds[k]``.
    true_positives, false_positives : ndarray of int64, shape (K,)
        Candidate pixels on / off the reference at each threshold.
    positives, negatives : int
        Reference and background pixels inside the FOV.
    """

    thresholds: np.ndarray
    true_positives: np.ndarray
    false_positives: np.ndarray
    positives: int
    negatives: int

    def roc(self) -> Curve:
        """The ROC curve and its trapezoidal AUC (``nan`` without positives or negatives)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            tpr = self.true_positives / np.float64(self.positives)
            fpr = self.false_positives / np.float64(self.negatives)
        defined = self.positives > 0 and self.negatives > 0
        auc = float(scipy.integrate.trapezoid(tpr, fpr)) if defined else float("nan")
        return Curve(fpr, tpr, self.thresholds, auc)

    def pr(self) -> Curve:
        """The precision-recall curve and its average precision (``nan`` without positives)."""
        detected = self.true_positives + self.false_positives
        with np.errstate(invalid="ignore", divide="ignore"):
            recall = self.true_positives / np.float64(self.positives)
            precision = np.where(detected > 0, self.true_positives / detected, 1.0)
        average_precision = float(np.sum(np.diff(recall) * precision[1:]))
        return Curve(recall, precision, self.thresholds, average_precision)


@dataclasses.dataclass(frozen=True, eq=False)
class F1Curve:
    """Tolerance F1 of a probability map against the threshold.

    Attributes
    ----------
    thresholds : ndarray of float64, shape (K,)
        Point k is the candidate ``soft > thresholds[k]``; increasing when every
        operating point was asked for, else as given.
    f1_t, precision, recall : ndarray of float64, shape (K,)
        As `vesselview.engine.families.tolerance` defines them (``nan`` where undefined).
    t : float
        The tolerance radius used (pixels, chessboard; an int when given as one).
    """

    thresholds: np.ndarray
    f1_t: np.ndarray
    precision: np.ndarray
    recall: np.ndarray
    t: float

    def best(self) -> tuple[float, float]:
        """``(threshold, F1_t)`` of the highest F1_t (the first such point on ties)."""
        index = int(np.nanargmax(self.f1_t))
        return float(self.thresholds[index]), float(self.f1_t[index])

    def thinned(self, max_points: int) -> F1Curve:
        """At most ``max_points`` points spread evenly along the (threshold, F1_t) curve.

        The first and last points are kept; `best` may differ slightly from the full curve's.
        """
        # probabilities lie in [0, 1]: the -inf threshold is drawn at 0
        keep = along_curve(np.clip(self.thresholds, 0.0, 1.0), self.f1_t, max_points)
        return F1Curve(self.thresholds[keep], self.f1_t[keep], self.precision[keep],
                       self.recall[keep], self.t)


def operating_points(case: Case) -> OperatingPoints:
    """Counts of ``case``'s probability map at every distinct threshold (sort once).

    Counted inside the FOV; ignored pixels (`Case.ignore`) count as outside it.

    Raises
    ------
    InputError
        When the candidate is a binary mask, not a probability map.
    """
    case = case.without_ignored()  # docs/metrics.md section 0
    soft = _soft(case)
    positives = np.sort(soft[case.fov & case.reference])
    negatives = np.sort(soft[case.fov & ~case.reference])
    # timsort ("stable") merges the two sorted runs in linear time
    merged = np.sort(np.concatenate([positives, negatives]), kind="stable")
    cuts = np.concatenate([_distinct(merged)[::-1], np.array([-np.inf], np.float32)])
    return OperatingPoints(
        thresholds=cuts.astype(np.float64),
        true_positives=_count_above(positives, cuts),
        false_positives=_count_above(negatives, cuts),
        positives=int(positives.size),
        negatives=int(negatives.size),
    )


def roc_curve(case: Case) -> Curve:
    """ROC curve of ``case``'s probability map with its AUC (see `OperatingPoints.roc`)."""
    return operating_points(case).roc()


def pr_curve(case: Case) -> Curve:
    """Precision-recall curve with average precision (see `OperatingPoints.pr`)."""
    return operating_points(case).pr()


def f1_t_curve(case: Case, thresholds: Sequence[float] | None = None,
               params: Params | None = None) -> F1Curve:
    """F1_t of ``case``'s probability map at each threshold, exactly.

    Parameters
    ----------
    case : Case
        With ``candidate_soft``. Ignored pixels are removed from both masks and the FOV,
        as for the tolerance family.
    thresholds : sequence of float, optional
        Thresholds to evaluate (candidate ``soft > θ``); default every distinct
        probability in the FOV plus ``-inf``, i.e. every operating point, increasing.
    params : Params, optional
        Only ``t`` is used (default ``Params().t``), in pixels for ``case``.

    Raises
    ------
    InputError
        When the candidate is a binary mask.
    ParamsError
        When ``thresholds`` is not a 1-D sequence of finite numbers.
    """
    case = case.without_ignored()  # docs/metrics.md section 0
    soft = _soft(case)
    t = in_pixels(resolved_lengths(params or Params(), case).t)
    reference = case.reference & case.fov
    candidate_values = np.sort(soft[case.fov])
    cuts = _cuts(thresholds, candidate_values)
    near_reference = np.sort(soft[dilate_square(reference, t) & case.fov])
    window_best = np.sort(_window_max(np.where(case.fov, soft, np.float32(-np.inf)), t)[reference])
    n_s = _count_above(candidate_values, cuts)
    n_g = int(np.count_nonzero(reference))
    matched = np.minimum(_count_above(near_reference, cuts), _count_above(window_best, cuts))
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = matched / n_s.astype(np.float64)
        recall = matched / np.float64(n_g)
        f1 = np.where(n_s + n_g == 0, 1.0, 2.0 * matched / (n_s + n_g))
    given = cuts if thresholds is None else np.asarray(thresholds, np.float64)
    return F1Curve(given.astype(np.float64), f1, precision, recall, t)


def along_curve(x: np.ndarray, y: np.ndarray, max_points: int) -> np.ndarray:
    """Indices of at most ``max_points`` points spread evenly by arc length along (x, y).

    Parameters
    ----------
    x, y : ndarray of float, shape (K,)
        The polyline; where it is undefined (``nan``) the points are spread evenly by index.
    max_points : int
        At least 2; the first and last points are always kept.

    Returns
    -------
    ndarray of int64, increasing
    """
    if max_points < 2:
        raise ParamsError(f"max_points must be at least 2, got {max_points}")
    if x.size <= max_points:
        return np.arange(x.size)
    length = np.concatenate([[0.0], np.cumsum(np.hypot(np.diff(x), np.diff(y)))])
    if not np.isfinite(length[-1]) or length[-1] == 0:
        length = np.arange(x.size, dtype=np.float64)
    marks = np.linspace(0.0, length[-1], max_points)
    nearest = np.rint(np.interp(marks, length, np.arange(x.size))).astype(np.int64)
    nearest[-1] = x.size - 1
    return np.unique(nearest)


def _soft(case: Case) -> np.ndarray:
    """The probability map, or an InputError naming the candidate."""
    if case.candidate_soft is None:
        source = case.sources.get("candidate")
        raise InputError(f"candidate {source or '<array>'} is a binary mask; ROC, PR and "
                         "F1_t-against-threshold curves need a probability map", source=source)
    return case.candidate_soft


def _cuts(thresholds: Sequence[float] | None, sorted_values: np.ndarray) -> np.ndarray:
    """float32 thresholds: the given ones (checked), else every operating point, increasing."""
    if thresholds is None:
        return np.concatenate([np.array([-np.inf], np.float32), _distinct(sorted_values)])
    given = np.asarray(thresholds, dtype=np.float64)
    if given.ndim != 1 or not np.isfinite(given).all():
        raise ParamsError(
            f"thresholds must be a 1-D sequence of finite numbers, got {thresholds!r}")
    return given.astype(np.float32)


def _distinct(sorted_values: np.ndarray) -> np.ndarray:
    """The distinct values of an ascending array (linear time, no second sort)."""
    if sorted_values.size == 0:
        return sorted_values
    keep = np.empty(sorted_values.size, bool)
    keep[0] = True
    np.not_equal(sorted_values[1:], sorted_values[:-1], out=keep[1:])
    return sorted_values[keep]


def _count_above(sorted_values: np.ndarray, cuts: np.ndarray) -> np.ndarray:
    """For each cut, how many of the ascending ``sorted_values`` are strictly greater."""
    return sorted_values.size - np.searchsorted(sorted_values, cuts, side="right").astype(np.int64)


def _window_max(values: np.ndarray, t: float) -> np.ndarray:
    """Maximum over the (2n+1)^2 window, n = floor(t) (outside the image counts as ``-inf``)."""
    reach = math.floor(t)
    if reach <= 0:
        return values
    size = 2 * reach + 1
    return cv2.dilate(values, np.ones((size, size), np.uint8),
                      borderType=cv2.BORDER_CONSTANT, borderValue=-np.inf)
