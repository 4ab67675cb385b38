"""`thin` equals ``skimage.morphology.thin`` (``metrics.md`` section 4, "skel")."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from skimage.morphology import thin as skimage_thin

from tests.engine.masks import grid, noise_masks, random_vessel_mask, vessel_masks
from vesselview.engine.families.topology import count_holes
from vesselview.engine.thinning import thin


def assert_same_as_skimage(mask: np.ndarray) -> None:
    ours = thin(mask)
    assert ours.dtype == np.bool_ and ours.shape == mask.shape
    np.testing.assert_array_equal(ours, skimage_thin(mask))


@settings(max_examples=30, deadline=None)
@given(noise_masks())
def test_random_masks_match_skimage(mask: np.ndarray) -> None:
    assert_same_as_skimage(mask)


@settings(max_examples=30, deadline=None)
@given(vessel_masks())
def test_vessel_masks_match_skimage(mask: np.ndarray) -> None:
    assert_same_as_skimage(mask)


@pytest.mark.parametrize("seed", range(4))
def test_larger_vessel_masks_touching_the_border_match_skimage(seed: int) -> None:
    rng = np.random.default_rng(seed)
    mask = random_vessel_mask(rng, (96, 80)) | random_vessel_mask(rng, (96, 80))
    mask[:, 0] |= rng.random(96) < 0.7  # ragged contact with the left border
    mask[-1] = True                      # a full bottom row
    assert_same_as_skimage(mask)


@pytest.mark.parametrize("shape", [(1, 1), (1, 9), (9, 1), (5, 7), (16, 16)])
@pytest.mark.parametrize("fill", [False, True])
def test_empty_and_full_images(shape: tuple[int, int], fill: bool) -> None:
    assert_same_as_skimage(np.full(shape, fill))


def test_empty_stays_empty() -> None:
    assert not thin(np.zeros((6, 6), bool)).any()


@pytest.mark.parametrize("mask", [
    grid([".....", ".###.", "....."]),        # 1-px line: already thin
    grid(["#....", ".#...", "..#..", "...#."]),  # 1-px diagonal
    grid(["....", ".#..", "...."]),           # isolated pixel
])
def test_thin_curves_are_fixed_points(mask: np.ndarray) -> None:
    np.testing.assert_array_equal(thin(mask), mask)


def test_thick_bar_becomes_one_pixel_wide_and_keeps_topology() -> None:
    # A 3-px bar thins to a single 8-connected curve inside it; a ring keeps its hole.
    bar = np.zeros((7, 12), bool)
    bar[2:5, 1:11] = True
    skeleton = thin(bar)
    assert skeleton.any() and not (skeleton & ~bar).any()
    assert skeleton.sum(axis=0).max() == 1  # one pixel per column
    ring = grid([".......", ".#####.", ".#####.", ".##.##.", ".#####.", ".#####.", "......."])
    ring_skeleton = thin(ring)
    assert count_holes(ring_skeleton) == 1
    assert_same_as_skimage(ring)


def test_input_is_not_modified_and_non_contiguous_input_works() -> None:
    mask = np.zeros((8, 10), bool)
    mask[2:6, 1:9] = True
    before = mask.copy()
    thin(mask)
    np.testing.assert_array_equal(mask, before)
    view = mask.T[::-1]
    np.testing.assert_array_equal(thin(view), skimage_thin(np.ascontiguousarray(view)))


@pytest.mark.parametrize("seed", range(3))
def test_thick_blobs_thinned_over_many_subiterations_match_skimage(seed: int) -> None:
    # Thick shapes take dozens of subiterations: the pixels looked at late are only those
    # next to recent deletions, which must give skimage's result all the same.
    rng = np.random.default_rng(seed)
    rows, cols = np.mgrid[:90, :110]
    mask = (rows - 45) ** 2 + (cols - 50) ** 2 < 35 ** 2
    mask ^= rng.random(mask.shape) < 0.02  # pin holes and specks
    mask[10:80, 95:105] = True             # a thick bar touching the disc
    assert_same_as_skimage(mask)
