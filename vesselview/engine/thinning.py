"""Homotopic thinning to the limit (``docs/metrics.md`` §4, "skel").

This is the Guo–Hall two-subiteration algorithm exactly as
`skimage.morphology.thin` (and MATLAB ``bwmorph(X, 'thin', Inf)``) computes it:
the same lookup tables, the same parallel deletion within each subiteration.
Written by hand with numba because scikit-image re-correlates the whole image
every subiteration (~4.4 s at 3504x2336); here a subiteration looks only at the pixels
next to a deletion of the two subiterations before, which is 100x faster with identical
output (``tests/engine/test_thinning.py`` checks equality on random and vessel masks).
While the kernel compiles (`vesselview.engine.kernels_choice`), `_thin_vectorised` does
the same per subiteration with numpy: codes of every remaining pixel at once.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.canonical import canonical_mask
from vesselview.engine.kernels_cache import kernel
from vesselview.engine.kernels_choice import use_compiled


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


@kernel()
def _code(img: np.ndarray, i: int, j: int) -> int:
    """Neighbourhood code of (i, j); outside the image counts as background."""
    h, w = img.shape
    code = 0
    weights = ((0, 1, 1), (-1, 1, 2), (-1, 0, 4), (-1, -1, 8),
               (0, -1, 16), (1, -1, 32), (1, 0, 64), (1, 1, 128))
    for di, dj, weight in weights:
        y = i + di
        x = j + dj
        if 0 <= y < h and 0 <= x < w and img[y, x]:
            code += weight
    return code


_LOOK = np.uint8(1)     # a pixel listed to be looked at in this subiteration
_TOUCHED = np.uint8(2)  # a pixel listed as next to a deletion of this subiteration


@kernel()
def _gather(img: np.ndarray, mark: np.ndarray, lists: tuple, look: np.ndarray) -> int:
    """Write into ``look`` the foreground pixels (flat indices) of ``lists``, each once.

    Returns how many; each listed pixel keeps the ``_LOOK`` bit of ``mark``.
    """
    flat_img, flat_mark = img.ravel(), mark.ravel()
    count = 0
    for pixels, size in lists:
        for k in range(size):
            p = pixels[k]
            if flat_img[p] and not flat_mark[p] & _LOOK:
                flat_mark[p] |= _LOOK
                look[count] = p
                count += 1
    return count


@kernel()
def _touch_neighbours(img: np.ndarray, mark: np.ndarray, p: int, touched: np.ndarray,
                      count: int) -> int:
    """Append the foreground 8-neighbours of flat pixel ``p`` not yet in ``touched``.

    Returns the new length of ``touched``; each appended pixel gets the ``_TOUCHED`` bit.
    """
    height, width = img.shape
    flat_img, flat_mark = img.ravel(), mark.ravel()
    i, j = p // width, p % width
    for y in range(max(i - 1, 0), min(i + 2, height)):
        for x in range(max(j - 1, 0), min(j + 2, width)):
            q = y * width + x
            if flat_img[q] and not flat_mark[q] & _TOUCHED:
                flat_mark[q] |= _TOUCHED
                touched[count] = q
                count += 1
    return count


@kernel()
def _foreground(flat_img: np.ndarray) -> np.ndarray:
    """Flat indices (int32) of the True pixels, in raster order."""
    count = 0
    for p in range(flat_img.size):
        count += flat_img[p]
    found = np.empty(count, np.int32)
    count = 0
    for p in range(flat_img.size):
        if flat_img[p]:
            found[count] = p
            count += 1
    return found


@kernel()
def _thin_points(img: np.ndarray, lut_first: np.ndarray, lut_second: np.ndarray) -> None:
    """Thin ``img`` (C-contiguous) in place.

    A pixel is looked at only when a neighbour was deleted in one of the two previous
    subiterations (every pixel in the first two): otherwise the last subiteration with
    the same table saw the same neighbourhood and kept the pixel, so it would keep it
    again. Visiting only those pixels (lists of flat indices, not the whole foreground
    each time) gives the same deletions as looking at every pixel: all decisions of a
    subiteration still come before its deletions.
    """
    width = img.shape[1]
    flat_img = img.ravel()
    foreground = _foreground(flat_img)
    n = foreground.size
    mark = np.zeros(img.shape, np.uint8)
    flat_mark = mark.ravel()
    look = np.empty(n, np.int32)
    delete = np.empty(n, np.bool_)
    earlier = foreground  # next to a deletion two subiterations ago (all, at first)
    previous = foreground.copy()  # next to a deletion in the last subiteration
    touched = np.empty(n, np.int32)  # next to a deletion in this subiteration
    n_earlier = n_previous = n
    subiteration = 0
    while n_earlier + n_previous > 0:
        lut = lut_first if subiteration % 2 == 0 else lut_second
        subiteration += 1
        n_look = _gather(img, mark, ((earlier, n_earlier), (previous, n_previous)), look)
        for k in range(n_look):
            delete[k] = lut[_code(img, look[k] // width, look[k] % width)]
        n_touched = 0
        for k in range(n_look):
            flat_mark[look[k]] &= ~_LOOK
            if delete[k]:
                flat_img[look[k]] = False
                n_touched = _touch_neighbours(img, mark, look[k], touched, n_touched)
        for k in range(n_touched):
            flat_mark[touched[k]] &= ~_TOUCHED
        earlier, previous, touched = previous, touched, earlier
        n_earlier, n_previous = n_previous, n_touched


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
    _thin_points(img, _LUT_FIRST, _LUT_SECOND)
    return img


def _thin_vectorised(img: np.ndarray) -> np.ndarray:
    """`_thin_points` in numpy: each subiteration codes every remaining pixel at once.

    ``img`` must be canonical (`canonical_mask`): the codes are built from its bytes.

    The image gets a background border so that neighbours are plain offsets into the
    flattened array.
    """
    height, width = img.shape
    padded = np.zeros((height + 2, width + 2), np.bool_)
    padded[1:-1, 1:-1] = img
    flat = padded.ravel()
    steps = [di * (width + 2) + dj for di, dj in _NEIGHBOURS]
    rows, cols = np.nonzero(img)
    where = (rows + 1) * (width + 2) + cols + 1
    changed = True
    while changed:
        changed = False
        for lut in (_LUT_FIRST, _LUT_SECOND):
            code = np.zeros(where.size, np.uint8)
            for bit, step in enumerate(steps):
                code |= flat[where + step].view(np.uint8) << bit
            delete = lut[code]
            if delete.any():
                flat[where[delete]] = False
                where = where[~delete]
                changed = True
    return padded[1:-1, 1:-1].copy()
