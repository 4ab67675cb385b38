"""The metric-family registry: declarations equal what stages read; every key documented.

Stage declarations (parameters read, stages fetched) are compared with what each stage
function actually did when run outside the pipeline (`tests.engine.stage_recorder`),
over parameter sets that take every branch (FOV restrictions, soft candidates).
"""

from __future__ import annotations

import ast
import dataclasses
import math
from collections import defaultdict
from pathlib import Path

import pytest

import vesselview as vv
from tests.engine.cases import small_case
from tests.engine.stage_recorder import Recording, record
from vesselview.engine.families import (
    EVALUATION_ORDER,
    FAMILIES,
    LAYERS,
    METRIC_KEYS,
    METRICS,
    all_stages,
    family_of,
)
from vesselview.engine.families.base import UndeclaredDependency, stage
from vesselview.engine.families.family import Family
from vesselview.engine.keys import COUNTS, DISSIMILARITIES, METRIC_FAMILIES
from vesselview.engine.params import Params
from vesselview.engine.pipeline.cache import StageCache
from vesselview.engine.pipeline.run import Run

DOCS = (Path(__file__).parents[2] / "docs" / "metrics.md").read_text(encoding="utf-8")
VARIANTS = [Params(), Params(cal_fov=True, distance_fov=True, distance="cityblock")]


@pytest.fixture(scope="module")
def recordings() -> list[Recording]:
    # With a second observer too: the Williams index fetches its metric's stage then.
    two_observers = dataclasses.replace(small_case(), references={
        "observer2": small_case(soft=True).candidate})
    return [record(case, params) for case in (small_case(), small_case(soft=True))
            for params in VARIANTS] + [record(two_observers, Params())]


def _union(recordings: list[Recording], field: str) -> dict[str, set[str]]:
    merged: dict[str, set[str]] = defaultdict(set)
    for recording in recordings:
        for name, names in getattr(recording, field).items():
            merged[name] |= names
    return merged


def test_every_stage_declares_exactly_the_parameters_it_reads(recordings) -> None:
    read = _union(recordings, "params")
    for item in all_stages():
        assert set(item.params) == read[item.name], item.name


def test_every_stage_declares_exactly_the_stages_it_fetches(recordings) -> None:
    fetched = _union(recordings, "stages")
    for item in all_stages():
        assert {needed.name for needed in item.needs} == fetched[item.name], item.name


def test_stage_names_are_unique() -> None:
    names = [item.name for item in all_stages()]
    assert len(names) == len(set(names))


def test_an_undeclared_read_is_refused() -> None:
    @stage("sloppy", params=("t",))
    def sloppy(ctx):
        return ctx.params.t + ctx.params.cal_alpha

    run = Run(small_case(), Params(), StageCache())
    with pytest.raises(UndeclaredDependency, match="'sloppy' read parameter 'cal_alpha'"):
        run.get(sloppy)


def test_every_score_stage_produces_exactly_the_keys_naming_it() -> None:
    run = Run(small_case(), Params(), StageCache())
    for family in FAMILIES:
        produced: list[str] = []
        for score_stage in family.scores:
            declared = {key for key in family.keys if family.score_stage(key) is score_stage}
            assert set(run.get(score_stage).values) == declared, score_stage.name
            produced += declared
        assert sorted(produced) == sorted(family.keys), family.name


def test_a_metric_must_name_one_of_several_score_stages() -> None:
    first, second = stage("first")(lambda ctx: None), stage("second")(lambda ctx: None)
    info = dataclasses.replace(METRICS["dice"], stage="")
    with pytest.raises(ValueError, match="'dice' names score stage ''"):
        Family(name="two", title="Two", metrics=(info,), scores=(first, second))
    named = dataclasses.replace(info, stage="second")
    family = Family(name="two", title="Two", metrics=(named,), scores=(first, second))
    assert family.score_stage("dice") is second and family.score_stages(["dice"]) == (second,)


