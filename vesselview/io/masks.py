"""Turn raw pixels into a vessel mask (``metrics.md`` section 0).

The rules, in order:

1. Colour is reduced to grey only when the channels are equal (a lossy JPEG may
   differ by up to `LOSSY_CHANNEL_TOLERANCE` and is averaged); real colour is an error.
2. A JPEG-compressed mask is a binary mask with compression noise: a pixel is vessel
   when its value is above ``threshold`` of full scale.
3. A binary encoding is binary: at most two distinct values, background 0 and vessel
   1 or the dtype's full scale (0/1, 0/255, 0/65535, 1-bit, palette GIF, bool; other
   integer types with any two values); a pixel is vessel when its value is > 0.
4. Anything else is a probability map (also a two-valued one such as {0, 0.3} or
   {0, 100}), scaled by its dtype's full scale (uint8 255,
   uint16 65535; floats must already lie in [0, 1]); a pixel is vessel when the
   scaled value is > ``threshold`` — the rule of `Case.candidate_at`. The scaled map
   is kept so a viewer can re-threshold it.

Inverted polarity (vessel = dark) is never guessed: ``invert=True`` flips the vessel
test (and the probability map, ``1 - p``). The loader warns about suspicious masks.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.errors import InputError
from vesselview.io.readers import RawImage

#: Largest channel difference (of 255) still read as grey in a JPEG-compressed image.
LOSSY_CHANNEL_TOLERANCE = 16

_FULL_SCALE = {np.dtype(np.uint8): 255.0, np.dtype(np.uint16): 65535.0}


class PolarityWarning(UserWarning):
    """A mask looks inverted (more than half of the field of view is vessel)."""


@dataclasses.dataclass(frozen=True, eq=False)
class MaskReading:
    """A binarised mask and, for probability maps, the map it came from.

    Attributes
    ----------
    mask : ndarray of bool, shape (H, W)
        True where vessel.
    soft : ndarray of float32, shape (H, W), or None
        The probability map scaled to [0, 1] (after inversion), or None for masks.
    """

    mask: np.ndarray
    soft: np.ndarray | None = None


def read_mask(raw: RawImage, *, threshold: float, invert: bool = False) -> MaskReading:
    """Binarise a mask or probability map by the rules of this module.

    Parameters
    ----------
    raw : RawImage
        Pixels of shape (H, W) or (H, W, 3).
    threshold : float
        Fraction of full scale in [0, 1] above which a JPEG value or a probability is
        vessel.
    invert : bool
        True when vessels are dark (value 0) in the input.

    Returns
    -------
    MaskReading

    Raises
    ------
    InputError
        For colour (unequal channels), non-finite values, a float map outside [0, 1],
        or a many-valued integer map that is neither uint8 nor uint16.
    """
    grey = grey_values(raw)
    if raw.lossy:
        fraction = grey / np.float32(255.0)  # Pillow decodes JPEG as 8-bit
        return MaskReading(_flipped(fraction, invert) > threshold)
    if _is_binary_encoding(grey):
        mask = grey > 0
        return MaskReading(~mask if invert else mask)
    soft = _flipped(_probability(grey, raw.label), invert)
    return MaskReading(soft > threshold, soft)


def grey_values(raw: RawImage) -> np.ndarray:
    """Grey values of shape (H, W): the pixels themselves, or one of equal channels.

    Raises
    ------
    InputError
        When the channels differ (beyond `LOSSY_CHANNEL_TOLERANCE` for JPEG) or float
        values are not finite.
    """
    pixels = raw.pixels
    if pixels.dtype.kind == "f" and not np.isfinite(pixels).all():
        raise InputError(
            f"{raw.label}: contains NaN or infinite values; a mask or probability map "
            "needs finite numbers",
            source=raw.label,
        )
    if pixels.ndim == 2:
        return pixels
    spread = _channel_spread(pixels)
    if spread > (LOSSY_CHANNEL_TOLERANCE if raw.lossy else 0):
        raise InputError(
            f"{raw.label}: is a colour image (channels differ by up to {spread:g}); a mask "
            "must be grey or black-and-white — is this the fundus photograph?",
            source=raw.label,
        )
    return pixels.mean(axis=2, dtype=np.float32) if raw.lossy else pixels[..., 0]


def _channel_spread(pixels: np.ndarray) -> float:
    """Largest difference between the colour channels of any pixel (0 for grey)."""
    red, green, blue = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    if np.array_equal(red, green) and np.array_equal(red, blue):
        return 0.0
    high = np.maximum(np.maximum(red, green), blue)
    low = np.minimum(np.minimum(red, green), blue)
    return float((high.astype(np.float64) - low).max())


def _is_binary_encoding(grey: np.ndarray) -> bool:
    """True for a binary encoding: bool, or at most two distinct values where a type that
    can hold a probability map (uint8, uint16, float) uses only 0 and 1 or full scale.

    Checks ``min``/``max`` and one pass for "only those two" (O(n), unlike `np.unique`).
    """
    if grey.dtype == np.bool_:
        return True
    low, high = grey.min(), grey.max()
    if not np.all((grey == low) | (grey == high)):
        return False
    if grey.dtype.kind != "f" and grey.dtype not in _FULL_SCALE:
        return True  # other integer types have no probability reading
    on_values = (1, _FULL_SCALE.get(grey.dtype, 1))
    return bool(low in (0, *on_values) and high in (0, *on_values) and (low == 0 or low == high))


def _probability(grey: np.ndarray, label: str) -> np.ndarray:
    """Scale a many-valued map to float32 in [0, 1] by its dtype's full scale."""
    if grey.dtype in _FULL_SCALE:
        return (grey / np.float32(_FULL_SCALE[grey.dtype])).astype(np.float32)
    if grey.dtype.kind != "f":
        raise InputError(
            f"{label}: has many distinct {grey.dtype} values; a probability map must be "
            "uint8 (0-255), uint16 (0-65535) or float in [0, 1], and a mask two-valued",
            source=label,
        )
    low, high = float(grey.min()), float(grey.max())
    if low < 0.0 or high > 1.0:
        raise InputError(
            f"{label}: float values span [{low:g}, {high:g}]; a float probability map "
            "must lie in [0, 1] — rescale it (or save it as 8/16-bit)",
            source=label,
        )
    return grey.astype(np.float32)


def _flipped(fraction: np.ndarray, invert: bool) -> np.ndarray:
    """``1 - fraction`` when inverting polarity, else ``fraction``."""
    return np.float32(1.0) - fraction if invert else fraction
