"""Staged evaluation: caching, stopping, layers agreeing with metrics, explanations.

Which stages a parameter change must recompute is derived from what the stages actually
read (recorded in `tests.engine.stage_recorder`), not from their declarations.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.cases import small_case
from tests.engine.stage_recorder import record
from vesselview import EvaluationStopped, Evaluator, Params, evaluate
from vesselview.engine.families import METRIC_KEYS, all_stages
from vesselview.engine.families.pixel import confusion

CASE = small_case()
SOFT_CASE = small_case(soft=True)
#: The stages every evaluation resolves (layers are built on first access).
VALUE_STAGES = [stage for stage in all_stages() if not stage.name.startswith("layer:")]

PARAM_VALUES = {
    "t": [0, 1, 3],
    "cal_alpha": [0, 1, 3],
    "cal_beta": [1, 3],
    "ss_alpha": [0.0, 0.5, 1.0],
    "ss_R": [1, 3],
    "ss_min_length": [2, 6],
    "ss_max_length": [10, 20],
    "tversky_alpha": [0.3, 1.0],
    "tversky_beta": [0.7, 1.0],
    "fom_k": [0.5],
    "fom_length": [3.0],
    "baddeley_p": [1.0, 3.0],
    "baddeley_c": [2.0],
    "contour_gamma": [1, 2],
    "norm_length": [2.5],
    "distance": ["cityblock", "chessboard"],
    "distance_fov": [True],
    "distance_to": ["squares"],
    "cal_fov": [True],
    "threshold": [0.3, 0.7],
    "junction_r": [1.0, 6.0],
    "segment_tol": [0.5, 4.0],
    "segment_share": [0.2, 0.9],
    "component_overlap": [0.1, 0.9],
}


def same_metrics(a: dict, b: dict) -> bool:
    """Equal values, nan equal to nan."""
    return all(
        (math.isnan(a[k]) and math.isnan(b[k])) or a[k] == b[k] for k in METRIC_KEYS
    )


def test_every_metric_key_and_reason() -> None:
    result = evaluate(CASE, Params())
    assert list(result.metrics) == list(METRIC_KEYS)
    for key, value in result.metrics.items():
        assert (key in result.undefined) == math.isnan(value), key
    assert result.version and result.params == Params(threshold=CASE.threshold)


def _evaluate_with_layers(evaluator: Evaluator, params: Params) -> None:
    result = evaluator.evaluate(params)
    for name in result.layers:
        result.layers[name]


@pytest.mark.parametrize("key", sorted(PARAM_VALUES))
def test_a_change_recomputes_exactly_the_stages_that_read_it(key: str) -> None:
    """Expected: the stages that read ``key``, or fetch a stage that does (recorded)."""
    case = SOFT_CASE if key == "threshold" else CASE
    before_params = Params()
    after_params = Params().replace(**{key: PARAM_VALUES[key][0]})
    evaluator = Evaluator(case)
    _evaluate_with_layers(evaluator, before_params)
    before = evaluator.stage_runs
    _evaluate_with_layers(evaluator, after_params)
    rerun = {s for s, n in evaluator.stage_runs.items() if n > before.get(s, 0)}
    reads = [record(case, before_params), record(case, after_params)]
    expected = {name for name in before if any(key in r.reads_through(name) for r in reads)}
    assert rerun == expected, f"{key}: ran {sorted(rerun)}, expected {sorted(expected)}"


def test_t_change_runs_only_f1_t() -> None:
    evaluator = Evaluator(CASE)
    evaluator.evaluate(Params())
    before = evaluator.stage_runs
    evaluator.evaluate(Params(t=5))
    rerun = {s for s, n in evaluator.stage_runs.items() if n != before.get(s, 0)}
    # The Williams index of F1_t depends on t too (undefined at once for one observer).
    assert rerun == {"tolerance_match", "tolerance", "williams_f1_t", "williams_f1_t_observers",
                     "av_class_tolerance"}


def test_threshold_is_ignored_for_a_hard_candidate() -> None:
    evaluator = Evaluator(CASE)
    evaluator.evaluate(Params())
    before = evaluator.stage_runs
    evaluator.evaluate(Params(threshold=0.9))
    assert evaluator.stage_runs == before


def test_returning_to_earlier_parameters_uses_the_cache() -> None:
    evaluator = Evaluator(CASE)
    evaluator.evaluate(Params(t=1))
    evaluator.evaluate(Params(t=2))
    before = evaluator.stage_runs
    evaluator.evaluate(Params(t=1))
    assert evaluator.stage_runs == before


param_changes = st.lists(
    st.sampled_from([(k, v) for k, values in PARAM_VALUES.items() for v in values]),
    min_size=1, max_size=6,
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes=param_changes,
       stop_at=st.integers(min_value=0, max_value=len(VALUE_STAGES) - 1))
def test_cached_equals_one_shot_even_after_a_stop(changes, stop_at: int) -> None:
    evaluator = Evaluator(SOFT_CASE)
    params = Params()
    polls = iter(range(10_000))
    with pytest.raises(EvaluationStopped):  # polled once per stage: stops before stage stop_at
        evaluator.evaluate(params.replace(t=7), should_stop=lambda: next(polls) >= stop_at)
    for key, value in changes:
        params = params.replace(**{key: value})
        cached = evaluator.evaluate(params)
    fresh = evaluate(SOFT_CASE, params)
    assert same_metrics(cached.metrics, fresh.metrics)
    for name in fresh.layers:
        np.testing.assert_array_equal(cached.layers[name].data, fresh.layers[name].data, name)


def test_stop_raises_and_progress_reaches_one() -> None:
    evaluator = Evaluator(CASE)
    with pytest.raises(EvaluationStopped):
        evaluator.evaluate(Params(), should_stop=lambda: True)
    assert evaluator.stage_runs == {}
    seen: list[float] = []
    evaluator.evaluate(Params(), progress=lambda fraction, stage: seen.append(fraction))
    assert seen == sorted(seen) and seen[-1] == 1.0


def test_confusion_layer_counts_equal_the_confusion_counts() -> None:
    result = evaluate(CASE, Params())
    counts = confusion(CASE.candidate, CASE.reference, CASE.fov)
    layer = result.layers["confusion"]
    assert (layer.count(1), layer.count(2), layer.count(3)) == (counts.tp, counts.fp, counts.fn)
    assert result.layers["fov"].count(1) == np.count_nonzero(~CASE.fov)


def test_asking_whether_a_layer_exists_does_not_build_it() -> None:
    evaluator = Evaluator(CASE)
    result = evaluator.evaluate(Params())
    before = evaluator.stage_runs
    assert "confusion" in result.layers and "no such layer" not in result.layers
    assert evaluator.stage_runs == before
    assert result.layers["confusion"].count(1) >= 0  # built on reading it
    assert evaluator.stage_runs["layer:confusion"] == before.get("layer:confusion", 0) + 1


def test_tolerant_layer_agrees_with_f1_t() -> None:
    result = evaluate(CASE, Params(t=2))
    layer = result.layers["tolerant"]
    matched_candidate = layer.count(1) + layer.count(2)
    n_s = matched_candidate + layer.count(4)
    assert result.metrics["f1_t_precision"] >= 0
    assert math.isclose(result.metrics["f1_t_precision"],
                        min(matched_candidate, layer.count(1) + layer.count(3)) / n_s)


def test_band_layers_are_the_dilations_outside_the_reference() -> None:
    result = evaluate(CASE, Params(t=1, cal_alpha=2, cal_beta=3))
    ref = CASE.reference
    for name in ("band_alpha", "band_beta"):  # CAL: whole image by default
        band = result.layers[name].data == 1
        assert band.any() and not (band & ref).any()
    # F1_t works inside the FOV: the chessboard band of t = 1 is the 8-neighbours of G & F
    from scipy import ndimage

    ref_in_fov = ref & CASE.fov
    ring = ndimage.binary_dilation(ref_in_fov, np.ones((3, 3), bool)) & ~ref_in_fov
    np.testing.assert_array_equal(result.layers["band_t"].data == 1, ring)


def test_search_range_layer_equals_the_ss_search_mask() -> None:
    result = evaluate(CASE, Params())
    np.testing.assert_array_equal(result.layers["search_range"].data == 1,
                                  result.skeletal.search_mask)


def test_explain_on_hand_made_pixels() -> None:
    result = evaluate(CASE, Params(t=2, distance="euclidean"))
    rows, cols = np.nonzero(CASE.reference & CASE.candidate & CASE.fov)
    info = result.explain(int(rows[0]), int(cols[0]))
    assert info["reference"] and info["candidate"] and info["inside_fov"]
    assert info["distance_to_reference"] == 0.0 and info["distance_to_candidate"] == 0.0
    assert info["layers"]["confusion"] == "TP: both"
    # (0, 0) is outside the circular FOV and far from both masks
    corner = result.explain(0, 0)
    assert not corner["inside_fov"] and corner["layers"]["fov"] == "outside FOV"
    assert corner["distance_to_reference"] > 5 and corner["bands"] == []
    with pytest.raises(IndexError):
        result.explain(64, 0)


def test_explain_reports_bands_and_distance() -> None:
    result = evaluate(CASE, Params(t=2, cal_alpha=2, cal_beta=2))
    dist = result.layers["band_t"].data == 1
    rows, cols = np.nonzero(dist & ~CASE.candidate & CASE.fov)
    info = result.explain(int(rows[0]), int(cols[0]))
    assert "t" in info["bands"] and not info["reference"]
    assert 0 < info["distance_to_reference"] <= 2 * math.sqrt(2)


def test_a_t_change_rebuilds_only_the_layers_that_depend_on_t() -> None:
    evaluator = Evaluator(CASE)
    first = evaluator.evaluate(Params(t=2))
    for name in first.layers:
        first.layers[name]
    before = evaluator.stage_runs
    second = evaluator.evaluate(Params(t=4))
    for name in second.layers:
        second.layers[name]
    rebuilt = {s for s, n in evaluator.stage_runs.items() if n != before.get(s, 0)}
    assert rebuilt == {"tolerance_match", "tolerance", "williams_f1_t",
                       "williams_f1_t_observers", "av_class_tolerance", "layer:tolerant",
                       "layer:band_t"}
    assert second.layers["confusion"] is first.layers["confusion"]
    assert first.layers["tolerant"].title.endswith("(t = 2 px)")  # earlier results keep theirs
    assert second.layers["tolerant"].title.endswith("(t = 4 px)")


def test_describe_shows_values_counts_and_reasons() -> None:
    result = evaluate(CASE, Params())
    assert result.describe("dice") == f"{result.metrics['dice']:.4f}"
    assert result.describe("betti0_error") == str(int(result.metrics["betti0_error"]))
    empty = evaluate(type(CASE)(reference=CASE.reference, candidate=np.zeros_like(CASE.reference),
                                fov=CASE.fov), Params())
    assert empty.describe("precision") == "undefined (candidate is empty inside the FOV)"
    assert empty.describe("hausdorff") == "inf"


def test_a_threshold_change_transforms_and_counts_the_candidate_once(monkeypatch) -> None:
    # The distance and contour families share one Euclidean transform of S (the contour
    # distances read d(p, P(S)) from it); CAL, topology and component detection share one
    # labelling of S's components.
    from vesselview.engine import distance_map as maps_module
    from vesselview.engine.families import cal, contour, shared, topology

    calls: dict[str, int] = {"transform": 0, "components": 0}

    def counted(name, function):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return function(*args, **kwargs)
        return wrapper

    evaluator = Evaluator(SOFT_CASE)
    evaluator.evaluate(Params(threshold=0.5))
    for name in ("distance_to", "squared_euclidean_distance_to"):
        monkeypatch.setattr(maps_module, name, counted("transform", getattr(maps_module, name)))
    monkeypatch.setattr(contour, "distance_to", counted("transform", contour.distance_to))
    for module in (cal, topology):
        monkeypatch.setattr(module, "count_components",
                            counted("components", module.count_components))
    monkeypatch.setattr(shared, "component_labels",
                        counted("components", shared.component_labels))
    changed = evaluator.evaluate(Params(threshold=0.6))
    assert calls == {"transform": 1, "components": 1}
    assert same_metrics(changed.metrics, evaluate(SOFT_CASE, Params(threshold=0.6)).metrics)