def test_keys_are_unique_and_in_family_order() -> None:
    assert tuple(k for family in FAMILIES for k in family.keys) == METRIC_KEYS
    assert len(set(METRIC_KEYS)) == len(METRIC_KEYS)
    assert {f.name for f in EVALUATION_ORDER} == {f.name for f in FAMILIES}
    assert all(family_of(key).name in METRIC_FAMILIES for key in METRIC_KEYS)
    with pytest.raises(KeyError, match="unknown metric 'nope'"):
        family_of("nope")


@pytest.mark.parametrize("key", METRIC_KEYS)
def test_every_metric_is_documented(key: str) -> None:
    info = METRICS[key]
    assert info.key == key and info.name and info.definition
    assert info.direction in ("higher", "lower", "neither")
    assert info.kind == {"px": "length", "px²": "area"}.get(info.unit, info.kind)
    assert info.kind in (("ratio",) if info.unit == "%" else ("ratio", "count", "length", "area"))
    low, high = info.bounds(Params())
    assert low < high
    assert "docs/metrics.md §" in info.source
    assert f"`{key}`" in DOCS or f"key {key}\n" in DOCS, f"{key}: no entry in docs/metrics.md"


def test_derived_key_views_follow_the_registry() -> None:
    matrix = {f"av_cm_{r}_{c}" for r in ("background", "artery", "vein")
              for c in ("background", "artery", "vein")}
    assert {"betti0_error", "betti1_error", "williams_dice_position", "williams_f1_t_position",
            "williams_ss_position", "false_segments", "false_components"} | matrix == COUNTS
    assert {"fpr", "hausdorff", "rnc"} <= DISSIMILARITIES and "dice" not in DISSIMILARITIES
    assert vv.METRIC_KEYS == METRIC_KEYS and vv.METRICS is METRICS


def test_layer_stages_build_the_layers_they_are_named_after() -> None:
    result = vv.evaluate(small_case())
    assert list(result.layers) == list(LAYERS)
    for name in LAYERS:
        assert result.layers[name].name == name


def test_family_params_are_what_its_values_depend_on() -> None:
    by_name = {family.name: family for family in FAMILIES}
    assert by_name["tolerance"].params == {"t", "threshold"}
    assert by_name["pixel"].params == {"threshold", "tversky_alpha", "tversky_beta"}
    assert by_name["width"].params == {"threshold", "thin_width"}
    assert {"nsd_tau", "distance_fov"} <= by_name["distance"].params
    assert "ss_alpha" in by_name["skeletal"].params and "t" not in by_name["skeletal"].params


def test_no_metric_value_is_nan_without_a_reason() -> None:
    result = vv.evaluate(small_case())
    assert all(math.isnan(v) == (k in result.undefined) for k, v in result.metrics.items())


def test_every_value_of_a_whole_evaluation_lies_in_its_declared_range() -> None:
    params = Params()
    result = vv.evaluate(small_case(), params)
    for key, value in result.metrics.items():
        low, high = METRICS[key].bounds(params)
        assert math.isnan(value) or low <= value <= high, (key, value)


def test_a_metric_subset_runs_only_the_score_stages_it_needs() -> None:
    evaluator = vv.Evaluator(small_case())
    result = evaluator.evaluate(metrics=["nsd"])
    assert list(result.metrics) == ["nsd"] and not math.isnan(result.metrics["nsd"])
    assert "surface" in evaluator.stage_runs
    assert "distance_map_metrics" not in evaluator.stage_runs


def test_the_pipeline_names_no_family() -> None:
    families = {family.name for family in FAMILIES}
    pipeline = Path(vv.__file__).parent / "engine" / "pipeline"
    for module in pipeline.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                named = {node.module.rsplit(".", 1)[-1], *(alias.name for alias in node.names)}
                assert not families & named, (module.name, node.module)
