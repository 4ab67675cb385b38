"""The tolerance match made in row blocks equals the whole-image sets (issue 28, item 3).

The whole-image reference below is the formula of ``docs/metrics.md`` §3 with scipy's
dilation by a square (not OpenCV, not blocks). Blocks are made tiny so that random masks
cross many block borders, and the inputs come in every stored form a caller may hand over.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from scipy import ndimage

from vesselview.engine import row_blocks
from vesselview.engine.families.tolerance import tolerance_match

from .layouts import assert_same_array, stored_forms
from .masks import noise_masks

TOLERANCES = (0, 0.5, 1, 1.5, 2, 3, 5)


def whole_image(candidate: np.ndarray, reference: np.ndarray, fov: np.ndarray,
                t: float) -> dict[str, np.ndarray]:
    """The five sets of `ToleranceMatch` over the whole image at once (scipy's dilation)."""
    s, g = candidate & fov, reference & fov
    reach = math.floor(t)
    square = np.ones((2 * reach + 1, 2 * reach + 1), bool)
    grown_s = ndimage.binary_dilation(s, square) if reach else s
    grown_g = ndimage.binary_dilation(g, square) if reach else g
    return {"candidate": s, "reference": g, "candidate_matched": s & grown_g,
            "reference_matched": g & grown_s, "reference_band": grown_g & ~g}


@st.composite
def mask_triples(draw: st.DrawFn) -> tuple[np.ndarray, ...]:
    """S, G and F: three random masks of one shape."""
    first = draw(noise_masks(1, 40))
    return (first, *(draw(hnp.arrays(np.bool_, first.shape)) for _ in range(2)))


def assert_same_sets(candidate: np.ndarray, reference: np.ndarray, fov: np.ndarray,
                     t: float, block_pixels: int) -> None:
    """tolerance_match with blocks of ``block_pixels`` against `whole_image`."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(row_blocks, "BLOCK_PIXELS", block_pixels)
        got = tolerance_match(candidate, reference, fov, t)
    want = whole_image(candidate, reference, fov, t)
    for name, pixels in want.items():
        assert_same_array(getattr(got, name), pixels)
    assert got.counts == tuple(int(np.count_nonzero(want[name])) for name in (
        "candidate", "reference", "candidate_matched", "reference_matched"))


@given(masks=mask_triples(), t=st.sampled_from(TOLERANCES),
       block_pixels=st.integers(1, 200), data=st.data())
def test_blocked_sets_equal_the_whole_image_sets(masks: tuple[np.ndarray, ...], t: float,
                                                 block_pixels: int,
                                                 data: st.DataObject) -> None:
    candidate, reference, fov = (data.draw(stored_forms(mask)) for mask in masks)
    assert_same_sets(candidate, reference, fov, t, block_pixels)


@pytest.mark.parametrize("gap", [1, 2, 3])
def test_pixels_matched_across_a_block_border(gap: int) -> None:
    # S on row 9, G on row 9 + gap: blocks of rows 0-9 and 10-19 (t = 3 makes them 12
    # rows, the least a halo of 3 allows: rows 0-11 and 12-19, S and G in the first).
    s, g = np.zeros((20, 5), bool), np.zeros((20, 5), bool)
    s[9], g[9 + gap] = True, True
    fov = np.ones_like(s)
    for t in (1, 2, 3):
        assert_same_sets(s, g, fov, t, 10 * 5)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(row_blocks, "BLOCK_PIXELS", 10 * 5)
            matched = tolerance_match(s, g, fov, t).counts[2:]
        assert matched == ((5, 5) if gap <= t else (0, 0))
