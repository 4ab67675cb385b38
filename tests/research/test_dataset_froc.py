"""The pooled FROC of a dataset (`vesselview.research.dataset_froc`) against the
detection family's own counts per case, pooled by hand."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import ndimage

from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.errors import EvaluationStopped, InputError
from vesselview.research.dataset_froc import POOLED_THRESHOLDS, pooled_froc
from vesselview.synth import demo_case

THRESHOLDS = (0.8, 0.5, 0.2)
EIGHT = np.ones((3, 3), bool)


def pipeline_counts(case, threshold: float) -> np.ndarray:
    """(detected, reference, false) of segments and components from an evaluation."""
    result = evaluate(case, Params(threshold=threshold))
    reference_rows = result.products["detection"].segments.reference
    components = ndimage.label(case.reference, EIGHT)[1]
    metrics = result.metrics
    return np.array([
        [reference_rows["near"].sum(), len(reference_rows), metrics["false_segments"]],
        [round(metrics["component_recall"] * components), components,
         metrics["false_components"]]], float)


@pytest.fixture(scope="module")
def cases():
    return [demo_case(shape=(96, 94), seed=seed, soft=True) for seed in (0, 1)]


def test_one_case_equals_the_detection_family(cases) -> None:
    segments, components = pooled_froc(cases[:1], thresholds=THRESHOLDS)
    for index, threshold in enumerate(THRESHOLDS):
        metrics = evaluate(cases[0], Params(threshold=threshold)).metrics
        assert segments.sensitivity[index] == metrics["segment_recall"]
        assert segments.false_positives[index] == metrics["false_segments"]
        assert components.sensitivity[index] == metrics["component_recall"]
        assert components.false_positives[index] == metrics["false_components"]
    assert segments.thresholds.tolist() == list(THRESHOLDS)


def test_two_cases_pool_objects_and_average_false_positives(cases) -> None:
    segments, components = pooled_froc(cases, thresholds=THRESHOLDS)
    for index, threshold in enumerate(THRESHOLDS):
        total = sum(pipeline_counts(case, threshold) for case in cases)
        for k, curve in enumerate((segments, components)):
            assert curve.sensitivity[index] == pytest.approx(total[k, 0] / total[k, 1])
            assert curve.false_positives[index] == pytest.approx(total[k, 2] / 2)


def test_shared_thresholds_descend_over_the_unit_interval() -> None:
    assert POOLED_THRESHOLDS[0] == 0.99 and POOLED_THRESHOLDS[-1] == 0.01
    assert np.all(np.diff(POOLED_THRESHOLDS) < 0) and len(POOLED_THRESHOLDS) == 50


def test_refusals_and_stopping(cases) -> None:
    binary = demo_case(shape=(96, 94), seed=0)
    with pytest.raises(InputError, match="binary mask; a FROC needs probability maps"):
        pooled_froc([cases[0], binary])
    with pytest.raises(InputError, match="at least one case"):
        pooled_froc([])
    with pytest.raises(EvaluationStopped):
        pooled_froc(cases, should_stop=lambda: True)
