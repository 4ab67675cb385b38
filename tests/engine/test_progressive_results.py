"""Progressive results: partial Results after each family, cheapest first; metric subsets."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import vesselview as vv
from tests.engine.cases import small_case
from vesselview.engine.families import EVALUATION_ORDER, METRIC_KEYS
from vesselview.engine.families.base import layer_name

SOFT_CASE = small_case(soft=True)
#: The documented order (``Evaluator.evaluate``): cheap families first.
DOCUMENTED_ORDER = ["pixel", "fuzzy", "tolerance", "cal", "width", "distance", "contour",
                    "skeletal", "topology", "detection", "artery_vein",
                    "williams"]

PARAM_CHOICES = {
    "threshold": [0.3, 0.5, 0.7], "t": [0, 2, 4], "cal_alpha": [1, 3], "cal_beta": [1, 3],
    "ss_R": [1, 3], "ss_alpha": [0.0, 0.5], "contour_gamma": [0, 2],
    "distance": ["euclidean", "chessboard"], "distance_fov": [False, True],
}
param_sequences = st.lists(
    st.dictionaries(st.sampled_from(sorted(PARAM_CHOICES)),
                    st.sampled_from([0, 1, 2]), min_size=1, max_size=3),
    min_size=1, max_size=4)


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def test_the_evaluation_order_is_the_documented_one() -> None:
    assert [family.name for family in EVALUATION_ORDER] == DOCUMENTED_ORDER


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=param_sequences)
def test_every_partial_value_equals_the_complete_value(sequence) -> None:
    evaluator = vv.Evaluator(SOFT_CASE)
    params = vv.Params()
    for changes in sequence:
        params = params.replace(**{key: PARAM_CHOICES[key][index % len(PARAM_CHOICES[key])]
                                   for key, index in changes.items()})
        partials: list[vv.Result] = []
        complete = evaluator.evaluate(params, on_partial=partials.append)
        assert complete.complete and not complete.pending
        assert len(partials) == len(EVALUATION_ORDER) - 1
        for done, partial in enumerate(partials, start=1):
            finished = [key for family in EVALUATION_ORDER[:done] for key in family.keys]
            assert not partial.complete
            assert partial.pending == set(METRIC_KEYS) - set(finished)
            assert list(partial.metrics) == list(METRIC_KEYS)
            for key in finished:
                assert _same(partial.metrics[key], complete.metrics[key]), key
                assert partial.undefined.get(key) == complete.undefined.get(key), key
            assert all(math.isnan(partial.metrics[key]) for key in partial.pending)
            assert list(partial.layers) == [layer_name(s) for family in EVALUATION_ORDER[:done]
                                            for s in family.layers]
            for name in partial.layers:
                np.testing.assert_array_equal(partial.layers[name].data,
                                              complete.layers[name].data, name)


def test_the_first_partial_has_pixel_metrics_and_the_confusion_layer() -> None:
    partials: list[vv.Result] = []
    explained: list[dict] = []

    def on_partial(result: vv.Result) -> None:
        partials.append(result)
        explained.append(result.explain(30, 20))  # while the later families are pending

    vv.Evaluator(small_case()).evaluate(vv.Params(), on_partial=on_partial)
    first = partials[0]
    assert "dice" not in first.pending and "f1_t" in first.pending and "ss" in first.pending
    assert first.layers["confusion"].count(1) > 0
    assert first.describe("ss") == "pending" and first.skeletal is None
    assert "segments" not in first.layers
    assert explained[0]["distance_to_reference"] is None and explained[0]["segment"] is None
    assert explained[0]["layers"].keys() == {"fov", "ignore", "confusion"}
    assert explained[-1]["distance_to_reference"] is not None  # distances came before SS


@pytest.mark.parametrize(("metrics", "stages"), [
    (["dice"], {"candidate_mask", "confusion", "pixel"}),
    (["f1_t", "se"], {"candidate_mask", "confusion", "pixel", "tolerance_match", "tolerance"}),
    # CAL's A has its own score stage: no skeleton is thinned for it.
    (["cal_a"], {"candidate_mask", "cal_masks", "cal_area", "cal_a"}),
    (["cal"], {"candidate_mask", "reference_skeleton", "candidate_skeleton", "cal_masks",
               "cal_reference_skeleton", "cal_skeletons", "cal_reference_components",
               "reference_labels", "candidate_labels", "candidate_components", "cal_connectivity",
               "cal_area", "cal_a", "cal_length", "cal_l", "cal"}),
])
def test_a_metric_subset_runs_only_the_stages_it_needs(metrics, stages) -> None:
    evaluator = vv.Evaluator(small_case())
    result = evaluator.evaluate(vv.Params(), metrics=metrics)
    assert set(evaluator.stage_runs) == stages
    assert list(result.metrics) == [key for key in METRIC_KEYS if key in metrics]
    full = vv.evaluate(small_case(), vv.Params())
    assert all(_same(result.metrics[key], full.metrics[key]) for key in metrics)
    assert result.complete and (result.skeletal is None)


def test_a_subset_through_the_public_function() -> None:
    result = vv.evaluate(small_case(), vv.Params(), metrics=("ss", "dice"))
    assert list(result.metrics) == ["dice", "ss"] and result.skeletal is not None


def test_an_unknown_metric_is_refused_with_the_known_ones() -> None:
    with pytest.raises(vv.ParamsError, match="unknown metric nope; known: se, sp"):
        vv.evaluate(small_case(), metrics=["nope"])


def test_a_stop_after_the_first_partial_stops_the_evaluation() -> None:
    partials: list[vv.Result] = []
    evaluator = vv.Evaluator(small_case())
    with pytest.raises(vv.EvaluationStopped):
        evaluator.evaluate(vv.Params(), on_partial=partials.append,
                           should_stop=lambda: bool(partials))
    assert len(partials) == 1
    assert evaluator.evaluate(vv.Params()).complete
