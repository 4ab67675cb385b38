"""Turn raw pixels into the fundus photograph: RGB uint8 of shape (H, W, 3).

Grey photographs are stacked into three equal channels, 16-bit ones scaled to 8 bits
(``round(v / 257)``, so 8-bit data stored as 16-bit comes back exactly), float ones in
[0, 1] scaled by 255, black-and-white ones mapped to 0/255. Alpha was already dropped
by the reader.
"""

from __future__ import annotations

import numpy as np

from vesselview.errors import InputError
from vesselview.io.readers import RawImage


def fundus_rgb(raw: RawImage) -> np.ndarray:
    """The photograph as RGB uint8.

    Parameters
    ----------
    raw : RawImage
        Pixels of shape (H, W) or (H, W, 3): bool, uint8, uint16 or float in [0, 1].

    Returns
    -------
    ndarray of uint8, shape (H, W, 3)

    Raises
    ------
    InputError
        For another dtype, or float values outside [0, 1].
    """
    pixels = raw.pixels
    if pixels.ndim == 2:
        pixels = np.stack([pixels] * 3, axis=2)
    return _as_uint8(pixels, raw.label)


def _as_uint8(pixels: np.ndarray, label: str) -> np.ndarray:
    """Scale bool, uint16 or float [0, 1] pixels to uint8."""
    if pixels.dtype == np.uint8:
        return pixels
    if pixels.dtype == bool:
        return pixels.astype(np.uint8) * np.uint8(255)
    if pixels.dtype == np.uint16:
        return ((pixels.astype(np.uint32) + 128) // 257).astype(np.uint8)
    if pixels.dtype.kind == "f":
        if not np.isfinite(pixels).all() or pixels.min() < 0 or pixels.max() > 1:
            raise InputError(
                f"{label}: The fundus photograph's values are not between 0 and 1; rescale "
                "them to 0-1 or save it as an 8-bit image", source=label,
                details="a float fundus image must lie in [0, 1] (finite)",
            )
        return np.rint(pixels * 255.0).astype(np.uint8)
    raise InputError(
        f"{label}: The fundus photograph is stored in a number format vesselview cannot "
        "show; save it as an 8-bit or 16-bit image", source=label,
        details=f"{pixels.dtype} values; a fundus image must be 8-bit, 16-bit or float "
        "in [0, 1]",
    )
