"""Where the legend goes: the corner of the view where it hides the least of the FOV.

Over a round fundus the corners of the view are mostly black; which one is free depends
on the zoom, the pan and the window's shape, so the legend is placed anew whenever the
view moves. The bottom-left corner is the teaching caption's, so the legend takes one
of the other three; ties go to the top left (where readers look first).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import cv2
import numpy as np
from PySide6.QtCore import QPointF, QRect

#: Candidate corners, in order of preference on a tie.
CORNERS = ("top_left", "top_right", "bottom_right")


def fov_integral(fov: np.ndarray | None) -> np.ndarray | None:
    """Summed-area table of ``fov`` (bool (H, W)): int32 (H+1, W+1); None for None."""
    return None if fov is None else cv2.integral(fov.view(np.uint8))


def covered_pixels(integral: np.ndarray, corners: tuple[QPointF, QPointF]) -> int:
    """FOV pixels inside the image rectangle spanned by two opposite ``corners`` (image
    coordinates, column = x, row = y), clipped to the image."""
    height, width = integral.shape[0] - 1, integral.shape[1] - 1
    (a, b) = corners
    left, right = sorted((a.x(), b.x()))
    top, bottom = sorted((a.y(), b.y()))
    x0, x1 = (int(np.clip(round(v), 0, width)) for v in (left, right))
    y0, y1 = (int(np.clip(round(v), 0, height)) for v in (top, bottom))
    return int(integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0])


def legend_rect(canvas_width: int, canvas_height: int, width: int, height: int,
                margin: int, to_image: Callable[[QPointF], QPointF],
                integral: np.ndarray | None, corners: Sequence[str] = CORNERS) -> QRect:
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
