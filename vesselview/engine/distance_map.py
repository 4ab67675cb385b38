"""Distance maps kept in 4 bytes per pixel, read back exactly.

The distance and contour stages keep whole-image distance transforms so that a parameter
change (a threshold, Pratt's k, Baddeley's p and c) re-uses them. On the pixel grid a
Euclidean distance is the square root of an integer: the map keeps that integer d²
(uint32, as `vesselview.engine.edt` computes it) and takes the square root in float64
when read, which is bit for bit the float64 transform (the same correctly rounded square
root of the same integer). City-block and chessboard distances are integers, kept as such.
Only an image whose squared diagonal exceeds 32 bits (about 65000 pixels corner to
corner, a very elongated image within the size limit) keeps float64.

`distance_map_to_squares` measures from each pixel's centre to the nearest point of the
mask's pixel *squares* instead of their centres (``distance_to = squares``,
``docs/metrics.md`` §2): a transform on the lattice of half pixels, read at the pixel
centres and halved (`vesselview.engine.square_edt`).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.canonical import readonly
from vesselview.engine.edt import squared_dtype, squared_euclidean_distance_to
from vesselview.engine.morphology import DistanceKind, distance_to
from vesselview.engine.square_edt import (
    half_pixel_lattice,
    lattice_squared_dtype,
    squared_half_distances,
)


@dataclasses.dataclass(frozen=True, eq=False)
class DistanceMap:
    """``d(x, mask)`` for every pixel x, stored compactly.

    Attributes
    ----------
    stored : ndarray of uint32 or float64, shape (H, W), read-only
        d² (``squared``), d (``not squared``: integer kinds, or float64 for huge images).
    squared : bool
        Whether ``stored`` holds squared distances.
    scale : float
        Pixels per stored unit of distance: 1, or 0.5 for a map on the half-pixel
        lattice (`distance_map_to_squares`; halving is exact in float64).
    """

    stored: np.ndarray
    squared: bool
    scale: float = 1.0

    def _decoded(self, stored: np.ndarray) -> np.ndarray:
        """Distances (float64, pixels) from stored values: a new, writable array."""
        values = stored.astype(np.float64)
        if self.squared:
            np.sqrt(values, out=values)
        if self.scale != 1.0:
            values *= self.scale
        return values

    def at(self, mask: np.ndarray) -> np.ndarray:
        """Distances at the True pixels of ``mask`` (bool (H, W)), row-major: float64 (n,)."""
        return self._decoded(self.stored[mask])

    def at_indices(self, flat: np.ndarray) -> np.ndarray:
        """Distances at row-major flat indices (int, shape (n,)): float64 (n,)."""
        return self._decoded(self.stored.ravel()[flat])

    def pixel(self, row: int, col: int) -> float:
        """The distance at one pixel."""
        return float(self._decoded(self.stored[row:row + 1, col])[0])

    def clipped(self, limit: float, rows: slice = slice(None)) -> np.ndarray:
        """``min(d, limit)`` for every pixel of ``rows``: a new float64 (rows, W) array."""
        values = self._decoded(self.stored[rows])
        return np.minimum(values, limit, out=values)


def distance_map(mask: np.ndarray, kind: DistanceKind) -> DistanceMap:
    """The distance from every pixel to the nearest True pixel of ``mask``.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
        Not empty (callers say what an empty mask means).
    kind : {"euclidean", "cityblock", "chessboard"}
    """
    if kind == "euclidean" and squared_dtype(mask.shape) is np.uint32:
        return DistanceMap(readonly(squared_euclidean_distance_to(mask)), squared=True)
    distances = distance_to(mask, kind)  # float64, exact
    if kind != "euclidean":
        return DistanceMap(readonly(distances.astype(np.uint32)), squared=False)
    return DistanceMap(readonly(distances), squared=False)


def distance_map_to_squares(mask: np.ndarray, kind: DistanceKind) -> DistanceMap:
    """The distance from every pixel's centre to the nearest point of ``mask``'s pixels,
    each pixel a closed unit square (0 on the mask), in half pixels (``scale`` 0.5).

    Exact: a transform on the lattice of half pixels
    (`vesselview.engine.square_edt`), about 2.5 (Euclidean) or four times the work
    of `distance_map`.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
        Not empty.
    kind : {"euclidean", "cityblock", "chessboard"}

    Examples
    --------
    >>> mask = np.zeros((1, 4), bool)
    >>> mask[0, 0] = True
    >>> distance_map_to_squares(mask, "euclidean").at(np.ones((1, 4), bool)).tolist()
    [0.0, 0.5, 1.5, 2.5]
    """
    if kind == "euclidean" and lattice_squared_dtype(mask.shape) is np.uint32:
        return DistanceMap(readonly(squared_half_distances(mask)), squared=True, scale=0.5)
    halves = distance_map(half_pixel_lattice(mask), kind)
    return DistanceMap(readonly(halves.stored[1::2, 1::2]), halves.squared, scale=0.5)

