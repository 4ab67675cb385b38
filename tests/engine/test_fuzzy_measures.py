"""Fuzzy measures against the fuzzy reference (docs/metrics.md §9): hand-made two- and
three-observer cases, equivalence with an independent numpy implementation, the crisp
limit (dice, jaccard, se, sp) and the cases where they are undefined."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from tests.engine.masks import grid
from vesselview.engine.case import Case
from vesselview.engine.families.fuzzy import KEYS
from vesselview.engine.observer_maps import ONE_OBSERVER
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.engine.reference_choice import reference_cases

FUZZY = list(KEYS)


def fuzzy_values(case: Case, params: Params | None = None) -> dict[str, float]:
    return evaluate(case, params, metrics=FUZZY).metrics


def independent(candidate: np.ndarray, observers: list[np.ndarray], fov: np.ndarray
                ) -> dict[str, float]:
    """The four measures written out with numpy, pixel by pixel over the FOV."""
    r = np.zeros(candidate.shape)
    for mask in observers:
        r += mask
    r /= len(observers)
    c, r = candidate[fov].astype(float), r[fov]
    inter, union = np.fmin(c, r).sum(), np.fmax(c, r).sum()
    return {"fuzzy_dice": 2 * inter / (c.sum() + r.sum()) if union else 1.0,
            "fuzzy_jaccard": inter / union if union else 1.0,
            "fuzzy_se": inter / r.sum() if r.sum() else math.nan,
            "fuzzy_sp": np.fmin(1 - c, 1 - r).sum() / (1 - r).sum() if (1 - r).sum()
            else math.nan}


def test_two_observers_by_hand() -> None:
    # R = 1 on the five pixels both mark, 0.5 on the one only observer 2 marks.
    first = grid([".....", ".....", "#####", ".....", "....."])
    second = grid([".....", ".#...", "#####", ".....", "....."])
    candidate = grid([".....", ".#...", "####.", ".....", "...#."])
    case = Case(reference=first, candidate=candidate, fov=np.ones((5, 5), bool),
                references={"observer2": second})
    # Σ min = 4 (row 2) + 0.5 (pixel (1, 1)); Σ max = 5 (row 2) + 1 + 1 (pixel (3, 3));
    # Σ C = 6, Σ R = 5.5; Σ min(1 − C, 1 − R) = 25 − Σ max.
    assert fuzzy_values(case) == pytest.approx({
        "fuzzy_dice": 2 * 4.5 / (6 + 5.5), "fuzzy_jaccard": 4.5 / 7,
        "fuzzy_se": 4.5 / 5.5, "fuzzy_sp": (25 - 7) / (25 - 5.5)})
    # The same values whatever reference the crisp metrics use (the fuzzy one included).
    for choice in ("each", "majority", "fuzzy"):
        for scored in reference_cases(case, choice):
            assert fuzzy_values(scored) == fuzzy_values(case)


def test_three_observers_with_a_probability_map_by_hand() -> None:
    # One pixel inside the FOV marked by 1, 2 and 3 of the observers (R = 1/3, 2/3, 1),
    # the fourth by none; the candidate's probabilities there are 0.5, 0.5, 0.9, 0.2.
    first = np.array([[True, True, True, False, True]])
    second = np.array([[False, True, True, False, True]])
    third = np.array([[False, False, True, False, True]])
    soft = np.array([[0.5, 0.5, 0.9, 0.2, 1.0]], np.float32)
    fov = np.array([[True, True, True, True, False]])  # the last pixel is outside F
    case = Case(reference=first, candidate=soft > 0.5, candidate_soft=soft, fov=fov,
                references={"observer2": second, "observer3": third})
    inter = 1 / 3 + 0.5 + 0.9 + 0.0
    union = 0.5 + 2 / 3 + 1.0 + 0.2
    c_sum, r_sum = 0.5 + 0.5 + 0.9 + 0.2, 1 / 3 + 2 / 3 + 1.0
    neither = 0.5 + 1 / 3 + 0.0 + 0.8
    assert fuzzy_values(case) == pytest.approx({
        "fuzzy_dice": 2 * inter / (c_sum + r_sum), "fuzzy_jaccard": inter / union,
        "fuzzy_se": inter / r_sum, "fuzzy_sp": neither / (4 - r_sum)}, rel=1e-6)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_equal_to_an_independent_numpy_implementation(data: st.DataObject) -> None:
    shape = data.draw(st.tuples(st.integers(1, 12), st.integers(1, 12)))
    masks = hnp.arrays(bool, shape)
    observers = [data.draw(masks) for _ in range(data.draw(st.integers(2, 4)))]
    fov = data.draw(masks)
    soft = data.draw(st.booleans())
    values = data.draw(hnp.arrays(np.float32, shape, elements=st.floats(0, 1, width=32)))
    candidate = values if soft else values > 0.5
    case = Case(reference=observers[0], candidate=values > 0.5, fov=fov,
                candidate_soft=values if soft else None,
                references={f"observer{i + 1}": mask for i, mask in enumerate(observers)})
    got = fuzzy_values(case)
    expected = independent(candidate, observers, fov)
    for key in FUZZY:
        if math.isnan(expected[key]):
            assert math.isnan(got[key])
        else:
            # The observers' share is held in float32 (as Case.reference_soft).
            assert got[key] == pytest.approx(expected[key], rel=1e-6, abs=1e-7)


@settings(max_examples=30, deadline=None)
@given(hnp.arrays(bool, (6, 7)), hnp.arrays(bool, (6, 7)), hnp.arrays(bool, (6, 7)))
def test_crisp_candidate_against_agreeing_observers_gives_the_crisp_metrics(
        reference: np.ndarray, candidate: np.ndarray, fov: np.ndarray) -> None:
    case = Case(reference=reference, candidate=candidate, fov=fov,
                references={"observer2": reference})
    result = evaluate(case, metrics=[*FUZZY, "dice", "jaccard", "se", "sp"]).metrics
    for key in ("dice", "jaccard", "se", "sp"):
        crisp, fuzzy = result[key], result[f"fuzzy_{key}"]
        assert (math.isnan(crisp) and math.isnan(fuzzy)) or fuzzy == pytest.approx(crisp)


def test_a_probability_map_is_never_thresholded() -> None:
    first = grid(["##..", "...."])
    soft = np.array([[0.9, 0.3, 0.2, 0.0], [0.1, 0.0, 0.0, 0.6]], np.float32)
    case = Case(reference=first, candidate=soft > 0.5, candidate_soft=soft,
                fov=np.ones((2, 4), bool), references={"observer2": grid(["#...", "...."])})
    assert fuzzy_values(case, Params(threshold=0.05)) == fuzzy_values(case, Params(threshold=0.95))


def test_a_soft_reference_is_the_fuzzy_reference() -> None:
    soft_reference = np.array([[1.0, 0.25, 0.0], [0.5, 0.0, 0.0]], np.float32)
    candidate = grid(["##.", "..#"])
    case = Case(reference=soft_reference > 0.5, candidate=candidate, fov=np.ones((2, 3), bool),
                reference_soft=soft_reference)
    # Σ min = 1 + 0.25, Σ C = 3, Σ R = 1.75, Σ max = 1 + 1 + 0.5 + 1 = 3.5.
    assert fuzzy_values(case) == pytest.approx({
        "fuzzy_dice": 2 * 1.25 / 4.75, "fuzzy_jaccard": 1.25 / 3.5, "fuzzy_se": 1.25 / 1.75,
        "fuzzy_sp": (6 - 3.5) / (6 - 1.75)})


def test_undefined_with_one_observer_and_no_soft_reference() -> None:
    mask = grid(["#.", ".#"])
    result = evaluate(Case(reference=mask, candidate=mask, fov=np.ones((2, 2), bool)),
                      metrics=FUZZY)
    assert all(math.isnan(value) for value in result.metrics.values())
    assert result.undefined == {key: ONE_OBSERVER for key in FUZZY}


def test_ignored_pixels_are_left_out() -> None:
    first, second = grid(["##..", "...."]), grid(["#...", ".#.."])
    candidate = grid(["#..#", "...."])
    ignore = grid(["...#", ".#.."])
    fov = np.ones((2, 4), bool)
    with_ignore = Case(reference=first, candidate=candidate, fov=fov, ignore=ignore,
                       references={"observer2": second})
    assert fuzzy_values(with_ignore) == pytest.approx(
        independent(candidate, [first, second], fov & ~ignore))
