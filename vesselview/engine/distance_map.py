"""Distance maps kept in 4 bytes per pixel, read back exactly.

The distance and contour stages keep whole-image distance transforms so that a parameter
change (a threshold, Pratt's k, Baddeley's p and c) re-uses them. On the pixel grid a
Euclidean distance is the square root of an integer: the map keeps that integer d²
(uint32) and takes the square root in float64 when read, which is bit for bit the
float64 transform (`vesselview.engine.edt` takes the same correctly rounded square root
of the same integer). City-block and chessboard distances are integers, kept as such.
Only an image whose squared diagonal exceeds 32 bits (about 65000 pixels corner to
corner, a very elongated image within the size limit) keeps float64.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.morphology import DistanceKind, distance_to

_UINT32_MAX = int(np.iinfo(np.uint32).max)


@dataclasses.dataclass(frozen=True, eq=False)
class DistanceMap:
    """``d(x, mask)`` for every pixel x, stored compactly.

    Attributes
    ----------
    stored : ndarray of uint32 or float64, shape (H, W), read-only
        d² (``squared``), d (``not squared``: integer kinds, or float64 for huge images).
    squared : bool
        Whether ``stored`` holds squared distances.
    """

    stored: np.ndarray
    squared: bool

    def _decoded(self, stored: np.ndarray) -> np.ndarray:
        """Distances (float64, pixels) from stored values: a new, writable array."""
        values = stored.astype(np.float64)
        return np.sqrt(values, out=values) if self.squared else values

    def at(self, mask: np.ndarray) -> np.ndarray:
        """Distances at the True pixels of ``mask`` (bool (H, W)), row-major: float64 (n,)."""
        return self._decoded(self.stored[mask])

    def pixel(self, row: int, col: int) -> float:
        """The distance at one pixel."""
        return float(self._decoded(self.stored[row:row + 1, col])[0])

    def clipped(self, limit: float) -> np.ndarray:
        """``min(d, limit)`` for every pixel: a new float64 (H, W) array."""
        values = self._decoded(self.stored)
        return np.minimum(values, limit, out=values)


def distance_map(mask: np.ndarray, kind: DistanceKind) -> DistanceMap:
    """The distance from every pixel to the nearest True pixel of ``mask``.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
        Not empty (callers say what an empty mask means).
    kind : {"euclidean", "cityblock", "chessboard"}
    """
    distances = distance_to(mask, kind)  # float64, exact
    height, width = mask.shape
    if kind != "euclidean":
        return DistanceMap(_readonly(distances.astype(np.uint32)), squared=False)
    if (height - 1) ** 2 + (width - 1) ** 2 > _UINT32_MAX:
        return DistanceMap(_readonly(distances), squared=False)
    # d = sqrt(k) correctly rounded, k < 2**32: d*d is within 2**-20 of k, so rint is k.
    squared = np.square(distances, out=distances)
    np.rint(squared, out=squared)
    return DistanceMap(_readonly(squared.astype(np.uint32)), squared=True)


def _readonly(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array
