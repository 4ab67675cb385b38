"""Holes from the Euler number equal holes from labelling the background (issue 28, item 3).

The reference below labels with scipy (not OpenCV): 8-connected foreground components and
4-connected background components that do not touch the image border. Blocks and the
histogram's pieces are made tiny so that random masks cross many of their borders, and the
inputs come in every stored form a caller may hand over.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import ndimage

from vesselview.engine import euler_number, row_blocks
from vesselview.engine.families.topology import betti_numbers, count_holes

from .layouts import stored_forms
from .masks import noise_masks


def labelled_betti(mask: np.ndarray) -> tuple[int, int]:
    """β0 (8-connected) and the holes (4-connected background off the border), by scipy."""
    components = ndimage.label(mask, np.ones((3, 3), bool))[1]
    background, count = ndimage.label(~mask)  # scipy's default structure: 4-connected
    border = np.concatenate([background[0], background[-1], background[:, 0],
                             background[:, -1]])
    return components, count - np.unique(border[border > 0]).size


@given(mask=noise_masks(1, 40), block_pixels=st.integers(1, 300),
       histogram_pixels=st.integers(1, 300), data=st.data())
def test_holes_equal_the_labelled_holes(mask: np.ndarray, block_pixels: int,
                                        histogram_pixels: int, data: st.DataObject) -> None:
    stored = data.draw(stored_forms(mask))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(row_blocks, "BLOCK_PIXELS", block_pixels)
        patch.setattr(euler_number, "_HISTOGRAM_PIXELS", histogram_pixels)
        components, holes = labelled_betti(mask)
        assert euler_number.euler_number(stored) == components - holes
        assert betti_numbers(stored) == (components, holes)
        assert count_holes(stored, components) == holes


@pytest.mark.parametrize("block_pixels", [1, 6, 12, 18, 1 << 18])
def test_rings_straddling_block_borders(block_pixels: int) -> None:
    # Two rings (one hole each) on rows 1-3 and 3-7 of a 12x5 image, the second touching
    # the border (its inside does not), and a filled block on rows 8-10 (no hole), all
    # touching (one component): blocks of 1, 2 and 3 quad rows cut them at every height.
    mask = np.zeros((12, 5), bool)
    mask[1:4, 0:3] = True
    mask[2, 1] = False
    mask[3:8, 2:5] = True
    mask[4:7, 3] = False
    mask[8:11, 0:3] = True
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(row_blocks, "BLOCK_PIXELS", block_pixels)
        assert count_holes(mask) == 2 == labelled_betti(mask)[1]
        assert euler_number.euler_number(mask) == 1 - 2


@pytest.mark.parametrize(("shape", "value", "betti"), [
    ((1, 1), False, (0, 0)), ((1, 1), True, (1, 0)), ((1, 7), True, (1, 0)),
    ((6, 1), False, (0, 0)), ((5, 5), True, (1, 0)),
])
def test_uniform_masks(shape: tuple[int, int], value: bool, betti: tuple[int, int]) -> None:
    assert betti_numbers(np.full(shape, value)) == betti
