"""Binary morphology primitives shared by every metric family (``docs/metrics.md``, "Notation").

OpenCV does the heavy lifting (dilation, chamfer distances, connected components; the
exact Euclidean transform is `vesselview.engine.edt`):
it is several times faster than scipy.ndimage on vessel-sized images and gives the
same pixels; ``tests/engine/test_morphology.py`` checks each against scipy/scikit-image.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from vesselview.engine.edt import euclidean_distance_to

DistanceKind = str  # "euclidean" | "cityblock" | "chessboard"


@lru_cache(maxsize=64)
def disk(radius: float) -> np.ndarray:
    """Euclidean disc of ``radius`` pixels, the pixels of ``skimage.morphology.disk``.

    The offsets ``(dy, dx)`` with ``dy**2 + dx**2 <= radius**2``, for any radius >= 0
    (``docs/metrics.md``, "Notation": a radius of 2.5 covers the offsets within 2.5
    pixels; an integer radius gives scikit-image's disc). Written out (the test compares
    it with scikit-image's) because importing ``skimage.morphology`` costs every
    ``vesselview-eval`` start about 0.1 s (it loads ``scipy.spatial``), for one line.

    Returns
    -------
    ndarray of uint8, shape (2n+1, 2n+1), n = floor(radius)
    """
    reach = math.floor(radius)
    offsets = np.arange(-reach, reach + 1)
    footprint = (offsets[:, None] ** 2 + offsets[None, :] ** 2 <= radius**2).astype(np.uint8)
    footprint.setflags(write=False)
    return footprint


def dilate_disk(mask: np.ndarray, radius: float) -> np.ndarray:
    """``dil(mask, disk(radius))``; pixels beyond the border count as background.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
    radius : float
        Disc radius in pixels, any number >= 0; below 1 returns a copy.
    """
    if radius < 1:
        return mask.copy()
    return _dilate(mask, disk(radius))


def dilate_square(mask: np.ndarray, half_width: float) -> np.ndarray:
    """``dil(mask, square(t))``: all pixels within chessboard distance ``half_width``.

    Chessboard distances are whole, so a half-width of 2.7 pixels covers the same
    pixels as 2 (``max(|dx|, |dy|) <= 2.7``); below 1 returns a copy.
    """
    reach = math.floor(half_width)
    if reach <= 0:
        return mask.copy()
    size = 2 * reach + 1
    return _dilate(mask, np.ones((size, size), np.uint8))


def _dilate(mask: np.ndarray, footprint: np.ndarray) -> np.ndarray:
    """Binary dilation with a symmetric footprint, zero padding."""
    out = cv2.dilate(
        mask.view(np.uint8), footprint, borderType=cv2.BORDER_CONSTANT, borderValue=0
    )
    return out.view(np.bool_)


def erode_cross(mask: np.ndarray) -> np.ndarray:
    """Erosion by the 3x3 cross; pixels beyond the border count as outside (background)."""
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    out = cv2.erode(mask.view(np.uint8), cross, borderType=cv2.BORDER_CONSTANT, borderValue=0)
    return out.view(np.bool_)


def inner_contour(mask: np.ndarray) -> np.ndarray:
    """4-connected inner boundary ``P(X)``: ``X`` minus its erosion by the 3x3 cross."""
    return mask & ~erode_cross(mask)


def distance_to(mask: np.ndarray, kind: DistanceKind = "euclidean") -> np.ndarray:
    """Distance from every pixel to the nearest True pixel of ``mask``.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
        Callers handle the empty mask (Euclidean gives ``inf`` everywhere; the
        chamfer kinds give OpenCV's large sentinel).
    kind : {"euclidean", "cityblock", "chessboard"}

    Returns
    -------
    ndarray of float64, shape (H, W)
        Distances in pixels (exact for all three kinds).
    """
    if kind == "euclidean":
        return euclidean_distance_to(mask)
    # OpenCV's 3x3 chamfer transforms are exact for the city-block and chessboard metrics.
    code = cv2.DIST_L1 if kind == "cityblock" else cv2.DIST_C
    return cv2.distanceTransform((~mask).view(np.uint8), code, 3).astype(np.float64)


def count_components(mask: np.ndarray, connectivity: int = 8) -> int:
    """Number of ``connectivity``-connected foreground components of ``mask``."""
    count, _ = cv2.connectedComponents(mask.view(np.uint8), connectivity=connectivity)
    return int(count) - 1


def label_components(mask: np.ndarray, connectivity: int = 8) -> tuple[np.ndarray, int]:
    """Label ``connectivity``-connected components (labels in OpenCV's raster order).

    Returns
    -------
    labels : ndarray of int32, shape (H, W)
        0 is background, 1..n the components.
    n : int
    """
    count, labels = cv2.connectedComponents(
        mask.view(np.uint8), connectivity=connectivity, ltype=cv2.CV_32S
    )
    return labels, int(count) - 1
