"""The value of the nearest listed pixel, at every pixel of a mask (Euclidean, exact).

`nearest_values` answers what ``scipy.ndimage.distance_transform_edt(~listed,
return_indices=True)`` answers at the mask's pixels - which listed pixel is nearest,
and on ties the one with the smallest column, then the smallest row, as scipy's
feature transform picks (``tests/engine/test_nearest_feature.py`` checks both against
brute force) - without scipy's two full-image index arrays (8 bytes per image pixel,
0.8 GB at 10000x10000) or its single thread of whole-image work.

The compiled kernel is the separable exact transform (Felzenszwalb & Huttenlocher
2012) run one image row at a time: per column, the nearest listed pixel above or below
the row (a pointer into that column's sorted list, moved down as the rows go), then the
lower envelope of the columns' parabolas answers every mask pixel of the row. Rows
without mask pixels are skipped. Memory: a few arrays of the image width and of the
listed pixels. Written by hand because no library gives the nearest feature at chosen
pixels only. While it compiles (`vesselview.engine.kernels_choice`) scipy's transform
gives the same answer.
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

from vesselview.engine.canonical import canonical_mask
from vesselview.engine.kernels_cache import kernel
from vesselview.engine.kernels_choice import use_compiled


def nearest_values(mask: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                   values: np.ndarray) -> np.ndarray:
    """Per True pixel of ``mask``, the value of the nearest listed pixel.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
        Where the answer is wanted (any memory layout).
    rows, cols : ndarray of int, shape (n,), n >= 1
        The listed pixels, sorted by column, then row (column-major scan order, as
        `vesselview.engine.skeletal.scan_order_pixels` gives), without repeats.
    values : ndarray of float64, shape (n,)
        A value per listed pixel.

    Returns
    -------
    ndarray of float64, shape (#mask,)
        In row-major order (the order of ``image[mask]``): the value of the listed
        pixel nearest to each mask pixel; on ties the one with the smallest column, then
        the smallest row.
    """
    canonical = canonical_mask(mask)
    # writable copies (the listed pixels are a few percent of the image): one compiled
    # signature whatever the caller holds (a `SkeletonValues`' arrays are read-only)
    rows, cols = np.array(rows, np.int64), np.array(cols, np.int64)
    values = np.array(values, np.float64)
    if not use_compiled(canonical.size):
        return _nearest_values_scipy(canonical, rows, cols, values)
    starts = np.searchsorted(cols, np.arange(canonical.shape[1] + 1)).astype(np.int64)
    out = np.empty(np.count_nonzero(canonical), np.float64)
    _nearest_values(canonical, starts, rows, values, out)
    return out


def _nearest_values_scipy(mask: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                          values: np.ndarray) -> np.ndarray:
    """`nearest_values` by scipy's exact feature transform (full-size index arrays), on
    the box that holds the mask's and the listed pixels: beyond it there is no listed
    pixel to find and no answer wanted, and the tie rule depends on relative positions
    only (a fifth less work for a fundus image's vessels)."""
    if not mask.any():
        return np.zeros(0, np.float64)
    top, bottom, left, right = _bounding_box(mask, rows, cols)
    rows, cols, mask = rows - top, cols - left, mask[top:bottom, left:right]
    unlisted = np.ones(mask.shape, np.bool_)
    unlisted[rows, cols] = False
    index = np.full(mask.shape, -1, np.int32)
    index[rows, cols] = np.arange(rows.size, dtype=np.int32)
    near_rows, near_cols = ndimage.distance_transform_edt(
        unlisted, return_distances=False, return_indices=True)
    return values[index[near_rows[mask], near_cols[mask]]]


def _bounding_box(mask: np.ndarray, rows: np.ndarray, cols: np.ndarray
                  ) -> tuple[int, int, int, int]:
    """Rows ``top:bottom`` and columns ``left:right`` holding the True pixels of ``mask``
    and the listed pixels (at least one of each)."""
    mask_rows = np.flatnonzero(mask.any(axis=1))
    mask_cols = np.flatnonzero(mask.any(axis=0))
    return (min(int(rows.min()), int(mask_rows[0])), max(int(rows.max()), int(mask_rows[-1])) + 1,
            min(int(cols.min()), int(mask_cols[0])), max(int(cols.max()), int(mask_cols[-1])) + 1)


@kernel()
def _nearest_values(mask: np.ndarray, starts: np.ndarray, rows: np.ndarray,
                    values: np.ndarray, out: np.ndarray) -> None:
    """Fill ``out`` (row-major, one per mask pixel); column j lists rows[starts[j]:starts[j+1]].

    Ties: a column's nearest pixel is the upper one of two at the same distance, and at
    a query point the envelope keeps the smaller column (an envelope parabola whose
    interval is empty or a point is dropped; a query on a boundary stays left).
    """
    height, width = mask.shape
    pointer = starts[:-1].copy()  # per column: first listed row >= the current row
    chosen = np.empty(width, np.int64)  # per column: its listed pixel nearest the row
    envelope = np.empty(width, np.int64)  # columns on the lower envelope
    bounds = np.empty(width + 1, np.float64)  # where each envelope column starts
    written = 0
    for i in range(height):
        if not mask[i].any():
            continue
        size = 0
        for j in range(width):
            first, end = starts[j], starts[j + 1]
            if first == end:
                continue
            p = pointer[j]
            while p < end and rows[p] < i:
                p += 1
            pointer[j] = p
            if p == end or (p > first and i - rows[p - 1] <= rows[p] - i):
                p -= 1
            chosen[j] = p
            height_j = j * j + (rows[p] - i) ** 2
            start = -np.inf
            while size > 0:
                k = envelope[size - 1]
                # where parabola j falls below parabola k (exact: integer operands,
                # a correctly rounded division keeps equal and unequal ratios apart)
                start = (height_j - k * k - (rows[chosen[k]] - i) ** 2) / (2.0 * (j - k))
                if start > bounds[size - 1]:
                    break
                size -= 1
                start = -np.inf
            envelope[size] = j
            bounds[size] = start
            size += 1
        k = 0
        for x in range(width):
            if mask[i, x]:
                while k + 1 < size and bounds[k + 1] < x:
                    k += 1
                out[written] = values[chosen[envelope[k]]]
                written += 1
