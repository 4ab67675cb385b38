"""Junction markers: discs stamped per group equal OpenCV drawing each disc in turn."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vesselview.engine.layers import MARKER_RADIUS, disc_offsets, markers


def drawn_one_by_one(shape: tuple[int, int], groups: list[np.ndarray]) -> np.ndarray:
    """The class map by `cv2.circle`, disc after disc, group after group."""
    dots = np.zeros(shape, np.uint8)
    for value, points in enumerate(groups, start=1):
        for row, col in np.rint(points).astype(int).reshape(-1, 2):
            cv2.circle(dots, (int(col), int(row)), MARKER_RADIUS, value, thickness=-1)
    return dots


def points(height: int, width: int) -> st.SearchStrategy[np.ndarray]:
    """Up to 12 (row, col) points, some off the image or half a pixel off the grid."""
    coordinate = st.tuples(st.floats(-4, height + 3), st.floats(-4, width + 3))
    return st.lists(coordinate, max_size=12).map(
        lambda found: np.array(found, np.float64).reshape(-1, 2))


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.data())
def test_stamped_discs_equal_opencv_drawing(height: int, width: int,
                                            data: st.DataObject) -> None:
    groups = [data.draw(points(height, width), label=f"group {k}") for k in range(3)]
    np.testing.assert_array_equal(markers((height, width), groups),
                                  drawn_one_by_one((height, width), groups))


def test_disc_of_radius_two_is_the_13_pixels_within_distance_two() -> None:
    rows, cols = disc_offsets(2)
    assert not rows.flags.writeable and not cols.flags.writeable  # cached for every caller
    disc = np.zeros((5, 5), np.uint8)
    disc[rows + 2, cols + 2] = 1
    np.testing.assert_array_equal(disc, [[0, 0, 1, 0, 0],
                                         [0, 1, 1, 1, 0],
                                         [1, 1, 1, 1, 1],
                                         [0, 1, 1, 1, 0],
                                         [0, 0, 1, 0, 0]])
