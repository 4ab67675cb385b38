"""The image view at the image's own resolution, as the window draws it (no Qt).

An exported view is composed here pixel for pixel from the fundus and the visible
layers, each through the lookup table the window gives its item
(`vesselview.app.display.lookup_table`), stacked bottom to top with "source over" alpha
blending (what Qt's painter does): an export is the full image at its native size (or a
chosen scale), whatever the zoom on screen, and without the overview's thickening.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import cv2
import numpy as np

from vesselview.app.display import DisplayLayer, lookup_table
from vesselview.app.style import LayerStyle
from vesselview.engine.layers import THRESHOLD_CONTOUR

#: The scales an export may ask for (1 = the image's own pixels).
SCALE_RANGE = (0.25, 8.0)


def compose(shape: tuple[int, int], fundus: np.ndarray | None, fundus_style: LayerStyle,
            layers: Sequence[tuple[DisplayLayer, LayerStyle]]) -> np.ndarray:
    """Fundus and ``layers`` (bottom to top) blended as the window draws them.

    Parameters
    ----------
    shape : (int, int)
        Image shape ``(H, W)`` in pixels.
    fundus : ndarray of uint8, shape (H, W, 3), or None
        The photograph under the layers; None: black.
    fundus_style : LayerStyle
        Its visibility and opacity (over the view's black background).
    layers : sequence of (DisplayLayer, LayerStyle)
        The overlays, bottom first; hidden ones are skipped.

    Returns
    -------
    ndarray of uint8, shape (H, W, 3)
        RGB.
    """
    canvas = np.zeros((*shape, 3), np.float32)
    if fundus is not None and fundus_style.visible:
        tone = toned(fundus, fundus_style.brightness, fundus_style.contrast)
        canvas += tone.astype(np.float32) * np.float32(fundus_style.opacity)
    for layer, style in layers:
        if not style.visible:
            continue
        outline = style.outline and layer.kind == "classes"
        table = lookup_table(layer, style.colour_map, style.opacity)
        _blend(canvas, table[layer.outline if outline else layer.image])
        if layer.contour is not None:  # the threshold's line, opaque over its layer
            canvas[layer.contour.astype(bool)] = THRESHOLD_CONTOUR[:3]
    return np.clip(np.rint(canvas), 0, 255).astype(np.uint8)


def toned(rgb: np.ndarray, brightness: float, contrast: float) -> np.ndarray:
    """``rgb`` (uint8 (H, W, 3)) with ``contrast`` (a factor on the distance from
    mid-grey) then ``brightness`` (a shift, fraction of full scale) applied, clipped to
    0..255; ``rgb`` itself when both are neutral. One table lookup (OpenCV)."""
    if brightness == 0.0 and contrast == 1.0:
        return rgb
    levels = (np.arange(256, dtype=np.float64) - 127.5) * contrast + 127.5 + 255.0 * brightness
    table = np.clip(np.rint(levels), 0, 255).astype(np.uint8)
    return cv2.LUT(rgb, table)


def scaled(rgb: np.ndarray, scale: float) -> np.ndarray:
    """``rgb`` (H, W, 3) resized by ``scale``: whole pixels repeated when enlarging (a
    pixel stays a sharp square), averaged when shrinking."""
    if scale == 1.0:
        return rgb
    height, width = rgb.shape[:2]
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    method = cv2.INTER_NEAREST if scale > 1.0 else cv2.INTER_AREA
    return cv2.resize(rgb, size, interpolation=method)


def export_name(case_name: str) -> str:
    """A file name for an exported view of the case called ``case_name`` (`captions`):
    ``"Case 01, method unet"`` -> ``"case_01_method_unet_view.png"``."""
    words = re.findall(r"[A-Za-z0-9.]+", case_name.split(" (")[0])
    stem = "_".join(word.lower().strip(".") for word in words)[:80].strip("_") or "vesselview"
    return f"{stem}_view.png"


def _blend(canvas: np.ndarray, rgba: np.ndarray) -> None:
    """Blend ``rgba`` (H, W, 4, uint8) over ``canvas`` (H, W, 3, float32) in place."""
    alpha = rgba[..., 3:4].astype(np.float32) / np.float32(255)
    canvas *= 1 - alpha
    canvas += rgba[..., :3].astype(np.float32) * alpha
