"""Distinct integers by one sort equal numpy.unique (values, order, dtype, inverse)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from vesselview.engine.sorted_values import distinct, distinct_of_sorted

integers = hnp.arrays(st.sampled_from([np.int32, np.int64]), st.integers(0, 60),
                      elements=st.integers(-5, 40))


@settings(max_examples=150, deadline=None)
@given(integers)
def test_distinct_equals_numpy_unique(values: np.ndarray) -> None:
    found, expected = distinct(values), np.unique(values)
    assert found.dtype == expected.dtype
    np.testing.assert_array_equal(found, expected)


@settings(max_examples=150, deadline=None)
@given(integers)
def test_distinct_of_sorted_equals_numpy_unique_with_inverse(values: np.ndarray) -> None:
    ordered = np.sort(values)
    present, inverse = distinct_of_sorted(ordered)
    expected, expected_inverse = np.unique(ordered, return_inverse=True)
    np.testing.assert_array_equal(present, expected)
    np.testing.assert_array_equal(inverse, expected_inverse)
    np.testing.assert_array_equal(present[inverse], ordered)


def test_runs_of_a_small_example() -> None:
    present, inverse = distinct_of_sorted(np.array([2, 2, 5, 7, 7, 7]))
    np.testing.assert_array_equal(present, [2, 5, 7])
    np.testing.assert_array_equal(inverse, [0, 0, 1, 2, 2, 2])
    np.testing.assert_array_equal(distinct(np.array([9, 1, 9, 3, 1])), [1, 3, 9])
