"""Baddeley's Δp from two distance maps (``docs/metrics.md`` §2; key ``delta_p``).

Δp = [mean over X of |min(d(x,G), c) - min(d(x,S), c)|^p]^(1/p): X is every pixel, or
the FOV under ``distance_fov``. Computed a block of rows at a time, without a float64
image of the terms.
"""

from __future__ import annotations

import math

import numpy as np

from vesselview.engine.distance_map import DistanceMap
from vesselview.engine.kernels_cache import kernel
from vesselview.engine.kernels_choice import use_compiled

#: Rows of the image per block of Δp's terms (a few MB of float64 at a time).
_DELTA_P_ROWS = 128


def baddeley_delta(to_reference: DistanceMap | None, to_candidate: DistanceMap | None,
                   region: np.ndarray | None, shape: tuple[int, int], p: float,
                   c: float) -> float:
    """Δp = [mean over X of |w(d(x,G)) - w(d(x,S))|^p]^(1/p), w(u) = min(u, c).

    Parameters
    ----------
    to_reference, to_candidate : DistanceMap or None
        ``d(x, G)`` and ``d(x, S)`` (pixels); None for an empty mask, whose distance is
        infinite, so its ``w`` is ``c`` everywhere.
    region : ndarray of bool, shape (H, W), or None
        X (not empty), or None for every pixel.
    shape : tuple of int
        ``(H, W)``.
    p, c : float
        The exponent and the cut-off (pixels).

    Notes
    -----
    The terms are made and summed a block of rows at a time (numpy's pairwise sum
    within a block), and the block sums are added exactly (`math.fsum`): no float64
    image of every term (0.8 GB of fresh memory at 10000², which cost more in page
    faults than the arithmetic) and a sum at least as accurate as ``np.mean`` over one
    array: within 1e-14 of the exact mean on every numpy release (the block sums are
    numpy's own pairwise sums, whose last bit numpy releases may round apart).
    """
    height, width = shape
    sums: list[float] = []
    count = 0
    for top in range(0, height, _DELTA_P_ROWS):
        rows = slice(top, min(top + _DELTA_P_ROWS, height))
        diff = _clipped_gap(to_reference, to_candidate, c, rows, width)
        block = diff.ravel() if region is None else diff[region[rows]]
        block **= p
        sums.append(float(np.sum(block)))
        count += block.size
    return float((math.fsum(sums) / count) ** (1.0 / p))


def _clipped_gap(to_reference: DistanceMap | None, to_candidate: DistanceMap | None,
                 c: float, rows: slice, width: int) -> np.ndarray:
    """``|min(d(x,G), c) - min(d(x,S), c)|`` on ``rows``: a new float64 (rows, W) array.

    Two maps of 32-bit integers of one scale go through `_clipped_gap_kernel` (one pass
    writing one array), in stored units (``c / scale``, the result times ``scale``: the
    scale is 1 or 0.5, exact in float64); otherwise numpy does the same operations
    (``c`` for an empty mask's map).
    """
    if (to_reference is not None and to_candidate is not None
            and to_reference.stored.dtype == to_candidate.stored.dtype == np.uint32
            and to_reference.scale == to_candidate.scale
            and use_compiled(to_reference.stored.size)):
        scale = to_reference.scale
        gap = _clipped_gap_kernel(to_reference.stored[rows], to_reference.squared,
                                  to_candidate.stored[rows], to_candidate.squared,
                                  float(c) / scale)
        if scale != 1.0:
            gap *= scale
        return gap
    diff = np.subtract(_clipped(to_reference, c, rows, width),
                       _clipped(to_candidate, c, rows, width))
    return np.abs(diff, out=diff)


def _clipped(distances: DistanceMap | None, c: float, rows: slice, width: int) -> np.ndarray:
    """``min(d, c)`` on ``rows`` (float64, (rows, W)); ``c`` everywhere for an empty mask."""
    if distances is None:
        return np.full((rows.stop - rows.start, width), c)
    return distances.clipped(c, rows)


@kernel()
def _clipped_gap_kernel(reference: np.ndarray, reference_squared: bool,
                        candidate: np.ndarray, candidate_squared: bool,
                        c: float) -> np.ndarray:
    """`_clipped_gap` from two `DistanceMap.stored` arrays (uint32, (H, W)), in stored units.

    The same IEEE operations as `DistanceMap.clipped` and numpy's subtract and abs
    (a correctly rounded square root, min, difference, absolute value), so the same bits.
    """
    height, width = reference.shape
    out = np.empty((height, width), np.float64)
    for i in range(height):
        for j in range(width):
            d_g = np.float64(reference[i, j])
            d_s = np.float64(candidate[i, j])
            if reference_squared:
                d_g = np.sqrt(d_g)
            if candidate_squared:
                d_s = np.sqrt(d_s)
            out[i, j] = abs(min(d_g, c) - min(d_s, c))
    return out
