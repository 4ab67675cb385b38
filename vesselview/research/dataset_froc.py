"""The FROC of a dataset: one method's probability maps over every case, pooled.

The competition-style pooling (``docs/metrics.md`` §10): at each threshold ``θ`` of
`POOLED_THRESHOLDS` (the same for every case, so a point is one operating point of the
method), the sensitivity is the detected reference objects of all cases over all
reference objects, and the false positives per image are all false candidate objects
over the number of cases. Objects, rules and parameters are those of
`vesselview.research.froc` (segments with ``segment_tol`` / ``segment_share``,
components with ``component_overlap``; whole image, ignored pixels removed), and the
summary is the same `FrocCurve.score` (a convention, not a standard). The descent stops
after the first threshold at which both pooled curves exceed `MAX_FALSE_POSITIVES`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vesselview.engine.case import Case
from vesselview.engine.component_detection import found, found_shares
from vesselview.engine.detection import segment_detection
from vesselview.engine.graph_cleanup import cleaned_graph
from vesselview.engine.length_scope import resolved_lengths
from vesselview.engine.lengths import in_pixels
from vesselview.engine.params import Params
from vesselview.engine.pipeline import ProgressCallback, StopCallback
from vesselview.engine.thinning import thin
from vesselview.engine.vessel_graph import VesselGraph
from vesselview.errors import EvaluationStopped, InputError
from vesselview.research.froc import FROC_OBJECTS, MAX_FALSE_POSITIVES, FrocCurve

#: The shared thresholds, decreasing: 0.99, 0.97, ..., 0.01 (the candidate is ``soft > θ``).
POOLED_THRESHOLDS = tuple(np.round(np.arange(0.99, 0.0, -0.02), 2).tolist())


def object_counts(case: Case, reference_graph: VesselGraph, threshold: float,
                  params: Params) -> np.ndarray:
    """Detected, reference and false objects of ``case`` (ignored pixels already removed)
    at ``threshold``.

    Returns
    -------
    ndarray of int64, shape (2, 3)
        Rows segments, components; columns detected reference objects, reference
        objects, false candidate objects.
    """
    candidate = case.candidate_soft > np.float32(threshold)  # type: ignore[operator]
    segments = segment_detection(cleaned_graph(thin(candidate), params), reference_graph,
                                 in_pixels(params.segment_tol), params.segment_share)
    overlap = params.component_overlap
    reference_shares = found_shares(case.reference, candidate)
    candidate_shares = found_shares(candidate, case.reference)
    return np.array([
        [segments.reference["near"].sum(), len(segments.reference),
         (~segments.candidate["near"]).sum()],
        [found(reference_shares, overlap).sum(), reference_shares.size,
         (~found(candidate_shares, overlap)).sum()]], np.int64)


def pooled_froc(cases: Sequence[Case], params: Params | None = None,
                thresholds: Sequence[float] = POOLED_THRESHOLDS, *,
                should_stop: StopCallback | None = None,
                progress: ProgressCallback | None = None) -> tuple[FrocCurve, FrocCurve]:
    """The segment and component FROC curves of ``cases`` pooled (the module's rule).

    Parameters
    ----------
    cases : sequence of Case
        One method's cases, each with a probability-map candidate.
    params : Params, optional
        ``segment_tol``, ``segment_share``, ``component_overlap`` (default ``Params()``);
        lengths in µm or % FOV are converted per case.
    thresholds : sequence of float
        Decreasing thresholds in [0, 1].
    should_stop : callable () -> bool, optional
        Polled before every case at every threshold.
    progress : callable (fraction, message) -> None, optional
        Called after every threshold.

    Raises
    ------
    InputError
        When there is no case, or a case's candidate is binary (naming it).
    EvaluationStopped
        When ``should_stop`` returned True.
    """
    if not cases:
        raise InputError("a dataset FROC needs at least one case with a probability map")
    for case in cases:
        if case.candidate_soft is None:
            source = case.sources.get("candidate") or "<array>"
            raise InputError(f"{source}: the candidate is a binary mask; a FROC needs "
                             "probability maps (a grey image with many levels)", source=source)
    cleaned = [case.without_ignored() for case in cases]
    settings = [resolved_lengths(params or Params(), case) for case in cleaned]
    graphs = [cleaned_graph(thin(case.reference), setting)
              for case, setting in zip(cleaned, settings, strict=True)]
    totals: list[np.ndarray] = []
    for index, threshold in enumerate(thresholds):
        total = np.zeros((2, 3), np.int64)
        for case, graph, setting in zip(cleaned, graphs, settings, strict=True):
            if should_stop is not None and should_stop():
                raise EvaluationStopped("dataset FROC stopped")
            total += object_counts(case, graph, threshold, setting)
        totals.append(total)
        if progress is not None:
            progress((index + 1) / len(thresholds), f"FROC threshold {threshold:g}")
        if (total[:, 2] > MAX_FALSE_POSITIVES * len(cases)).all():
            break
    counts = np.array(totals, np.float64)  # (K, 2, 3)
    done = np.asarray(thresholds[:len(totals)], np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        sensitivity = counts[:, :, 0] / counts[:, :, 1]  # nan without reference objects
    false_positives = counts[:, :, 2] / len(cases)
    return tuple(  # type: ignore[return-value]
        FrocCurve(objects, done, sensitivity[:, k], false_positives[:, k])
        for k, objects in enumerate(FROC_OBJECTS))
