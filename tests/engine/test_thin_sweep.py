"""The one-sweep thinning (time-skewed subiterations, issue 28 item 3) equals thinning
subiteration by subiteration over the whole image.

The oracles: `thinning._thin_vectorised` (the no-compile path: whole-image
subiterations, as the former kernel did them) byte for byte, and scikit-image.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from skimage.morphology import thin as skimage_thin

from vesselview.engine import kernels_choice, thin_wavefront
from vesselview.engine.canonical import canonical_mask
from vesselview.engine.thinning import _LUT_FIRST, _LUT_SECOND, _thin_vectorised, thin

from .layouts import FORMS, assert_same_array
from .masks import noise_masks, random_vessel_mask, vessel_masks

PROPERTY = settings(max_examples=150, deadline=None)


def swept(mask: np.ndarray, first_levels: int = thin_wavefront.FIRST_LEVELS) -> np.ndarray:
    """The sweep's result on a canonical copy of ``mask``."""
    img = canonical_mask(mask)
    thin_wavefront.thin_sweep(img, _LUT_FIRST, _LUT_SECOND, first_levels)
    return img


def by_subiteration(mask: np.ndarray) -> np.ndarray:
    """Whole-image subiterations."""
    return _thin_vectorised(canonical_mask(mask))


@PROPERTY
@given(st.one_of(noise_masks(1, 48), vessel_masks()))
def test_the_sweep_equals_whole_image_subiterations(mask: np.ndarray) -> None:
    assert_same_array(swept(mask), by_subiteration(mask))


@pytest.mark.parametrize("seed", range(6))
def test_thick_vessels_over_many_rows_and_levels(seed: int) -> None:
    # Thick segments across a tall image and a blob needing about 60 subiterations:
    # many levels in flight at once.
    rng = np.random.default_rng(seed)
    mask = np.zeros((300, 90), bool)
    for _ in range(6):
        mask |= random_vessel_mask(rng, (300, 90))
    mask[120:180, 20:80] = True
    got = swept(mask)
    assert_same_array(got, by_subiteration(mask))
    np.testing.assert_array_equal(got, skimage_thin(mask))


@pytest.mark.parametrize("shape", [(0, 5), (5, 0), (1, 1), (1, 30), (30, 1), (2, 2)])
@pytest.mark.parametrize("fill", [False, True])
def test_degenerate_shapes(shape: tuple[int, int], fill: bool) -> None:
    mask = np.full(shape, fill)
    assert_same_array(swept(mask), by_subiteration(mask))


@settings(max_examples=60, deadline=None)
@given(st.one_of(noise_masks(1, 40), vessel_masks()), st.integers(1, 4))
def test_levels_are_added_as_a_thick_mask_needs_them(mask: np.ndarray,
                                                     first_levels: int) -> None:
    # Starting with room for a level or a few, the sweep doubles it again and again.
    assert_same_array(swept(mask, first_levels), by_subiteration(mask))


def test_room_for_one_level_holds_the_two_that_start_at_once() -> None:
    # Levels 1 and 2 start together: with room for one, level 2 wrote past the arrays
    # (a crash compiled; the kernel's Python source, bounds-checked, raised IndexError).
    mask = np.zeros((30, 10), bool)
    mask[4:26, 2:8] = True
    expected = by_subiteration(mask)
    img = canonical_mask(mask)
    kernels_choice.python_function(thin_wavefront.thin_sweep)(img, _LUT_FIRST, _LUT_SECOND, 1)
    assert_same_array(img, expected)
    assert_same_array(swept(mask, 1), expected)


def test_thin_gives_scikit_images_skeleton_of_non_canonical_arrays() -> None:
    rng = np.random.default_rng(3)
    mask = random_vessel_mask(rng, (120, 100)) | random_vessel_mask(rng, (120, 100))
    with kernels_choice.forced("compiled"):
        for form in ("bytes_255", "negative_strides", "fortran", "view"):
            assert_same_array(thin(FORMS[form](mask)), canonical_mask(skimage_thin(mask)))
