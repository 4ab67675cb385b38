"""Where the legend goes: the corner of the view where it hides the least of the FOV.

Over a round fundus the corners of the view are mostly black; which one is free depends
on the zoom, the pan and the window's shape, so the legend is placed anew whenever the
view moves. The bottom-left corner is the teaching caption's, so the legend takes one
of the other three; ties go to the top left (where readers look first).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence

import numpy as np
from PySide6.QtCore import QPointF, QRect

#: Candidate corners, in order of preference on a tie.
CORNERS = ("top_left", "top_right", "bottom_right")


#: The FOV is counted in square blocks of pixels, at most this many blocks per side: the
#: legend's corner needs no finer count, and a per-pixel table of a 3504x3390 image
#: (int32) would keep 47 MB for it.
MAX_BLOCKS = 1024


@dataclasses.dataclass(frozen=True)
class FovCounts:
    """Summed-area table of an FOV counted in ``step`` x ``step`` pixel blocks.

    Attributes
    ----------
    table : ndarray of int64, shape (h + 1, w + 1)
        FOV pixels above and left of each block corner (h, w: blocks per column, row).
    step : int
        Block side in pixels (1: a per-pixel table, exact counts).
    """

    table: np.ndarray
    step: int


def fov_integral(fov: np.ndarray | None) -> FovCounts | None:
    """FOV pixel counts of ``fov`` (bool (H, W)) in blocks of at most `MAX_BLOCKS` per
    side (one pixel each for an image up to that size); None for None."""
    if fov is None:
        return None
    step = max(1, math.ceil(max(fov.shape) / MAX_BLOCKS))
    rows, cols = (-(-side // step) for side in fov.shape)
    padded = np.zeros((rows * step, cols * step), np.uint8)
    padded[:fov.shape[0], :fov.shape[1]] = fov
    blocks = padded.reshape(rows, step, cols, step).sum(axis=(1, 3), dtype=np.int64)
    table = np.zeros((rows + 1, cols + 1), np.int64)
    table[1:, 1:] = blocks.cumsum(axis=0).cumsum(axis=1)
    return FovCounts(table, step)


def covered_pixels(counts: FovCounts, corners: tuple[QPointF, QPointF]) -> int:
    """FOV pixels inside the image rectangle spanned by two opposite ``corners`` (image
    coordinates, column = x, row = y), clipped to the image; its edges are rounded to
    the nearest block edge (`FovCounts.step`)."""
    table, step = counts.table, counts.step
    height, width = table.shape[0] - 1, table.shape[1] - 1
    (a, b) = corners
    left, right = sorted((a.x(), b.x()))
    top, bottom = sorted((a.y(), b.y()))
    x0, x1 = (int(np.clip(round(v / step), 0, width)) for v in (left, right))
    y0, y1 = (int(np.clip(round(v / step), 0, height)) for v in (top, bottom))
    return int(table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0])


def legend_rect(canvas_width: int, canvas_height: int, width: int, height: int,
                margin: int, to_image: Callable[[QPointF], QPointF],
                integral: FovCounts | None, corners: Sequence[str] = CORNERS) -> QRect:
    """The legend's rectangle (canvas pixels) in the corner of ``corners`` (some of
    `CORNERS`, in order of preference) that covers the fewest FOV pixels; the first
    without an FOV."""
    places = {
        "top_left": QRect(margin, margin, width, height),
        "top_right": QRect(canvas_width - margin - width, margin, width, height),
        "bottom_right": QRect(canvas_width - margin - width, canvas_height - margin - height,
                              width, height),
    }
    if integral is None:
        return places[corners[0]]

    def cost(corner: str) -> int:
        rect = places[corner]
        return covered_pixels(integral, (to_image(QPointF(rect.topLeft())),
                                         to_image(QPointF(rect.bottomRight()))))

    return places[min(corners, key=cost)]  # min keeps the first of equal costs
