"""Vessel thickness at skeleton pixels (``docs/metrics.md`` §5 step 3).

The thickness of a skeleton pixel p of mask X is the Euclidean distance from p to the
nearest background pixel of X inside the 21x21 window centred on p (clipped at the
image border; pixels beyond the border are not background), or 100 when that window
holds no background pixel. It is a radius, not a diameter.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.kernels_cache import kernel
from vesselview.engine.kernels_choice import use_compiled
from vesselview.engine.nearest_pixel import offsets_nearest_first
from vesselview.engine.skeletal._pixels import SkeletonValues, scan_order_pixels, skeleton_values

#: Half width of the thickness window (21x21) and the value when it has no background.
WINDOW_HALF = 10
NO_BACKGROUND = 100.0


#: The window's offsets nearest first, with their Euclidean lengths (pixels).
_OFF_I, _OFF_J, _OFF_SQUARED = offsets_nearest_first(WINDOW_HALF)
_OFF_DIST = np.sqrt(_OFF_SQUARED.astype(np.float64))


@kernel()
def _nearest_background(mask: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                        off_i: np.ndarray, off_j: np.ndarray, off_dist: np.ndarray,
                        missing: float) -> np.ndarray:
    """Distance to the nearest background pixel in the window, per listed pixel.

    Written by hand: offsets are visited nearest first, so a thin-vessel pixel stops
    after a handful of probes; this is exact (window clipping and the 100 rule
    included) and cheaper than a whole-image distance transform.
    """
    h, w = mask.shape
    out = np.empty(rows.shape[0], np.float64)
    for k in range(rows.shape[0]):
        value = missing
        for m in range(off_i.shape[0]):
            y = rows[k] + off_i[m]
            x = cols[k] + off_j[m]
            if 0 <= y < h and 0 <= x < w and not mask[y, x]:
                value = off_dist[m]
                break
        out[k] = value
    return out


def skeleton_thickness(mask: np.ndarray, skeleton: np.ndarray) -> SkeletonValues:
    """Thickness (radius) of ``mask`` at every pixel of ``skeleton``.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
        Vessel mask X (reference G or candidate S).
    skeleton : ndarray of bool, shape (H, W)
        ``thin(X)``.

    Returns
    -------
    SkeletonValues
        Per skeleton pixel (scan order), the distance in pixels to the nearest
        background pixel of ``mask`` within the 21x21 window (equal to the Euclidean
        distance transform wherever that is <= 10), 100.0 when the window has none.
        ``.image()`` is the former full-image map (0 off the skeleton).
    """
    rows, cols = scan_order_pixels(skeleton)
    mask = np.ascontiguousarray(mask, dtype=np.bool_)
    if use_compiled(mask.size):
        values = _nearest_background(mask, rows, cols, _OFF_I, _OFF_J, _OFF_DIST,
                                     NO_BACKGROUND)
    else:
        values = _nearest_background_vectorised(mask, rows, cols)
    return skeleton_values(mask.shape, rows, cols, values)


def _nearest_background_vectorised(mask: np.ndarray, rows: np.ndarray,
                                   cols: np.ndarray) -> np.ndarray:
    """`_nearest_background` without compiling: the same nearest-first search of the
    window, one offset at a time for all the pixels still searching.

    Most skeleton pixels find background within a few offsets, so this touches a few
    times the skeleton's pixels, not the whole image (a whole-image distance transform
    cost about 10x more at 3504x3390).
    """
    # the border as foreground: pixels beyond it are not background; flat indices
    padded = np.pad(mask, WINDOW_HALF, constant_values=True).ravel()
    stride = mask.shape[1] + 2 * WINDOW_HALF
    values = np.full(rows.shape[0], NO_BACKGROUND)
    searching = np.arange(rows.shape[0])
    centres = (rows + WINDOW_HALF) * stride + (cols + WINDOW_HALF)
    for di, dj, distance in zip(_OFF_I, _OFF_J, _OFF_DIST, strict=True):
        if searching.size == 0:
            break
        found = ~padded[centres + (di * stride + dj)]
        values[searching[found]] = distance
        searching, centres = searching[~found], centres[~found]
    return values
