"""Tolerant overlaps counted in row blocks equal the whole-image counts (issue 28, item 3).

The whole-image reference below is the former code's formula with scipy's dilation
(not OpenCV, not blocks). Blocks are made tiny so that random masks cross many block
borders, and the inputs come in every stored form a caller may hand over.
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
from vesselview.engine.canonical import canonical_mask
from vesselview.engine.morphology import disk
from vesselview.engine.overlap import tolerant_counts, tolerant_overlap

from .layouts import assert_same_array, stored_forms
from .masks import noise_masks

RADII = (0, 0.5, 1, 1.5, 2, 2.9, 3, 5)


def whole_image(candidate: np.ndarray, reference: np.ndarray, candidate_points: np.ndarray,
                reference_points: np.ndarray, radius: float) -> tuple[int, int, np.ndarray]:
    """matched, union and band over the whole image at once (scipy's dilation)."""
    s, g = canonical_mask(candidate), canonical_mask(reference)
    sp, gp = canonical_mask(candidate_points), canonical_mask(reference_points)
    if radius >= 1:
        grown_s = ndimage.binary_dilation(s, disk(radius))
        grown_g = ndimage.binary_dilation(g, disk(radius))
    else:
        grown_s, grown_g = s, g
    matched = int(np.count_nonzero((grown_s & gp) | (sp & grown_g)))
    return matched, int(np.count_nonzero(sp | gp)), grown_g & ~g


@st.composite
def mask_sets(draw: st.DrawFn) -> tuple[np.ndarray, ...]:
    """Four random masks of one shape: S, G and the points counted of each."""
    first = draw(noise_masks(1, 40))
    others = [draw(hnp.arrays(np.bool_, first.shape)) for _ in range(3)]
    return (first, *others)


@given(masks=mask_sets(), radius=st.sampled_from(RADII),
       block_pixels=st.integers(1, 200), data=st.data())
def test_blocked_counts_equal_the_whole_image_counts(masks: tuple[np.ndarray, ...],
                                                     radius: float, block_pixels: int,
                                                     data: st.DataObject) -> None:
    stored = [data.draw(stored_forms(mask)) for mask in masks]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(row_blocks, "BLOCK_PIXELS", block_pixels)
        got = tolerant_counts(*stored, radius)
        got_band = got.reference_band
    matched, union, band = whole_image(*masks, radius)
    assert (got.matched, got.union) == (matched, union)
    assert_same_array(got_band, band)


@given(masks=mask_sets(), radius=st.sampled_from(RADII), block_pixels=st.integers(1, 200))
def test_tolerant_overlap_counts_the_masks_themselves(masks: tuple[np.ndarray, ...],
                                                     radius: float, block_pixels: int) -> None:
    candidate, reference = masks[:2]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(row_blocks, "BLOCK_PIXELS", block_pixels)
        got = tolerant_overlap(candidate, reference, radius)
        got_band = got.reference_band
    matched, union, band = whole_image(candidate, reference, candidate, reference, radius)
    assert (got.matched, got.union) == (matched, union)
    assert_same_array(got_band, band)


def test_a_vessel_crossing_a_block_border_is_matched_across_it() -> None:
    # S on row 9, G on row 11: within 2 pixels of each other across the border after row 9
    s = np.zeros((20, 5), bool)
    g = np.zeros((20, 5), bool)
    s[9], g[11] = True, True
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(row_blocks, "BLOCK_PIXELS", 10 * 5)  # blocks of rows 0-9 and 10-19
        assert [(b.start, b.stop) for b in row_blocks.row_blocks(20, 5, 2)] == [(0, 10),
                                                                               (10, 20)]
        got = tolerant_overlap(s, g, 2)
    assert (got.matched, got.union) == (10, 10)


@given(height=st.integers(0, 300), width=st.integers(1, 300), halo=st.integers(0, 60),
       block_pixels=st.integers(1, 5000))
def test_row_blocks_cover_every_row_once_with_their_halo(height: int, width: int, halo: int,
                                                          block_pixels: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(row_blocks, "BLOCK_PIXELS", block_pixels)
        blocks = list(row_blocks.row_blocks(height, width, halo))
    covered = [row for block in blocks for row in range(block.start, block.stop)]
    assert covered == list(range(height))
    for block in blocks:
        assert block.stop - block.start >= min(4 * halo, height - block.start, 1)
        assert block.lo == max(block.start - halo, 0) and block.hi == min(block.stop + halo,
                                                                           height)
        rows = np.arange(block.lo, block.hi)[block.own]
        np.testing.assert_array_equal(rows, np.arange(block.start, block.stop))
    assert math.ceil(height / max(-(-block_pixels // width), 4 * halo, 1)) == len(blocks)
