"""Homotopic thinning to the limit (``docs/metrics.md`` §4, "skel").

This is the Guo–Hall two-subiteration algorithm exactly as
`skimage.morphology.thin` (and MATLAB ``bwmorph(X, 'thin', Inf)``) computes it:
the same lookup tables, the same parallel deletion within each subiteration.
Written by hand with numba because scikit-image re-correlates the whole image
every subiteration (~4.4 s at 3504x2336); here a subiteration looks only at the pixels
next to a deletion of the two subiterations before, all subiterations in one downward
sweep (`vesselview.engine.thin_wavefront`), which is 100x faster with identical output
(``tests/engine/test_thinning.py`` checks equality on random and vessel masks).
While the kernel compiles (`vesselview.engine.kernels_choice`), `_thin_vectorised` does
the same per subiteration with numpy: codes of every remaining pixel at once.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.canonical import canonical_mask
from vesselview.engine.kernels_choice import use_compiled
from vesselview.engine.thin_wavefront import FIRST_LEVELS, thin_sweep


def _neighbour_bits(code: int) -> list[bool]:
    """Bits of a neighbourhood code: E, NE, N, NW, W, SW, S, SE (bit 0 .. 7)."""
    return [bool(code >> i & 1) for i in range(9)]


def _thin_luts() -> tuple[np.ndarray, np.ndarray]:
    """Deletion tables of the two subiterations (Guo & Hall 1989, conditions G1-G3, G3')."""

    def g1(bits: list[bool]) -> bool:
        crossings = sum(
            1 for i in (0, 2, 4, 6) if not bits[i] and (bits[i + 1] or bits[(i + 2) % 8])
        )
        return crossings == 1

    def g2(bits: list[bool]) -> bool:
        n1 = sum(1 for k in (1, 3, 5, 7) if bits[k] or bits[k - 1])
        n2 = sum(1 for k in (1, 3, 5, 7) if bits[k] or bits[(k + 1) % 8])
        return min(n1, n2) in (2, 3)

    def g3(bits: list[bool]) -> bool:
        return not ((bits[1] or bits[2] or not bits[7]) and bits[0])

    def g3p(bits: list[bool]) -> bool:
        return not ((bits[5] or bits[6] or not bits[3]) and bits[4])

    first = np.zeros(256, np.bool_)
    second = np.zeros(256, np.bool_)
    for code in range(256):
        bits = _neighbour_bits(code)
        common = g1(bits) and g2(bits)
        first[code] = common and g3(bits)
        second[code] = common and g3p(bits)
    return first, second


_LUT_FIRST, _LUT_SECOND = _thin_luts()
#: (di, dj) of bits 0..7 of a neighbourhood code.
_NEIGHBOURS = ((0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0), (1, 1))
def thin(mask: np.ndarray) -> np.ndarray:
    """Thin a binary mask to one-pixel-wide, 8-connected curves.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
        Binary image; non-zero is foreground (any bool bytes, strides or order).

    Returns
    -------
    ndarray of bool, shape (H, W)
        The thinned image, equal pixel for pixel to ``skimage.morphology.thin(mask)``.
    """
    img = canonical_mask(mask)  # a copy, thinned in place; `_thin_vectorised` reads bytes
    if not use_compiled(img.size):
        return _thin_vectorised(img)
    thin_sweep(img, _LUT_FIRST, _LUT_SECOND, FIRST_LEVELS)
    return img


def _thin_vectorised(img: np.ndarray) -> np.ndarray:
    """`thin_sweep` in numpy, subiteration by subiteration, all deletions at once.

    ``img`` must be canonical (`canonical_mask`): the codes are built from its bytes.

    The image gets a background border so that neighbours are plain offsets into the
    flattened array. As in the kernel, a subiteration codes only the pixels next to a
    deletion of the two subiterations before (the others' codes, and so their fate under
    the same table, are unchanged); it stops after two subiterations without deletion,
    after which nothing can change.
    """
    height, width = img.shape
    padded = np.zeros((height + 2, width + 2), np.bool_)
    padded[1:-1, 1:-1] = img
    flat = padded.ravel()
    steps = [di * (width + 2) + dj for di, dj in _NEIGHBOURS]
    rows, cols = np.nonzero(img)
    where = (rows + 1) * (width + 2) + cols + 1  # the remaining foreground
    touched = np.full(flat.size, -3, np.int32)  # last subiteration deleting a neighbour
    subiteration, quiet = 0, 0
    while quiet < 2:
        look = where if subiteration < 2 else where[touched[where] >= subiteration - 2]
        code = np.zeros(look.size, np.uint8)
        for bit, step in enumerate(steps):
            code |= flat[look + step].view(np.uint8) << bit
        deleted = look[(_LUT_FIRST, _LUT_SECOND)[subiteration % 2][code]]
        quiet = 0 if deleted.size else quiet + 1
        if deleted.size:
            flat[deleted] = False
            for step in steps:
                touched[deleted + step] = subiteration
            where = where[flat[where]]
        subiteration += 1
    return padded[1:-1, 1:-1].copy()
