"""Estimate the field of view from the fundus photograph, for datasets that ship none.

The method (documented in ``docs/inputs.md``): a fundus camera images the retina as a
bright disc on a black surround, and the red channel is the brightest inside it. So

1. a pixel is inside when its red value is above `RED_FRACTION` of the image's
   99th-percentile red value (a fraction of the image's own brightness, so dark and
   bright photographs are treated alike; the percentile ignores a few saturated pixels);
2. an opening by a disc of radius `OPENING_RADIUS` removes speckle and thin text
   (JPEG noise, burnt-in labels in the black corners);
3. the largest connected component is kept and replaced by its convex hull: the field
   of view is a disc, possibly cut straight by the frame, so it is convex; the hull fills
   dark lesions and vessels inside it, also where they touch its border and would
   otherwise leave a notch.
"""

from __future__ import annotations

import cv2
import numpy as np

#: Inside the FOV: red above this fraction of the 99th-percentile red value.
RED_FRACTION = 0.15
#: Radius in pixels of the opening that removes speckle before the largest component.
OPENING_RADIUS = 3
#: Rounding tolerance of a hull edge's column at a row (intercepts are multiples of 1/H).
_TOLERANCE = 1e-7


def estimate_fov(fundus: np.ndarray) -> np.ndarray:
    """The field of view of a fundus photograph, by the method of this module.

    Parameters
    ----------
    fundus : ndarray of uint8, shape (H, W, 3)
        The photograph, RGB.

    Returns
    -------
    ndarray of bool, shape (H, W)
        True inside the field of view; all True when nothing stands out (a photograph
        cropped to the retina, or a black image).
    """
    red = fundus[..., 0]
    level = RED_FRACTION * float(np.percentile(red, 99))
    inside = red > level
    size = 2 * OPENING_RADIUS + 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    inside = cv2.morphologyEx(inside.view(np.uint8), cv2.MORPH_OPEN, disc).view(bool)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        inside.view(np.uint8), connectivity=8)
    if count < 2:
        return np.ones(red.shape, bool)
    largest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    return convex_fill(labels == largest)


def convex_fill(region: np.ndarray) -> np.ndarray:
    """The pixels whose centres lie in the convex hull of ``region``'s pixel centres.

    Written by hand: ``skimage.morphology.convex_hull_image`` gives the same pixels but
    tests every pixel against the polygon (about 10 s at 3504x2336), and
    ``cv2.fillConvexPoly`` rasterises the hull's edges approximately (it can add pixels
    outside the hull). Here each row's span between the hull's edges is computed from
    the edges' equations, exactly up to a tolerance far below the 1/H steps of their
    intercepts.

    Parameters
    ----------
    region : ndarray of bool, shape (H, W)
        A non-empty region.

    Returns
    -------
    ndarray of bool, shape (H, W)
    """
    contours, _ = cv2.findContours(region.astype(np.uint8), cv2.RETR_EXTERNAL,
                                   cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(np.concatenate(contours))[:, 0, :].astype(np.float64)  # (k, 2) x, y
    (x1, y1), (x2, y2) = hull.T, np.roll(hull, -1, axis=0).T
    rows = np.arange(int(hull[:, 1].min()), int(hull[:, 1].max()) + 1, dtype=np.float64)
    sloped = y1 != y2
    with np.errstate(divide="ignore", invalid="ignore"):
        at_row = x1 + (rows[:, None] - y1) * (x2 - x1) / np.where(sloped, y2 - y1, 1)
    spans = sloped & (rows[:, None] >= np.minimum(y1, y2)) & (rows[:, None] <= np.maximum(y1, y2))
    on_vertex = rows[:, None] == y1  # horizontal edges end at vertices
    lows = np.where(spans, at_row, np.inf).min(axis=1)
    lows = np.minimum(lows, np.where(on_vertex, x1, np.inf).min(axis=1))
    highs = np.where(spans, at_row, -np.inf).max(axis=1)
    highs = np.maximum(highs, np.where(on_vertex, x1, -np.inf).max(axis=1))
    columns = np.arange(region.shape[1])
    filled = np.zeros(region.shape, bool)
    filled[rows.astype(int)] = ((columns >= np.ceil(lows - _TOLERANCE)[:, None])
                                & (columns <= np.floor(highs + _TOLERANCE)[:, None]))
    return filled
