"""Rule 1 of reading a mask (``docs/inputs.md``): which values are the mask.

When only the alpha channel varies (the colour is uniform), the alpha channel is the
mask. Colour is reduced to grey when the channels are equal (a JPEG may differ by up to
`LOSSY_CHANNEL_TOLERANCE` and is averaged). An image of exactly two colours, each grey
or near-grey (channels within `NEAR_GREY_TOLERANCE`, like DRIVE's second-observer
palette (4, 2, 4) / (252, 254, 252)), is binary: the lighter colour is vessel. Any other
colour is an error. The other rules are `vesselview.io.masks`.
"""

from __future__ import annotations

import cv2
import numpy as np

from vesselview.errors import InputError
from vesselview.io.readers import RawImage

#: Largest channel difference (of 255) still read as grey in a JPEG-compressed image.
LOSSY_CHANNEL_TOLERANCE = 16
#: Largest channel difference (of full scale 255) of a "near-grey" colour of a two-colour mask.
NEAR_GREY_TOLERANCE = 16
#: Full scale of the 8- and 16-bit integer images (their largest value).
FULL_SCALE = {np.dtype(np.uint8): 255.0, np.dtype(np.uint16): 65535.0}


def grey_values(raw: RawImage) -> np.ndarray:
    """Grey values of shape (H, W) by the rule of this module.

    Raises
    ------
    InputError
        When float values are not finite, or the image is in colour (channels differ
        beyond the JPEG tolerance, and it is not two near-grey colours).
    """
    pixels = raw.pixels
    if pixels.dtype.kind == "f" and not np.isfinite(pixels).all():
        raise InputError(
            f"{raw.label}: Some pixels have no valid value; save the mask or probability "
            "map again with a number in every pixel", source=raw.label,
            details="contains NaN or infinite values; a mask or probability map needs "
            "finite numbers",
        )
    if raw.alpha is not None and not _uniform(raw.alpha) and _uniform(pixels):
        return raw.alpha
    if pixels.ndim == 2:
        return pixels
    spread = _channel_spread(pixels)
    if spread == 0:
        return pixels[..., 0]
    if raw.lossy and spread <= LOSSY_CHANNEL_TOLERANCE:
        return pixels.mean(axis=2, dtype=np.float32)
    lighter = _lighter_of_two_near_grey_colours(pixels)
    if lighter is not None:
        return lighter
    raise InputError(
        f"{raw.label}: is a colour image, not a vessel mask (a mask is black-and-white or "
        "grey); if it is the fundus photograph, open it as the fundus; if it is an "
        "artery/vein label map, read it with classes='av' (CLI --classes av) or a class "
        "mapping file; else choose the mask file", source=raw.label,
        details=f"colour channels differ by up to {spread:g}; a mask must be grey, "
        "black-and-white or two near-grey colours",
    )


def _uniform(values: np.ndarray) -> bool:
    """True when every pixel has the same value (or colour)."""
    first = values[0, 0]
    return bool((values == first).all())


def _channel_spread(pixels: np.ndarray) -> float:
    """Largest difference between the colour channels of any pixel (0 for grey)."""
    if pixels.dtype == np.uint8:  # OpenCV's saturating channel arithmetic: ~5x faster
        red, green, blue = cv2.split(np.ascontiguousarray(pixels))
        high = cv2.max(cv2.max(red, green), blue)
        return float(cv2.minMaxLoc(cv2.subtract(high, cv2.min(cv2.min(red, green), blue)))[1])
    red, green, blue = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    if np.array_equal(red, green) and np.array_equal(red, blue):
        return 0.0
    high = np.maximum(np.maximum(red, green), blue)
    low = np.minimum(np.minimum(red, green), blue)
    return float((high.astype(np.float64) - low).max())


def _lighter_of_two_near_grey_colours(pixels: np.ndarray) -> np.ndarray | None:
    """For an image of at most two colours, each near-grey: True where the lighter one
    is. None for any other colour image."""
    if pixels.dtype.kind not in "ub":
        return None
    packed = _packed_colours(pixels)
    low, high = packed.min(), packed.max()
    if not np.all((packed == low) | (packed == high)):
        return None
    flat = pixels.reshape(-1, 3)
    colours = flat[[int(np.argmin(packed)), int(np.argmax(packed))]].astype(np.float64)
    scale = 255.0 / (FULL_SCALE.get(pixels.dtype, 1.0))
    if ((colours.max(axis=1) - colours.min(axis=1)) * scale > NEAR_GREY_TOLERANCE).any():
        return None
    light = high if colours[1].sum() >= colours[0].sum() else low
    return packed == light


def _packed_colours(pixels: np.ndarray) -> np.ndarray:
    """Each pixel's colour as one integer of shape (H, W), ordered as (red, green, blue)."""
    if pixels.dtype == np.uint8:  # B, G, R, 255 bytes read as little-endian uint32: fast
        bgra = cv2.cvtColor(np.ascontiguousarray(pixels), cv2.COLOR_RGB2BGRA)
        return bgra.view("<u4")[..., 0]
    wide = pixels.astype(np.uint64)
    bits = 8 * pixels.dtype.itemsize
    return (wide[..., 0] << np.uint64(2 * bits)) | (wide[..., 1] << np.uint64(bits)) | wide[
        ..., 2]
