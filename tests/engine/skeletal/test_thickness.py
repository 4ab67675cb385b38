"""Thickness at skeleton pixels (``skeletal-similarity.md`` step 3)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import ndimage

from tests.engine.skeletal import oracle
from vesselview.engine.skeletal import skeleton_thickness
from vesselview.engine.thinning import thin


def thickness_map(mask: np.ndarray, skeleton: np.ndarray) -> np.ndarray:
    """The thickness scattered into a full float64 image (0 off the skeleton)."""
    return skeleton_thickness(mask, skeleton).image()


def test_bar_of_width_five_has_radius_three_up_to_the_border():
    mask = np.zeros((11, 20), bool)
    mask[3:8, :] = True  # rows 3..7, touching the left and right borders
    skeleton = np.zeros_like(mask)
    skeleton[5, :] = True
    thickness = thickness_map(mask, skeleton)
    # Nearest background is row 2 or row 8, 3 rows away; beyond the border is not background.
    assert np.all(thickness[5] == 3.0)
    assert np.all(thickness[~skeleton] == 0.0)
    assert thickness.dtype == np.float64 and not thickness.flags.writeable


def test_window_without_background_gives_100():
    mask = np.ones((30, 30), bool)
    skeleton = np.zeros_like(mask)
    skeleton[15, 15] = True
    assert thickness_map(mask, skeleton)[15, 15] == 100.0


def test_background_outside_the_21x21_window_is_not_seen():
    mask = np.ones((25, 25), bool)
    mask[12, 0] = False  # 12 columns away: outside the window, the EDT would say 12
    mask[2, 2] = False   # the window's corner (-10, -10): sqrt(200)
    skeleton = np.zeros_like(mask)
    skeleton[12, 12] = True
    assert thickness_map(mask, skeleton)[12, 12] == math.sqrt(200.0)
    assert ndimage.distance_transform_edt(mask)[12, 12] == 12.0


def test_skeleton_pixel_on_background_has_thickness_zero_and_empty_skeleton_gives_zeros():
    mask = np.zeros((4, 4), bool)
    skeleton = np.zeros_like(mask)
    assert not thickness_map(mask, skeleton).any()
    skeleton[1, 1] = True
    assert thickness_map(mask, skeleton)[1, 1] == 0.0


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(0.3, 0.97))
def test_equals_the_euclidean_distance_transform_wherever_that_is_at_most_10(seed, density):
    mask = np.random.default_rng(seed).random((40, 37)) < density
    skeleton = thin(mask) | (np.random.default_rng(seed + 1).random(mask.shape) < 0.1) & mask
    thickness = thickness_map(mask, skeleton)
    edt = ndimage.distance_transform_edt(mask)
    near = skeleton & (edt <= 10)
    np.testing.assert_array_equal(thickness[near], edt[near])
    far = skeleton & (edt > 10)
    assert np.all(thickness[far] > 10)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(0.3, 0.97))
def test_values_at_skeleton_pixels_scatter_to_exactly_the_full_image_map(seed, density):
    # The stored representation keeps only the skeleton's pixels (scan order) and their
    # values; scattered, it is the full-image map of the literal oracle, bit for bit.
    mask = np.random.default_rng(seed).random((40, 37)) < density
    skeleton = thin(mask) | (np.random.default_rng(seed + 1).random(mask.shape) < 0.1) & mask
    thickness = skeleton_thickness(mask, skeleton)
    expected = oracle.thickness(mask, skeleton)
    cols, rows = np.nonzero(skeleton.T)  # MATLAB find order
    np.testing.assert_array_equal(thickness.rows, rows)
    np.testing.assert_array_equal(thickness.cols, cols)
    assert thickness.values.dtype == np.float64 and thickness.values.shape == rows.shape
    np.testing.assert_array_equal(thickness.values, expected[rows, cols])
    image = thickness.image()
    assert image.dtype == np.float64 and not image.flags.writeable
    np.testing.assert_array_equal(image, expected)
    anywhere = np.random.default_rng(seed + 2).integers(0, 37, (2, 200)) % [[40], [37]]
    np.testing.assert_array_equal(thickness.at(*anywhere), expected[tuple(anywhere)])


def test_values_of_an_empty_skeleton_are_empty_and_read_as_zero():
    thickness = skeleton_thickness(np.ones((5, 6), bool), np.zeros((5, 6), bool))
    assert thickness.values.size == 0 and thickness.shape == (5, 6)
    np.testing.assert_array_equal(thickness.at(np.array([0, 4]), np.array([5, 0])), [0.0, 0.0])
    assert not thickness.image().any()
