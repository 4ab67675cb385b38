"""The search mask made in row blocks equals the union of the footprints (issue 28, item 3).

The reference below paints each listed pixel's footprint ``floor(|q - p|) <= r(p)`` into
the whole image one pixel at a time (no dilation, no blocks). Blocks are made tiny so that
footprints cross many block borders.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from tests.engine.layouts import stored_forms
from tests.engine.masks import noise_masks
from vesselview.engine import row_blocks
from vesselview.engine.skeletal._pixels import scan_order_pixels
from vesselview.engine.skeletal.radii import search_range_of


def blocked(shape: tuple[int, int], rows: np.ndarray, cols: np.ndarray, radii: np.ndarray,
            fov: np.ndarray, block_pixels: int) -> np.ndarray:
    """search_range_of with blocks of ``block_pixels``, the radii scattered into an image."""
    radius = np.zeros(shape, np.uint8)
    radius[rows, cols] = radii
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(row_blocks, "BLOCK_PIXELS", block_pixels)
        return search_range_of(radius, sorted(set(radii.tolist())), fov)


def painted(shape: tuple[int, int], rows: np.ndarray, cols: np.ndarray, radii: np.ndarray,
            fov: np.ndarray) -> np.ndarray:
    """Every pixel within floor-distance r(p) of a listed pixel p, inside ``fov``."""
    grid_rows, grid_cols = np.indices(shape)
    union = np.zeros(shape, bool)
    for row, col, radius in zip(rows, cols, radii, strict=True):
        squared = (grid_rows - row) ** 2 + (grid_cols - col) ** 2
        union |= np.floor(np.sqrt(squared)) <= radius
    return union & fov


@given(points=noise_masks(1, 30), block_pixels=st.integers(1, 200), data=st.data())
def test_blocked_search_range_equals_the_painted_footprints(points: np.ndarray,
                                                            block_pixels: int,
                                                            data: st.DataObject) -> None:
    rows, cols = scan_order_pixels(points)
    radii = data.draw(hnp.arrays(np.uint8, rows.shape, elements=st.integers(1, 4)))
    fov = data.draw(hnp.arrays(np.bool_, points.shape))
    got = blocked(points.shape, rows, cols, radii, data.draw(stored_forms(fov)), block_pixels)
    np.testing.assert_array_equal(got, painted(points.shape, rows, cols, radii, fov))
    assert got.dtype == np.bool_ and set(np.unique(got.view(np.uint8))) <= {0, 1}


def test_a_footprint_reaches_across_a_block_border() -> None:
    # One pixel on row 9 with radius 3 and one on row 10 with radius 1: blocks of rows
    # 0-11 and 12-19 (12 rows: at least 4 x the halo of 3), the first footprint reaching
    # row 12 of the second block.
    shape = (20, 7)
    rows, cols, radii = np.array([9, 10]), np.array([3, 0]), np.array([3, 1], np.uint8)
    fov = np.ones(shape, bool)
    got = blocked(shape, rows, cols, radii, fov, 10 * 7)
    np.testing.assert_array_equal(got, painted(shape, rows, cols, radii, fov))
    assert got[12, 3] and not got[13, 3]
