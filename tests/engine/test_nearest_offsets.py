"""Window offsets nearest first: d² ascending, ties in row-major order, shared read-only."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from vesselview.engine.nearest_pixel import offsets_nearest_first


def test_half_one_is_centre_then_edges_then_corners_in_row_major_order() -> None:
    di, dj, squared = offsets_nearest_first(1)
    assert list(zip(di.tolist(), dj.tolist(), strict=True)) == [
        (0, 0),
        (-1, 0), (0, -1), (0, 1), (1, 0),
        (-1, -1), (-1, 1), (1, -1), (1, 1)]
    assert squared.tolist() == [0, 1, 1, 1, 1, 2, 2, 2, 2]


def test_half_zero_is_the_centre_alone() -> None:
    assert [offsets.tolist() for offsets in offsets_nearest_first(0)] == [[0], [0], [0]]


@given(st.integers(min_value=0, max_value=15))
def test_equals_sorting_by_squared_length_then_row_then_column(half: int) -> None:
    # Row-major order among equal d² is lexicographic (di, dj): an independent sort.
    steps = range(-half, half + 1)
    expected = sorted(itertools.product(steps, steps),
                      key=lambda offset: (offset[0] ** 2 + offset[1] ** 2, *offset))
    di, dj, squared = offsets_nearest_first(half)
    assert list(zip(di.tolist(), dj.tolist(), strict=True)) == expected
    np.testing.assert_array_equal(squared, di * di + dj * dj)
    assert all(array.dtype == np.int64 for array in (di, dj, squared))


def test_cached_and_read_only() -> None:
    first = offsets_nearest_first(5)
    assert offsets_nearest_first(5) is first
    for array in first:
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 1
