"""The compiled Euclidean transform in one buffer of the result's dtype (issue 28, item 3).

The column pass writes into the result's dtype with its largest value for a column
without features, and the row pass overwrites it: both the usual uint32 and the int64
of images whose squared diagonal exceeds 32 bits (too large to test at their real size,
so forced here on small masks) give scipy's squared distances.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis.extra import numpy as hnp
from scipy import ndimage

from vesselview.engine import edt

from .masks import shapes


def scipy_squared(mask: np.ndarray) -> np.ndarray:
    """d² from scipy's feature transform, in int64."""
    rows, cols = ndimage.distance_transform_edt(~mask, return_distances=False,
                                                return_indices=True)
    grid_rows, grid_cols = np.indices(mask.shape)
    return (rows - grid_rows).astype(np.int64) ** 2 + (cols - grid_cols).astype(np.int64) ** 2


@pytest.mark.parametrize("dtype", [np.uint32, np.int64])
@given(mask=shapes(1, 40).flatmap(lambda shape: hnp.arrays(np.bool_, shape)))
def test_one_buffer_gives_scipys_squared_distances(dtype: type, mask: np.ndarray) -> None:
    mask.flat[0] |= not mask.any()  # the transform wants a feature
    got = edt._compiled_transform(np.ascontiguousarray(mask), dtype)
    assert got.dtype == dtype
    np.testing.assert_array_equal(got.astype(np.int64), scipy_squared(mask))


@pytest.mark.parametrize("dtype", [np.uint32, np.int64])
def test_columns_without_features_and_one_pixel_columns(dtype: type) -> None:
    # One feature at (0, 0) of a 1-column, a 1-row and a 50x3 image: the other columns of
    # the last hold the dtype's largest value after the column pass.
    for shape in [(50, 1), (1, 50), (50, 3)]:
        mask = np.zeros(shape, bool)
        mask[0, 0] = True
        got = edt._compiled_transform(mask, dtype)
        np.testing.assert_array_equal(got.astype(np.int64), scipy_squared(mask))
