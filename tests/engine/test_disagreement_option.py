"""The three-valued option (docs/metrics.md §9): ``disagreement="ignore"`` leaves the
pixels where the observers disagree out of every metric, exactly as adding them to the
ignore mask does."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from tests.engine.masks import random_vessel_mask
from vesselview.engine.case import Case
from vesselview.engine.observer_maps import disagreement
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator, evaluate

IGNORE = Params(disagreement="ignore")


def same_metrics(a: dict[str, float], b: dict[str, float]) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert (math.isnan(a[key]) and math.isnan(b[key])) or a[key] == pytest.approx(
            b[key], rel=1e-12, abs=1e-12), key


def observers_case(seed: int, n: int, with_ignore: bool, soft: bool) -> Case:
    """A 40 x 44 case of ``n`` observers (perturbed copies of one vessel tree)."""
    rng = np.random.default_rng(seed)
    base = random_vessel_mask(rng, (40, 44))
    observers = [base ^ (rng.random(base.shape) < 0.04) for _ in range(n)]
    values = np.clip(base + rng.normal(0, 0.3, base.shape), 0, 1).astype(np.float32)
    fov = np.ones(base.shape, bool)
    fov[:3] = False
    ignore = None
    if with_ignore:
        ignore = np.zeros(base.shape, bool)
        ignore[20:26, 5:15] = True
    return Case(reference=observers[0], candidate=values > 0.5, fov=fov, ignore=ignore,
                candidate_soft=values if soft else None,
                references={f"observer{i + 1}": mask for i, mask in enumerate(observers)})


@pytest.mark.parametrize(("seed", "n", "with_ignore", "soft"),
                         [(1, 2, False, False), (2, 3, True, True)])
def test_ignoring_disagreement_equals_adding_it_to_the_ignore_mask(
        seed: int, n: int, with_ignore: bool, soft: bool) -> None:
    case = observers_case(seed, n, with_ignore, soft)
    disputed = disagreement(case)
    assert disputed.any()
    ignore = disputed if case.ignore is None else case.ignore | disputed
    by_hand = dataclasses.replace(case, ignore=ignore)
    same_metrics(evaluate(case, IGNORE).metrics, evaluate(by_hand).metrics)


def test_disagreement_is_where_some_observers_mark_and_others_do_not() -> None:
    first = np.array([[True, True, False, False]])
    second = np.array([[True, False, True, False]])
    third = np.array([[True, False, False, False]])
    case = Case(reference=first, candidate=first, fov=np.ones((1, 4), bool),
                references={"observer2": second, "observer3": third})
    assert disagreement(case).tolist() == [[False, True, True, False]]


def test_counting_is_the_default_and_changes_nothing() -> None:
    case = observers_case(3, 2, True, False)
    assert Params().disagreement == "count"
    same_metrics(evaluate(case, Params(disagreement="count")).metrics, evaluate(case).metrics)


def test_one_observer_has_no_disagreement() -> None:
    case = observers_case(4, 1, False, False)
    same_metrics(evaluate(case, IGNORE).metrics, evaluate(case).metrics)


def test_one_evaluator_switches_back_and_forth_without_mixing_its_caches() -> None:
    case = observers_case(5, 2, False, False)
    evaluator = Evaluator(case)
    counted = evaluator.evaluate(metrics=["dice", "f1_t"]).metrics
    ignored = evaluator.evaluate(IGNORE, metrics=["dice", "f1_t"]).metrics
    assert counted != ignored
    assert evaluator.evaluate(metrics=["dice", "f1_t"]).metrics == counted
    assert evaluator.evaluate(IGNORE, metrics=["dice", "f1_t"]).metrics == ignored
    assert evaluator.stage_runs["tolerance"] == 2
