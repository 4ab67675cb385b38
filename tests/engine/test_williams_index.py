"""The Williams index (docs/metrics.md §9): hand-made two- and three-observer cases,
equivalence with an independent numpy implementation, the agreements computed by each
metric's own stages, distances entering as reciprocals, and the position field."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from tests.engine.masks import grid, random_vessel_mask
from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator, evaluate
from vesselview.engine.williams import FEW_OBSERVERS, williams, williams_index

WILLIAMS = ["williams_dice", "williams_dice_position", "williams_f1_t",
            "williams_f1_t_position", "williams_ss", "williams_ss_position"]


def numpy_dice(a: np.ndarray, b: np.ndarray) -> float:
    both = a.sum() + b.sum()
    return 1.0 if both == 0 else 2.0 * (a & b).sum() / both


def numpy_williams(candidate: np.ndarray, observers: list[np.ndarray], fov: np.ndarray
                   ) -> float:
    """Williams (1976) / Chalana and Kim (1997) for Dice, written out with numpy."""
    method = np.mean([numpy_dice(candidate & fov, o & fov) for o in observers])
    among = np.mean([numpy_dice(a & fov, b & fov)
                     for a, b in itertools.combinations(observers, 2)])
    return float(method / among)


def case_of(candidate: np.ndarray, observers: list[np.ndarray],
            fov: np.ndarray | None = None) -> Case:
    return Case(reference=observers[0], candidate=candidate,
                fov=np.ones(candidate.shape, bool) if fov is None else fov,
                references={f"observer{i + 1}": mask for i, mask in enumerate(observers)})


def test_two_observers_by_hand() -> None:
    first = grid(["####....", "........"])
    second = grid(["###.....", "........"])
    candidate = grid(["####....", "#......."])
    # Dice: method vs first 8/9, vs second 6/8; first vs second 6/7.
    result = evaluate(case_of(candidate, [first, second]),
                      metrics=["williams_dice", "williams_dice_position"]).metrics
    assert result["williams_dice"] == pytest.approx(((8 / 9 + 6 / 8) / 2) / (6 / 7))
    assert result["williams_dice_position"] == -1.0  # 0.819 < 0.857


def test_three_observers_by_hand() -> None:
    observers = [grid(["####"]), grid(["###."]), grid(["##.."])]
    candidate = grid(["####"])
    # Method: 1, 6/7, 4/6; pairs: (1,2) 6/7, (1,3) 4/6, (2,3) 4/5.
    index = williams(case_of(candidate, observers), ["dice"])["dice"]
    method, among = (1 + 6 / 7 + 4 / 6) / 3, (6 / 7 + 4 / 6 + 4 / 5) / 3
    assert index.index == pytest.approx(method / among)
    assert dict(index.method) == pytest.approx({"observer1": 1, "observer2": 6 / 7,
                                                "observer3": 4 / 6})
    assert dict(index.pairs) == pytest.approx({("observer1", "observer2"): 6 / 7,
                                               ("observer1", "observer3"): 4 / 6,
                                               ("observer2", "observer3"): 4 / 5})
    assert index.position == 0.0  # 0.841 lies inside [0.667, 0.857]


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_dice_equals_an_independent_numpy_implementation(data: st.DataObject) -> None:
    shape = data.draw(st.tuples(st.integers(2, 10), st.integers(2, 10)))
    masks = hnp.arrays(bool, shape)
    observers = [data.draw(masks) for _ in range(data.draw(st.integers(2, 4)))]
    candidate, fov = data.draw(masks), data.draw(masks)
    expected = numpy_williams(candidate, observers, fov) if any(
        numpy_dice(a & fov, b & fov) for a, b in itertools.combinations(observers, 2)) \
        else math.nan
    got = evaluate(case_of(candidate, observers, fov), metrics=["williams_dice"])
    value = got.metrics["williams_dice"]
    assert (math.isnan(expected) and math.isnan(value)) or value == pytest.approx(expected)


def test_f1_t_and_ss_agreements_are_those_of_their_own_evaluations() -> None:
    rng = np.random.default_rng(7)
    base = random_vessel_mask(rng, (48, 48))
    observers = [base, base ^ (rng.random(base.shape) < 0.03),
                 np.roll(base, 1, axis=1)]
    candidate = base ^ (rng.random(base.shape) < 0.05)
    params = Params(t=1)
    case = case_of(candidate, observers)
    result = evaluate(case, params, metrics=WILLIAMS).metrics
    for key in ("f1_t", "ss"):
        def scored(s: np.ndarray, g: np.ndarray, key: str = key) -> float:
            one = Case(reference=g, candidate=s, fov=np.ones(s.shape, bool))
            return evaluate(one, params, metrics=[key]).metrics[key]
        method = np.mean([scored(candidate, o) for o in observers])
        pairs = [(scored(a, b) + scored(b, a)) / 2 for a, b in itertools.combinations(observers, 2)]
        assert result[f"williams_{key}"] == pytest.approx(method / np.mean(pairs), rel=1e-12)
        position = 1.0 if method > max(pairs) else -1.0 if method < min(pairs) else 0.0
        assert result[f"williams_{key}_position"] == position


def test_a_distance_enters_as_its_reciprocal() -> None:
    index = williams_index("hausdorff", {"a": 2.0, "b": 4.0}, {("a", "b"): 1.0},
                           lower_is_better=True)
    assert index.index == pytest.approx((1 / 2 + 1 / 4) / 2 / 1.0)
    assert index.position == -1.0
    zero = williams_index("hausdorff", {"a": 0.0, "b": 4.0}, {("a", "b"): 1.0}, True)
    assert math.isnan(zero.index) and "infinite" in zero.reason


def test_undefined_with_one_observer() -> None:
    mask = grid(["##", ".."])
    result = evaluate(case_of(mask, [mask]), metrics=WILLIAMS)
    assert all(math.isnan(value) for value in result.metrics.values())
    assert set(result.undefined.values()) == {FEW_OBSERVERS}


def test_any_metric_on_request_and_an_unknown_one_refused() -> None:
    observers = [grid(["###.", "...."]), grid(["##..", "...."])]
    case = case_of(grid(["###.", "#..."]), observers)
    assert williams(case, ["jaccard"])["jaccard"].index == pytest.approx(
        ((3 / 4 + 2 / 4) / 2) / (2 / 3))
    with pytest.raises(ValueError, match="unknown metric"):
        williams(case, ["nope"])


def test_a_threshold_change_does_not_recompute_the_observers_agreements() -> None:
    observers = [grid(["###.", "...."]), grid(["##..", "...."])]
    soft = np.array([[0.9, 0.6, 0.4, 0.1], [0.2, 0.0, 0.0, 0.0]], np.float32)
    case = Case(reference=observers[0], candidate=soft > 0.5, candidate_soft=soft,
                fov=np.ones((2, 4), bool), references={"observer2": observers[1]})
    evaluator = Evaluator(case)
    first = evaluator.evaluate(Params(threshold=0.5), metrics=["williams_dice"]).metrics
    before = evaluator.stage_runs
    second = evaluator.evaluate(Params(threshold=0.15), metrics=["williams_dice"]).metrics
    rerun = {name for name, n in evaluator.stage_runs.items() if n != before.get(name, 0)}
    assert "williams_dice_observers" not in rerun and "williams_dice" in rerun
    # Dice: at 0.5 the method is observer 2 (4/5, 1), at 0.15 observer 1 plus pixel (1, 0)
    # (6/7, 4/6); the observers' Dice is 4/5.
    among = 4 / 5
    assert first["williams_dice"] == pytest.approx((4 / 5 + 1) / 2 / among)
    assert second["williams_dice"] == pytest.approx((6 / 7 + 4 / 6) / 2 / among)
