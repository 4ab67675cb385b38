"""Pixel lists in scan order and read-only array helpers (``docs/metrics.md`` §5).

Scan order is column-major: column by column, top to bottom within a column (MATLAB
``find`` order). Every sequential pass of the SS engine walks pixels in this order.
"""

from __future__ import annotations

import numpy as np

#: The 8 neighbour offsets ``(di, dj)`` in scan order (column j-1, then j, then j+1).
SCAN_NEIGHBOURS = np.array(
    [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)], dtype=np.int64
)


def scan_order_pixels(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Coordinates of the True pixels of ``mask`` in column-major scan order.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
        Any memory layout.

    Returns
    -------
    rows, cols : ndarray of int64, shape (n,)
        0-based coordinates sorted by column, then row.
    """
    height, width = mask.shape
    rows, cols = np.divmod(np.flatnonzero(mask), width)
    key = cols * height + rows  # column-major linear index; sorting it is ~5x faster
    key.sort()                  # than np.nonzero(mask.T) on large images
    cols, rows = np.divmod(key, height)
    return rows.astype(np.int64), cols.astype(np.int64)


def readonly(array: np.ndarray) -> np.ndarray:
    """A read-only, C-contiguous view of ``array`` (the caller's array stays writeable)."""
    view = np.ascontiguousarray(array).view()
    view.setflags(write=False)
    return view


def scatter(shape: tuple[int, int], rows: np.ndarray, cols: np.ndarray,
            values: np.ndarray | bool, dtype: type) -> np.ndarray:
    """Read-only image of ``dtype`` that holds ``values`` at ``(rows, cols)`` and 0 elsewhere."""
    image: np.ndarray = np.zeros(shape, dtype)
    image[rows, cols] = values
    return readonly(image)


def group_starts(sorted_keys: np.ndarray, n_groups: int) -> np.ndarray:
    """Offsets of the runs of ``sorted_keys`` (values 0..n_groups-1), shape (n_groups + 1,)."""
    counts = np.bincount(sorted_keys, minlength=n_groups)
    starts = np.zeros(n_groups + 1, np.int64)
    np.cumsum(counts, out=starts[1:])
    return starts
