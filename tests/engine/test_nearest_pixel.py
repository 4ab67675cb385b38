"""Nearest-pixel distances ring by ring equal scipy's exact transform and a k-d tree."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from scipy import ndimage
from scipy.spatial import cKDTree

from vesselview.engine import nearest_pixel
from vesselview.engine.nearest_pixel import (
    RING_REACH,
    TREE_SWITCH,
    nearest_pixel_distances,
    rings,
)


def both_answers(mask: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> None:
    """The ring search equals the EDT at the points and a k-d tree query, exactly."""
    found = nearest_pixel_distances(mask, np.flatnonzero(mask), rows, cols)
    np.testing.assert_array_equal(found, ndimage.distance_transform_edt(~mask)[rows, cols])
    tree = cKDTree(np.argwhere(mask))
    np.testing.assert_array_equal(found, tree.query(np.column_stack((rows, cols)))[0])


@st.composite
def masks_and_points(draw: st.DrawFn, max_side: int) -> tuple[np.ndarray, ...]:
    height, width = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    mask = draw(hnp.arrays(np.bool_, (height, width), elements=st.booleans()))
    mask.flat[draw(st.integers(0, mask.size - 1))] = True  # not empty
    count = draw(st.integers(0, 30))
    rows = draw(hnp.arrays(np.int64, count, elements=st.integers(0, height - 1)))
    cols = draw(hnp.arrays(np.int64, count, elements=st.integers(0, width - 1)))
    return mask, rows, cols


@settings(max_examples=120, deadline=None)
@given(masks_and_points(24))
def test_dense_masks(case: tuple[np.ndarray, ...]) -> None:
    both_answers(*case)


@settings(max_examples=60, deadline=None)
@given(masks_and_points(60), st.floats(0.0, 0.05))
def test_sparse_masks_reach_the_tree(case: tuple[np.ndarray, ...], keep: float) -> None:
    mask, rows, cols = case
    sparse = mask & (np.random.default_rng(0).random(mask.shape) < keep)
    sparse.flat[np.flatnonzero(mask)[0]] = True
    both_answers(sparse, rows, cols)


def test_a_point_beyond_the_rings_is_answered_by_the_tree() -> None:
    mask = np.zeros((40, 40), bool)
    mask[0, 0] = True
    rows, cols = np.array([39, 3, 0]), np.array([39, 4, 0])
    found = nearest_pixel_distances(mask, np.flatnonzero(mask), rows, cols)
    np.testing.assert_array_equal(found, [np.hypot(39, 39), 5.0, 0.0])


def test_rings_cover_the_disc_nearest_first() -> None:
    squared = [value for value, _, _ in rings(RING_REACH)]
    assert squared == sorted(set(squared)) and squared[0] == 0
    assert sum(dr.size for _, dr, _ in rings(2)) == 13  # the disc of radius 2
    for value, dr, dc in rings(RING_REACH):
        np.testing.assert_array_equal(dr * dr + dc * dc, value)


@pytest.mark.parametrize("switch", [TREE_SWITCH, math.inf])
def test_many_undecided_points_leave_the_rings_early_for_the_tree(monkeypatch, switch) -> None:
    # Every pixel of a disc of radius 8 against its contour: all within RING_REACH, but
    # far more probes than TREE_SWITCH x contour pixels, so the tree answers them (and
    # without the switch the rings do): the same distances either way.
    yy, xx = np.mgrid[:21, :21]
    disc = (yy - 10) ** 2 + (xx - 10) ** 2 <= 8 ** 2
    contour = disc & ~ndimage.binary_erosion(disc)
    rows, cols = np.nonzero(disc)
    trees = []

    def counted_tree(*args, **kwargs):
        trees.append(args)
        return cKDTree(*args, **kwargs)

    monkeypatch.setattr(nearest_pixel, "TREE_SWITCH", switch)
    monkeypatch.setattr(nearest_pixel, "cKDTree", counted_tree)
    both_answers(contour, rows, cols)
    assert len(trees) == (1 if switch == TREE_SWITCH else 0)
