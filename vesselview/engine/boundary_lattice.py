"""Mask boundaries between pixels, as DeepMind surface-distance draws them (``deepmind``).

DeepMind's ``compute_surface_distances`` (source ``google-deepmind/surface-distance``,
``surface_distance/metrics.py`` and ``lookup_tables.py``) places the boundary of a 2-D mask
on the lattice of pixel *corners*: corner (i, j) is the point shared by pixels
(i-1, j-1), (i-1, j), (i, j-1) and (i, j). Its neighbour code is

    8·[top left] + 4·[top right] + 2·[bottom left] + 1·[bottom right]

(1 = inside the mask; pixels outside the image are outside). A corner is on the boundary
when its code is neither 0 (all outside) nor 15 (all inside), and it stands for the
length of boundary that marching squares draws through its 2x2 cell: a half diagonal
√2/2 when one or three of the four pixels are inside, a whole side 1 when two
neighbouring ones are, two half diagonals √2 when two opposite ones are. Distances run
between boundary corners (Euclidean), and every statistic weights a corner by that
length, so the boundary of a mask upscaled k times is the same curve, k times larger.

Only isotropic spacing is used: the engine measures in pixels and converts to µm after
(``docs/metrics.md``, "Lengths and units"), so the library's spacing-aware table is its
1 x 1 form here.
"""

from __future__ import annotations

import math

import numpy as np

#: Boundary length (pixels) each 2x2 neighbour code stands for (the library's
#: ``create_table_neighbour_code_to_contour_length`` at spacing (1, 1)).
_HALF_DIAGONAL = math.sqrt(2.0) / 2.0
SURFEL_LENGTHS = np.array([
    0.0, _HALF_DIAGONAL, _HALF_DIAGONAL, 1.0,                   # 0000 0001 0010 0011
    _HALF_DIAGONAL, 1.0, 2 * _HALF_DIAGONAL, _HALF_DIAGONAL,    # 0100 0101 0110 0111
    _HALF_DIAGONAL, 2 * _HALF_DIAGONAL, 1.0, _HALF_DIAGONAL,    # 1000 1001 1010 1011
    1.0, _HALF_DIAGONAL, _HALF_DIAGONAL, 0.0,                   # 1100 1101 1110 1111
])
SURFEL_LENGTHS.setflags(write=False)
_ALL_INSIDE = 15


def corner_codes(mask: np.ndarray) -> np.ndarray:
    """The neighbour code of every pixel corner.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)

    Returns
    -------
    ndarray of uint8, shape (H + 1, W + 1)
        Values 0..15; corner (i, j) is the top left corner of pixel (i, j).
    """
    padded = np.pad(mask, 1).view(np.uint8)
    return (8 * padded[:-1, :-1] + 4 * padded[:-1, 1:]
            + 2 * padded[1:, :-1] + padded[1:, 1:]).astype(np.uint8)


def boundary_corners(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The boundary corners of ``mask`` and the length each stands for.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)

    Returns
    -------
    corners : ndarray of bool, shape (H + 1, W + 1)
        Corners whose code is neither 0 nor 15 (empty exactly when ``mask`` is).
    lengths : ndarray of float64, shape (#corners,)
        Boundary length (pixels) of each, in row-major order of ``corners``.
    """
    codes = corner_codes(mask)
    corners = (codes != 0) & (codes != _ALL_INSIDE)
    return corners, SURFEL_LENGTHS[codes[corners]]


def weighted_mean(values: np.ndarray, weights: np.ndarray) -> float:
    """``Σ w·v / Σ w`` of a non-empty list (the library's average surface distance)."""
    return float(np.sum(values * weights) / np.sum(weights))


def weighted_percentile(values: np.ndarray, weights: np.ndarray, percent: float) -> float:
    """The library's length-weighted percentile (``compute_robust_hausdorff``, one side).

    The values are sorted by (value, weight); the result is the first value whose
    cumulative weight share reaches ``percent`` / 100, or the largest value when
    rounding keeps every share below it. No interpolation: always one of ``values``.

    Parameters
    ----------
    values, weights : ndarray of float64, shape (n,), n >= 1
    percent : float
        In [0, 100].
    """
    order = np.lexsort((weights, values))
    ordered = weights[order]
    shares = np.cumsum(ordered) / np.sum(ordered)
    index = int(np.searchsorted(shares, percent / 100.0))
    return float(values[order][min(index, values.size - 1)])
