"""Random vessel-like masks for SS tests: thick polylines branching from a trunk."""

from __future__ import annotations

import cv2
import numpy as np


def vessel_tree(shape: tuple[int, int], seed: int, branches: int = 4) -> np.ndarray:
    """Bool mask of a random tree: a wandering trunk and ``branches`` thinner side vessels.

    Widths are 1-4 pixels, so skeletons have junctions, short spurs and long runs.
    """
    rng = np.random.default_rng(seed)
    h, w = shape
    canvas = np.zeros(shape, np.uint8)
    trunk = [(int(rng.integers(0, w)), 0)]
    for step in range(1, 5):
        trunk.append((int(np.clip(trunk[-1][0] + rng.integers(-w // 4, w // 4 + 1), 0, w - 1)),
                      step * (h - 1) // 4))
    cv2.polylines(canvas, [np.array(trunk, np.int32)], False, 1, int(rng.integers(2, 5)))
    for _ in range(branches):
        x0, y0 = trunk[int(rng.integers(1, len(trunk)))]
        end = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        middle = ((x0 + end[0]) // 2 + int(rng.integers(-4, 5)),
                  (y0 + end[1]) // 2 + int(rng.integers(-4, 5)))
        cv2.polylines(canvas, [np.array([(x0, y0), middle, end], np.int32)], False, 1,
                      int(rng.integers(1, 4)))
    return canvas.astype(bool)


def perturbed(mask: np.ndarray, seed: int) -> np.ndarray:
    """A candidate-like copy of ``mask``: shifted a pixel, thickened or thinned, a gap cut."""
    rng = np.random.default_rng(seed)
    out = np.roll(mask, (int(rng.integers(-1, 2)), int(rng.integers(-1, 2))), axis=(0, 1))
    kernel = np.ones((3, 3), np.uint8)
    if rng.random() < 0.5:
        out = cv2.dilate(out.view(np.uint8), kernel).astype(bool)
    elif rng.random() < 0.5:
        out = cv2.erode(out.view(np.uint8), np.ones((2, 2), np.uint8)).astype(bool)
    h, w = mask.shape
    y, x = int(rng.integers(0, h - 6)), int(rng.integers(0, w - 6))
    out[y:y + 6, x:x + 6] = False
    return out
