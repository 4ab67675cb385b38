"""Search radii and the search mask (``docs/metrics.md`` §5 steps 4-6).

Each reference skeleton pixel gets a radius r in 1..R from its thickness T (thin
vessels get the larger radius); the search range of a pixel set is the union over its
pixels p of ``{q : floor(|q - p|) <= r(p)}``, intersected with the FOV F.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import lru_cache

import cv2
import numpy as np

from vesselview.engine.row_blocks import row_blocks
from vesselview.engine.skeletal._pixels import (
    SkeletonValues,
    readonly,
    scatter,
)

#: The ``+ 1e-4`` of step 4 (the paper's epsilon: keeps the thickest pixels at r = 1).
RADIUS_EPSILON = 1e-4


@dataclasses.dataclass(frozen=True, eq=False)
class SearchRange:
    """Per-pixel search radii of the reference skeleton and their union (steps 4-5).

    Attributes
    ----------
    radius : ndarray of uint8, shape (H, W)
        r(p) in 1..R on reference skeleton pixels (FOV ignored), 0 elsewhere.
    search_mask : ndarray of bool, shape (H, W)
        Search range of the whole reference skeleton, intersected with F.
    max_radius : int
        R, the largest radius any pixel can have.
    """

    radius: np.ndarray
    search_mask: np.ndarray
    max_radius: int


@lru_cache(maxsize=32)
def range_footprint(radius: int) -> np.ndarray:
    """Pixels within search radius ``radius``: ``floor(sqrt(di^2 + dj^2)) <= radius``.

    Returns
    -------
    ndarray of uint8, shape (2r+1, 2r+1), read-only
        r = 1 is the 3x3 square, r = 2 the 5x5 square, r = 3 the 7x7 square minus corners.
    """
    di, dj = np.mgrid[-radius:radius + 1, -radius:radius + 1]
    footprint = (di * di + dj * dj < (radius + 1) ** 2).astype(np.uint8)
    return readonly(footprint)


def radii_from_thickness(thickness: np.ndarray, max_radius: int) -> np.ndarray:
    """Step 4: ``r = min(ceil((Tmax - T + 1e-4) / bin), R)``, ``bin = (Tmax - Tmin) / R``.

    Parameters
    ----------
    thickness : ndarray of float64, shape (n,)
        Thickness T of every reference skeleton pixel (n >= 1).
    max_radius : int
        R >= 1.

    Returns
    -------
    ndarray of uint8, shape (n,)
        r in 1..R; every pixel gets R when all thicknesses are equal (bin = 0).
    """
    t_max = thickness.max()
    bin_width = (t_max - thickness.min()) / max_radius
    if bin_width == 0:
        return np.full(thickness.shape, max_radius, np.uint8)
    radius = np.ceil((t_max - thickness + RADIUS_EPSILON) / bin_width)
    return np.minimum(radius, max_radius).astype(np.uint8)


def search_range_of(radius: np.ndarray, radii: Sequence[int], fov: np.ndarray) -> np.ndarray:
    """Step 5: union of the radius-r footprints around the pixels with a radius, within F.

    Parameters
    ----------
    radius : ndarray of uint8, shape (H, W)
        Search radius r >= 1 of each pixel of the set, 0 elsewhere.
    radii : sequence of int
        The distinct radii in ``radius`` (or more), each >= 1.
    fov : ndarray of bool, shape (H, W)

    Returns
    -------
    ndarray of bool, shape (H, W)

    Notes
    -----
    Made in blocks of rows with a halo of the largest radius (`row_blocks`, exact): two
    whole-image temporaries per radius made the time per pixel grow with the image.
    """
    height, width = radius.shape
    search = np.empty((height, width), np.bool_)
    for block in row_blocks(height, width, max(radii, default=0)):
        around = radius[block.lo:block.hi]
        reach = np.zeros(around.shape, np.uint8)
        for r in radii:
            grown = cv2.dilate((around == r).view(np.uint8), range_footprint(r),
                               borderType=cv2.BORDER_CONSTANT, borderValue=0)
            np.bitwise_or(reach, grown, out=reach)
        np.logical_and(reach[block.own].view(np.bool_), fov[block.start:block.stop],
                       out=search[block.start:block.stop])
    return search


def search_radii(ref_skeleton: np.ndarray, ref_thickness: SkeletonValues, fov: np.ndarray,
                 max_radius: int) -> SearchRange:
    """Search radius of every reference skeleton pixel and the search mask (steps 4-5).

    Parameters
    ----------
    ref_skeleton : ndarray of bool, shape (H, W)
        ``thin(G)``.
    ref_thickness : SkeletonValues
        `skeleton_thickness` of G on ``ref_skeleton``.
    fov : ndarray of bool, shape (H, W)
        Field of view F.
    max_radius : int
        R (``ss_R``), >= 1.

    Returns
    -------
    SearchRange
        All zero / False when the reference skeleton is empty.
    """
    # The thickness lists every skeleton pixel in scan order: no second scan of the image.
    rows, cols = ref_thickness.rows, ref_thickness.cols
    if rows.size == 0:
        empty = np.zeros(ref_skeleton.shape, np.uint8)
        return SearchRange(radius=readonly(empty), search_mask=readonly(empty.view(np.bool_)),
                           max_radius=max_radius)
    radii = radii_from_thickness(ref_thickness.values, max_radius)
    radius = scatter(ref_skeleton.shape, rows, cols, radii, np.uint8)
    present = np.flatnonzero(np.bincount(radii)).tolist()
    return SearchRange(radius=radius, search_mask=readonly(search_range_of(radius, present, fov)),
                       max_radius=max_radius)
