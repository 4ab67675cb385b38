"""Skeleton values written by hand in tests: an image's values at a skeleton's pixels."""

from __future__ import annotations

import numpy as np

from vesselview.engine.skeletal import SkeletonValues
from vesselview.engine.skeletal._pixels import scan_order_pixels, skeleton_values


def values_on(skeleton: np.ndarray, image: np.ndarray) -> SkeletonValues:
    """The values of ``image`` (float, shape (H, W)) at the pixels of ``skeleton``."""
    rows, cols = scan_order_pixels(skeleton)
    return skeleton_values(skeleton.shape, rows, cols, image[rows, cols].astype(np.float64))
