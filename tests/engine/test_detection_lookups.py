"""The vessel graph's neighbour table and the segment detection's near test, each
against a brute force written here (they replaced per-direction searches and a k-d tree
for speed, issue 24 item 7, and must give the same answers)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from vesselview.engine.detection import MAX_OFFSETS, near_pixels
from vesselview.engine.vessel_graph import _RING, neighbour_table, vessel_graph

images = hnp.arrays(np.bool_, st.tuples(st.integers(1, 12), st.integers(1, 12)))


@settings(max_examples=300, deadline=None)
@given(images)
def test_neighbour_table_equals_looking_at_each_neighbour(image: np.ndarray) -> None:
    pixels = np.argwhere(image).astype(np.int64)  # raster order
    place = {tuple(p): i for i, p in enumerate(pixels.tolist())}
    expected = np.array([[place.get((r + dr, c + dc), -1) for dr, dc in _RING]
                         for r, c in pixels.tolist()], np.int64).reshape(-1, 8)
    np.testing.assert_array_equal(neighbour_table(pixels, image.shape), expected)


@settings(max_examples=200, deadline=None)
@given(images, images, st.sampled_from([0.0, 1.0, 1.4142135623730951, 1.5, 2.0,
                                        2.23606797749979, 3.0, 6.5, 7.0]))
def test_near_pixels_equals_the_nearest_distance(first: np.ndarray, second: np.ndarray,
                                                 tolerance: float) -> None:
    shape = (max(first.shape[0], second.shape[0]), max(first.shape[1], second.shape[1]))
    a, b = np.zeros(shape, bool), np.zeros(shape, bool)
    a[:first.shape[0], :first.shape[1]] = first
    b[:second.shape[0], :second.shape[1]] = second
    pixels, other = np.argwhere(a).astype(np.int64), vessel_graph(b)
    if len(other.pixels) == 0:
        return
    gaps = np.hypot(*(pixels[:, None, :] - other.pixels[None, :, :]).transpose(2, 0, 1))
    expected = (gaps <= tolerance + 1e-9).any(axis=1)
    np.testing.assert_array_equal(near_pixels(pixels, other, tolerance), expected)


def test_both_ways_of_the_near_test_are_exercised() -> None:
    # 6.5 px holds 137 offsets: past MAX_OFFSETS, the k-d tree answers.
    steps = np.arange(-7, 8)
    offsets = np.hypot(*np.meshgrid(steps, steps))
    assert (offsets <= 2.0).sum() <= MAX_OFFSETS < (offsets <= 6.5 + 1e-9).sum()
