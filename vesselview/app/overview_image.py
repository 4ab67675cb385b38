"""The overview's images: thin layers drawn thicker when zoomed out, where a one-pixel
line or a lone false positive would vanish (`overview_radius`, `overview_image`)."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vesselview.engine.families import LAYER_TRAITS

#: Layers of thin lines and scattered pixels, drawn thicker in the overview (zoomed out),
#: where a one-pixel line or a lone false positive would vanish (the layers declared thin).
OVERVIEW_LAYERS = frozenset(name for name, traits in LAYER_TRAITS.items()
                            if traits.kind == "thin")
#: Largest overview thickening radius (pixels of the image).
MAX_OVERVIEW_RADIUS = 4


def overview_radius(image_pixels_per_screen_pixel: float) -> int:
    """How far (image pixels) the overview thickens thin layers at this zoom.

    0 while an image pixel takes two screen pixels or more (zoomed in: every line
    shows); else about one screen pixel of growth on each side, at most
    `MAX_OVERVIEW_RADIUS`.

    Examples
    --------
    >>> [overview_radius(s) for s in (0.25, 0.9, 1.5, 6.0)]
    [0, 1, 2, 4]
    """
    if image_pixels_per_screen_pixel <= 0.5:
        return 0
    return min(MAX_OVERVIEW_RADIUS, math.ceil(image_pixels_per_screen_pixel))


def thickened(image: np.ndarray, radius: int) -> np.ndarray:
    """``image`` with every non-zero class grown by ``radius`` pixels into empty pixels.

    Parameters
    ----------
    image : ndarray of uint8, shape (H, W)
    radius : int
        Disc radius in pixels (0: ``image`` itself).

    Returns
    -------
    ndarray of uint8, shape (H, W)
        Non-zero pixels keep their class; empty ones within ``radius`` take the largest
        class value around them.
    """
    if radius <= 0:
        return image
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
    grown = cv2.dilate(image, disc, borderType=cv2.BORDER_CONSTANT, borderValue=0)
    np.copyto(grown, image, where=image > 0)  # classes keep their pixels
    return grown


def overview_image(image: np.ndarray, radius: int) -> np.ndarray:
    """``image`` as the overview draws it at ``radius``: reduced to blocks of ``radius``
    x ``radius`` pixels (each the largest class in it), then grown by one block
    (`thickened`).

    A block is about one screen pixel at the zoom that gives ``radius``
    (`overview_radius`), so a thin line still shows about three screen pixels wide, as
    when grown by ``radius`` pixels at full resolution; but the image is ``radius**2``
    times smaller (12 MB per thin layer at 3504x3390 otherwise), and so is its repaint.

    Parameters
    ----------
    image : ndarray of uint8, shape (H, W)
    radius : int
        Block side in pixels (0 or 1: ``image`` grown by ``radius`` pixels, full size).

    Returns
    -------
    ndarray of uint8, shape (ceil(H / radius), ceil(W / radius))
        To be drawn stretched over the image's (H, W) pixels.
    """
    if radius <= 1:
        return thickened(image, radius)
    return thickened(block_max(image, radius), 1)


def block_max(image: np.ndarray, side: int) -> np.ndarray:
    """The largest value of each ``side`` x ``side`` block of ``image`` (the last row and
    column of blocks may be cut short), as an image ``side`` times smaller.

    OpenCV's dilation by the block (separable, anchored at its top-left corner) sampled
    every ``side`` pixels: 7x less CPU than numpy's pad, reshape and max (10 against
    70 ms at 3504x3390 with blocks of 4, on each threshold change zoomed out).

    Parameters
    ----------
    image : ndarray of uint8, shape (H, W)
    side : int
        Block side in pixels, 1 or more.

    Returns
    -------
    ndarray of uint8, shape (ceil(H / side), ceil(W / side))
    """
    block = np.ones((side, side), np.uint8)
    grown = cv2.dilate(image, block, anchor=(0, 0), borderType=cv2.BORDER_CONSTANT,
                       borderValue=0)
    return np.ascontiguousarray(grown[::side, ::side])
