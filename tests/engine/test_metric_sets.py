"""`vesselview.engine.metric_sets`: presets name known metrics, and every declared
duplicate really repeats its metric on evaluated cases (and only under its parameters)."""

from __future__ import annotations

import math

import pytest

from tests.engine.cases import small_case
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.metric_sets import DUPLICATES, PRESETS, expand, left_out
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator


def test_presets_name_known_metrics_once() -> None:
    for name, keys in PRESETS.items():
        assert set(keys) <= set(METRIC_KEYS), name
        assert len(set(keys)) == len(keys), name


def test_expand_replaces_presets_and_keeps_the_first_of_repeats() -> None:
    assert expand(["dice", "topology", "cldice", "nope"]) == [
        "dice", *PRESETS["topology"], "nope"]


@pytest.mark.parametrize("params", [Params(), Params(t=1), Params(threshold=0.3)])
@pytest.mark.parametrize("soft", [False, True])
def test_every_declared_duplicate_repeats_its_metric(params: Params, soft: bool) -> None:
    metrics = Evaluator(small_case(soft=soft)).evaluate(params).metrics
    for key, duplicate in DUPLICATES.items():
        assert duplicate.holds(params), key
        expected = 1 - metrics[duplicate.of] if duplicate.complement else metrics[duplicate.of]
        assert math.isclose(metrics[key], expected, rel_tol=1e-12, abs_tol=1e-12), key


def test_a_duplicate_that_does_not_hold_is_kept() -> None:
    skewed = Params(tversky_alpha=0.3, tversky_beta=0.7)
    metrics = Evaluator(small_case()).evaluate(skewed).metrics
    assert metrics["tversky"] != metrics["dice"]
    assert "tversky" not in left_out(METRIC_KEYS, skewed)
    assert "msd" not in left_out(METRIC_KEYS, Params(contour_gamma=2))


def test_msd_is_kept_when_hausdorff_measures_another_distance() -> None:
    cityblock = Params(distance="cityblock")
    metrics = Evaluator(small_case()).evaluate(cityblock).metrics
    assert metrics["msd"] != metrics["hausdorff"]
    assert "msd" not in left_out(METRIC_KEYS, cityblock)


def test_hausdorff_keeps_pixel_centres_under_distance_to_squares() -> None:
    squares = Params(distance_to="squares")
    metrics = Evaluator(small_case()).evaluate(squares).metrics
    assert metrics["msd"] == metrics["hausdorff"]
    assert "msd" in left_out(METRIC_KEYS, squares)


def test_left_out_needs_the_repeated_metric_in_the_report() -> None:
    assert left_out(METRIC_KEYS, Params()) == {
        "tversky": "tversky = dice", "rse": "rse = ss", "msd": "msd = hausdorff",
        "fpr": "fpr = 1 − sp", "perr": "perr = 1 − acc"}
    assert left_out(["fpr", "dice"], Params()) == {}
