"""Baddeley's Δp from two distance maps (``docs/metrics.md`` §2; key ``delta_p``).

Δp = [mean over X of |min(d(x,G), c) - min(d(x,S), c)|^p]^(1/p): X is every pixel, or
the FOV under ``distance_fov``. The terms are made and summed a piece at a time, in the
order and grouping numpy's pairwise sum of the whole array of terms would use, so the
value is that of ``np.mean`` over all the terms, without them all in memory at once.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vesselview.engine.distance_map import DistanceMap
from vesselview.engine.kernels_cache import kernel
from vesselview.engine.kernels_choice import use_compiled

#: Terms made and summed at once (at least): a few MB of float64.
_LEAF_TERMS = 1 << 18

#: Rows per leaf at least: a leaf makes the partial rows at its ends twice (theirs and
#: their neighbours'), at most 2 of these.
_LEAF_ROWS = 32

#: numpy's pairwise sum splits a range of more than ``PW_BLOCKSIZE`` terms in two, at a
#: multiple of its unrolling (`_pairwise_sum`).
_PAIRWISE_BLOCK, _PAIRWISE_UNROLL = 128, 8


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
    The mean is ``np.mean`` of the terms in row-major order, bit for bit: their sum is
    numpy's pairwise sum, a binary tree over the terms whose every subtree is numpy's sum
    of its own terms (`_pairwise_sum`); the terms of one leaf subtree at a time are made
    and summed. Every term of X in one array was a fresh float64 image (0.8 GB at
    10000²), whose pages cost more than its arithmetic and grew with the image.
    """
    height, width = shape
    per_row = (np.full(height, width, np.int64) if region is None
               else np.count_nonzero(region, axis=1))
    ends = np.cumsum(per_row)

    def terms(start: int, stop: int) -> np.ndarray:
        """Terms ``start:stop`` of X in row-major order: a new float64 array."""
        first, last = np.searchsorted(ends, (start, stop - 1), side="right").tolist()
        rows = slice(first, last + 1)
        diff = _clipped_gap(to_reference, to_candidate, c, rows, width)
        picked = diff.ravel() if region is None else diff[region[rows]]
        skip = start - int(ends[first] - per_row[first])
        block = picked[skip:skip + stop - start]
        block **= p
        return block

    count = int(ends[-1])
    leaf = max(_LEAF_TERMS, _LEAF_ROWS * width)
    return float((_pairwise_sum(terms, 0, count, leaf) / count) ** (1.0 / p))


def _pairwise_sum(terms: Callable[[int, int], np.ndarray], start: int, count: int,
                  leaf: int) -> float:
    """numpy's pairwise sum of terms ``start:start + count`` (``np.add.reduce``'s value).

    Above 128 terms numpy sums the first ``count // 2``, rounded down to a multiple of 8,
    and the rest, each the same way, and adds the two; so a range of at most ``leaf``
    terms (or 128) is summed by numpy itself.
    """
    if count <= max(leaf, _PAIRWISE_BLOCK):
        return float(np.add.reduce(terms(start, start + count)))
    half = count // 2
    half -= half % _PAIRWISE_UNROLL
    return (_pairwise_sum(terms, start, half, leaf)
            + _pairwise_sum(terms, start + half, count - half, leaf))


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
