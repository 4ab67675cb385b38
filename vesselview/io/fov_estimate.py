"""Estimate the field of view from the fundus photograph, for datasets that ship none.

The method (documented in ``docs/inputs.md``): a fundus camera images the retina as a
bright disc on a black surround, and the red channel is the brightest inside it. So

1. a pixel is inside when its red value is above `RED_FRACTION` of the image's
   99th-percentile red value (a fraction of the image's own brightness, so dark and
   bright photographs are treated alike; the percentile ignores a few saturated pixels);
2. an opening by a disc of radius `OPENING_RADIUS` removes speckle and thin text
   (JPEG noise, burnt-in labels in the black corners);
3. the largest connected component is kept and its holes are filled (dark lesions or
   vessels near the border are inside the FOV).
"""

from __future__ import annotations

import cv2
import numpy as np
from scipy import ndimage

#: Inside the FOV: red above this fraction of the 99th-percentile red value.
RED_FRACTION = 0.15
#: Radius in pixels of the opening that removes speckle before the largest component.
OPENING_RADIUS = 3


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
    return ndimage.binary_fill_holes(labels == largest)
