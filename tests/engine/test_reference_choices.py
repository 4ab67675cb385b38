"""Reference choices: one observer, each observer, a consensus, the fuzzy reference.

Hand-made two- and three-observer cases with known consensus masks; a property test
against an independent count in the test; ``each`` equals scoring every observer as the
chosen one; the fuzzy reference is the observers' share (or the soft reference given).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from vesselview import Case, InputError, evaluate
from vesselview.engine.observers import observer_number
from vesselview.engine.reference_choice import REFERENCE_CHOICES, consensus, reference_cases

from .masks import grid

A = grid(["##..",
          "##..",
          "....",
          "...."])
B = grid(["#.#.",
          "#.#.",
          "....",
          "...."])
C = grid(["###.",
          "....",
          "....",
          "...#"])
CANDIDATE = grid(["##..",
                  "#.#.",
                  "....",
                  "...#"])
FOV = np.ones_like(A)


def _case(**changes) -> Case:
    fields = {"reference": A, "candidate": CANDIDATE, "fov": FOV,
              "references": {"observer2": B, "observer3": C},
              "sources": {"reference": "a.png", "observer2": "b.png", "observer3": "c.png"}}
    return Case(**{**fields, **changes})


def _only(case: Case, choice: str) -> Case:
    cases = reference_cases(case, choice)
    assert len(cases) == 1
    return cases[0]


def test_three_observers_give_the_known_consensus_masks() -> None:
    case = _case()
    expected = {
        "majority": grid(["###.",
                          "#...",
                          "....",
                          "...."]),
        "intersection": grid(["#...",
                              "....",
                              "....",
                              "...."]),
        "union": grid(["###.",
                       "###.",
                       "....",
                       "...#"]),
    }
    for rule, mask in expected.items():
        derived = _only(case, rule)
        np.testing.assert_array_equal(derived.reference, mask)
        assert derived.observer == rule
        assert derived.sources["reference"] == f"{rule} of observer1, observer2, observer3"
        assert list(derived.references) == ["observer1", "observer2", "observer3"]


def test_with_two_observers_a_tie_is_no_majority_so_majority_is_the_intersection() -> None:
    case = _case(references={"observer2": B})
    majority = _only(case, "majority").reference
    np.testing.assert_array_equal(majority, A & B)
    np.testing.assert_array_equal(majority, _only(case, "intersection").reference)
    np.testing.assert_array_equal(_only(case, "union").reference, A | B)


def test_the_fuzzy_reference_is_the_observers_share_and_its_crisp_mask_the_majority() -> None:
    case = _case()
    fuzzy = _only(case, "fuzzy")
    share = (A.astype(float) + B + C) / 3
    assert fuzzy.reference_soft is not None
    np.testing.assert_allclose(fuzzy.reference_soft, share, rtol=0, atol=1e-7)
    np.testing.assert_array_equal(fuzzy.reference, _only(case, "majority").reference)
    assert fuzzy.observer == "fuzzy"


def test_a_soft_reference_given_is_the_fuzzy_reference_even_with_one_observer() -> None:
    soft = np.linspace(0, 1, A.size, dtype=np.float64).reshape(A.shape)
    case = Case(A, CANDIDATE, FOV, reference_soft=soft, sources={"reference_soft": "soft.png"})
    assert case.reference_soft is not None and case.reference_soft.dtype == np.float32
    fuzzy = _only(case, "fuzzy")
    np.testing.assert_array_equal(fuzzy.reference_soft, soft.astype(np.float32))
    np.testing.assert_array_equal(fuzzy.reference, soft.astype(np.float32) > 0.5)
    assert fuzzy.sources["reference"] == "fuzzy from soft.png"


def test_each_gives_one_case_per_observer_with_the_numbers_of_choosing_it() -> None:
    case = _case()
    each = reference_cases(case, "each")
    assert [one.observer for one in each] == ["observer1", "observer2", "observer3"]
    assert [one.sources["reference"] for one in each] == ["a.png", "b.png", "c.png"]
    assert each[0] is case
    for one, (name, mask) in zip(each, case.references.items(), strict=True):
        others = {key: value for key, value in case.references.items() if key != name}
        chosen = Case(mask, CANDIDATE, FOV, references=others, observer=name)
        np.testing.assert_equal(evaluate(one).metrics, evaluate(chosen).metrics)
        assert list(one.references) == list(case.references)


def test_one_is_the_case_itself() -> None:
    case = _case()
    assert reference_cases(case) == [case] and reference_cases(case, "one")[0] is case


@pytest.mark.parametrize("choice", ["majority", "intersection", "union", "fuzzy"])
def test_a_derived_reference_needs_two_observers_naming_the_file(choice: str) -> None:
    case = Case(A, CANDIDATE, FOV, sources={"reference": "01_manual1.gif"})
    with pytest.raises(InputError, match=rf"01_manual1\.gif: the {choice} reference needs two"):
        reference_cases(case, choice)


def test_an_unknown_choice_is_refused_naming_the_choices() -> None:
    with pytest.raises(ValueError, match="one, each, majority"):
        reference_cases(_case(), "average")
    assert REFERENCE_CHOICES == ("one", "each", "majority", "intersection", "union", "fuzzy")


def test_no_observer_may_take_a_derived_references_name() -> None:
    with pytest.raises(InputError, match="'majority' cannot name an observer"):
        Case(A, CANDIDATE, FOV, references={"majority": B})


def test_a_soft_reference_outside_0_1_is_refused() -> None:
    with pytest.raises(InputError, match=r"reference_soft .* \[0, 1\]"):
        Case(A, CANDIDATE, FOV, reference_soft=np.full(A.shape, 1.5))


def test_ignored_pixels_leave_the_soft_reference_too() -> None:
    ignore = np.zeros_like(A)
    ignore[0, 0] = True
    case = Case(A, CANDIDATE, FOV, ignore=ignore, reference_soft=np.ones(A.shape))
    cleared = case.without_ignored()
    assert cleared.reference_soft is not None and cleared.reference_soft[0, 0] == 0
    assert cleared.reference_soft.sum() == A.size - 1


def test_observer_numbers() -> None:
    assert [observer_number(name) for name in ("observer1", "observer12", "majority",
                                                "observer0", "observer²")] == [1, 12, None,
                                                                              None, None]


@given(hnp.arrays(np.bool_, st.tuples(st.integers(1, 5), st.integers(1, 4), st.integers(1, 4))))
def test_consensus_equals_an_independent_count(stack: np.ndarray) -> None:
    masks = list(stack)
    n = len(masks)
    votes = np.zeros(masks[0].shape, int)
    for mask in masks:
        votes += mask
    np.testing.assert_array_equal(consensus(masks, "majority"), votes * 2 > n)
    np.testing.assert_array_equal(consensus(masks, "intersection"), votes == n)
    np.testing.assert_array_equal(consensus(masks, "union"), votes >= 1)
