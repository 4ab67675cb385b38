"""Thickness at skeleton pixels (``skeletal-similarity.md`` step 3)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import ndimage

from vesselview.engine.skeletal import thickness_map
from vesselview.engine.thinning import thin


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
