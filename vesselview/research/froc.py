"""FROC curves of a probability map: object sensitivity against false positives per image.

Objects are those of the detection family (``docs/metrics.md`` §10): vessel *segments*
(sensitivity = ``segment_recall``, false positives = ``false_segments``, with
``segment_tol`` and ``segment_share``) and 8-connected *components* (sensitivity =
``component_recall``, false positives = ``false_components``, with
``component_overlap``). The candidate at threshold ``θ`` is ``soft > θ`` over the whole
image (`Case.candidate_at`, as the detection family sees it), with the ignored pixels
removed.

Thresholds are those of the ROC curve (`vesselview.research.curves.operating_points`),
thinned to at most ``max_points`` spread evenly along it (`Curve.thinned`): every
threshold needs a thinning and a vessel graph, so the FROC cannot visit each of the
millions of operating points of a float map the way ROC does. The first threshold
(the largest probability) detects nothing. Where the false positives of either curve
step over a summary rate between two thresholds, the operating points between them are
bisected (at most `REFINEMENTS` added thresholds): the ROC's spacing puts few
thresholds where a noisy map has its first false positives. The descent stops after
the first threshold at which both curves have more than `MAX_FALSE_POSITIVES` false
positives per image (far past the summary's rates; lower thresholds of a noisy map only
cost thinnings of ever larger masks, seconds each at 3504x3390).

Summary (a competition-style convention, not a standard): the mean of the
sensitivities at `FP_RATES` = 1/8, 1/4, 1/2, 1, 2, 4, 8 false positives per image. The
sensitivity at a rate ``r`` is the largest sensitivity reached, lowering the threshold
from the top, before the false positives first exceed ``r`` (a step, no linear
interpolation, which would claim operating points no threshold gives). With segments
and components neither axis is monotone in the threshold: at a low threshold false
pieces merge into a few large ones that cover the reference, and such a point must not
count as a low false-positive rate.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable

import numpy as np

from vesselview.engine.case import Case
from vesselview.engine.component_detection import component_scores, found_shares
from vesselview.engine.detection import segment_detection, segment_scores
from vesselview.engine.graph_cleanup import cleaned_graph
from vesselview.engine.length_scope import resolved_lengths
from vesselview.engine.lengths import in_pixels
from vesselview.engine.params import Params
from vesselview.engine.pipeline import StopCallback
from vesselview.engine.scores import Scores
from vesselview.engine.thinning import thin
from vesselview.errors import EvaluationStopped
from vesselview.research.curves import along_curve, operating_points

#: False positives per image at which the summary reads the sensitivity.
FP_RATES = (0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
#: Default number of thresholds of a FROC curve (each one thins the candidate).
FROC_POINTS = 100
#: The descent stops once both curves have more false positives per image than this.
MAX_FALSE_POSITIVES = 100
#: At most this many thresholds are added where the false positives cross a summary rate.
REFINEMENTS = 30
#: The FROC object kinds, in output order.
FROC_OBJECTS = ("segments", "components")
#: How the summary is described wherever it is shown (it is no standard).
FROC_SCORE_NOTE = ("FROC score: mean sensitivity at 1/8, 1/4, 1/2, 1, 2, 4 and 8 false "
                   "positives per image, a competition-style convention, not a standard")


@dataclasses.dataclass(frozen=True, eq=False)
class FrocCurve:
    """Object sensitivity against false positives per image over thresholds.

    Attributes
    ----------
    objects : {"segments", "components"}
    thresholds : ndarray of float64, shape (K,)
        Decreasing; point k is the candidate ``soft > thresholds[k]``.
    sensitivity : ndarray of float64, shape (K,)
        Detected reference objects / reference objects (``nan`` without any).
    false_positives : ndarray of float64, shape (K,)
        False candidate objects per image.
    """

    objects: str
    thresholds: np.ndarray
    sensitivity: np.ndarray
    false_positives: np.ndarray

    def sensitivity_at(self, rates: tuple[float, ...] = FP_RATES) -> np.ndarray:
        """Largest sensitivity reached before the false positives first exceed each rate.

        Returns
        -------
        ndarray of float64, shape (len(rates),)
            ``nan`` when the sensitivity is undefined (no reference object) or the first
            point already has more false positives than the rate.
        """
        out = np.full(len(rates), np.nan)
        if np.isnan(self.sensitivity).all():
            return out
        for index, rate in enumerate(rates):
            above = np.flatnonzero(self.false_positives > rate)
            reached = self.sensitivity[:above[0] if above.size else None]
            if reached.size:
                out[index] = np.nanmax(reached)
        return out

    def score(self) -> float:
        """Mean of `sensitivity_at` over `FP_RATES` (``nan`` when any is undefined)."""
        return float(np.mean(self.sensitivity_at()))


def froc_curves(case: Case, params: Params | None = None, max_points: int = FROC_POINTS,
                should_stop: StopCallback | None = None) -> tuple[FrocCurve, FrocCurve]:
    """The segment and component FROC curves of ``case``'s probability map.

    Parameters
    ----------
    case : Case
        With ``candidate_soft``; ignored pixels are removed first.
    params : Params, optional
        ``segment_tol``, ``segment_share`` and ``component_overlap`` (default
        ``Params()``); lengths in µm or % FOV are converted for ``case``.
    max_points : int
        At most this many thresholds (at least 2), spread along the ROC curve.
    should_stop : callable () -> bool, optional
        Polled before every threshold.

    Raises
    ------
    InputError
        When the candidate is a binary mask.
    EvaluationStopped
        When ``should_stop`` returned True.
    """
    roc = operating_points(case).roc()
    every = roc.thresholds
    case = case.without_ignored()  # docs/metrics.md section 0
    params = resolved_lengths(params or Params(), case)
    reference_graph = cleaned_graph(thin(case.reference), params)

    def measure(index: int) -> _Point:
        if should_stop is not None and should_stop():
            raise EvaluationStopped("FROC curves stopped")
        candidate = case.candidate_soft > np.float32(every[index])  # type: ignore[operator]
        segments = segment_scores(segment_detection(
            cleaned_graph(thin(candidate), params), reference_graph, in_pixels(params.segment_tol),
            params.segment_share))
        components = component_scores(found_shares(case.reference, candidate),
                                      found_shares(candidate, case.reference),
                                      params.component_overlap)
        return (_pair(segments, "segment_recall", "false_segments"),
                _pair(components, "component_recall", "false_components"))

    points: dict[int, _Point] = {}
    for index in along_curve(roc.x, roc.y, max_points).tolist():
        points[index] = measure(index)
        if min(points[index][0][1], points[index][1][1]) > MAX_FALSE_POSITIVES:
            break
    _refine(points, measure)
    order = sorted(points)
    return tuple(  # type: ignore[return-value]
        FrocCurve(objects, every[order], np.array([points[i][k][0] for i in order]),
                  np.array([points[i][k][1] for i in order]))
        for k, objects in enumerate(FROC_OBJECTS))


#: (sensitivity, false positives per image) of segments and of components at a threshold.
_Point = tuple[tuple[float, float], tuple[float, float]]


def _refine(points: dict[int, _Point], measure: Callable[[int], _Point]) -> None:
    """Add thresholds where the false positives cross a summary rate between two points.

    Bisects (in operating-point index) every gap whose false positives of either curve
    step over a rate of `FP_RATES`, at most `REFINEMENTS` new thresholds in all: the
    ROC's spacing puts few thresholds where the summary reads a noisy map.
    """
    budget = REFINEMENTS
    while budget > 0:
        done = sorted(points)
        gaps = [(a, b) for a, b in itertools.pairwise(done)
                if b > a + 1 and _crosses(points[a], points[b])]
        if not gaps:
            return
        for a, b in gaps[:budget]:
            points[(a + b) // 2] = measure((a + b) // 2)
        budget -= len(gaps[:budget])


def _crosses(before: _Point, after: _Point) -> bool:
    """Whether either curve's false positives step over a summary rate between the points."""
    return any(low[1] <= rate < high[1] or high[1] <= rate < low[1]
               for low, high in zip(before, after, strict=True) for rate in FP_RATES)


def _pair(scores: Scores, sensitivity: str, false_positives: str) -> tuple[float, float]:
    """(sensitivity, false positives) of one threshold (an undefined value is ``nan``)."""
    return scores.values[sensitivity], scores.values[false_positives]
