"""Small hand-drawn cases for pipeline tests (a branching "vessel" pair with a FOV)."""

from __future__ import annotations

import cv2
import numpy as np

from vesselview.engine.case import Case


def draw(shape: tuple[int, int], lines: list[tuple[int, int, int, int, int]]) -> np.ndarray:
    """Bool mask with thick lines ``(row0, col0, row1, col1, thickness)``."""
    canvas = np.zeros(shape, np.uint8)
    for r0, c0, r1, c1, width in lines:
        cv2.line(canvas, (c0, r0), (c1, r1), 1, width)
    return canvas.astype(bool)


def small_case(soft: bool = False) -> Case:
    """A 64x72 reference tree and a shifted, thinned, partly missing candidate."""
    shape = (64, 72)
    reference = draw(shape, [(5, 10, 58, 14, 5), (30, 12, 20, 60, 3), (40, 13, 55, 50, 2),
                             (22, 50, 8, 66, 1)])
    candidate = draw(shape, [(6, 11, 57, 15, 4), (31, 13, 21, 58, 3), (41, 14, 50, 40, 2),
                             (60, 60, 62, 70, 1)])
    rows, cols = np.mgrid[: shape[0], : shape[1]]
    fov = (rows - 32) ** 2 + (cols - 36) ** 2 <= 34**2
    candidate_soft = None
    if soft:
        blur = cv2.GaussianBlur(candidate.astype(np.float32), (5, 5), 1.2)
        candidate_soft = np.clip(blur, 0.0, 1.0)
        candidate = candidate_soft > 0.5
    return Case(reference=reference, candidate=candidate, fov=fov, candidate_soft=candidate_soft,
                sources={"reference": "<test>", "candidate": "<test>", "fov": "<test>"})
