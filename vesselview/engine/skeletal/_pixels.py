"""Pixel lists in scan order and read-only array helpers (``docs/metrics.md`` §5).

Scan order is column-major: column by column, top to bottom within a column (MATLAB
``find`` order). Every sequential pass of the SS engine walks pixels in this order.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.canonical import readonly

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


def scatter(shape: tuple[int, int], rows: np.ndarray, cols: np.ndarray,
            values: np.ndarray | bool, dtype: type) -> np.ndarray:
    """Read-only image of ``dtype`` that holds ``values`` at ``(rows, cols)`` and 0 elsewhere."""
    image: np.ndarray = np.zeros(shape, dtype)
    image[rows, cols] = values
    return readonly(image)


@dataclasses.dataclass(frozen=True, eq=False)
class SkeletonValues:
    """One value per pixel of a skeleton, stored at those pixels only (a sparse image).

    A skeleton covers a few percent of the image: keeping its values as lists instead
    of a full (H, W) float64 image saves ~8 bytes per image pixel.

    Attributes
    ----------
    shape : tuple of int
        (H, W) of the image the pixels belong to.
    rows, cols : ndarray of int64, shape (n,), read-only
        The skeleton's pixels in column-major scan order (`scan_order_pixels`).
    values : ndarray of float64, shape (n,), read-only
        The value at each listed pixel.
    """

    shape: tuple[int, int]
    rows: np.ndarray
    cols: np.ndarray
    values: np.ndarray

    def at(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """The values at pixels ``(rows, cols)`` (any order), 0 where no pixel is listed.

        Returns
        -------
        ndarray of float64, shape of ``rows``
            Exactly ``self.image()[rows, cols]``.
        """
        height = self.shape[0]
        listed = self.cols * height + self.rows  # scan order: sorted
        wanted = np.asarray(cols, np.int64) * height + np.asarray(rows, np.int64)
        if listed.size == 0:
            return np.zeros(wanted.shape)
        index = np.minimum(np.searchsorted(listed, wanted), listed.size - 1)
        return np.where(listed[index] == wanted, self.values[index], 0.0)

    def image(self, dtype: type = np.float64) -> np.ndarray:
        """Read-only (H, W) image of ``dtype`` with the values scattered, 0 elsewhere."""
        return scatter(self.shape, self.rows, self.cols, self.values, dtype)


def skeleton_values(shape: tuple[int, int], rows: np.ndarray, cols: np.ndarray,
                    values: np.ndarray) -> SkeletonValues:
    """`SkeletonValues` of pixels already in scan order, its arrays made read-only."""
    return SkeletonValues(shape=(int(shape[0]), int(shape[1])), rows=readonly(rows),
                          cols=readonly(cols), values=readonly(values))


def group_starts(sorted_keys: np.ndarray, n_groups: int) -> np.ndarray:
    """Offsets of the runs of ``sorted_keys`` (values 0..n_groups-1), shape (n_groups + 1,)."""
    counts = np.bincount(sorted_keys, minlength=n_groups)
    starts = np.zeros(n_groups + 1, np.int64)
    np.cumsum(counts, out=starts[1:])
    return starts
