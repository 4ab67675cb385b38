"""Reading a case's field of view, ignore mask and fundus photograph for `load_case`.

Each is checked against the vessel masks' shape. The field of view is read from a file
(inside above `FOV_THRESHOLD` of full scale for a JPEG or many-grey-level file), estimated
from the fundus (``fov=AUTO_FOV``, `vesselview.io.fov_estimate`), or the whole image;
the ignore mask is read like it. An FOV with no pixel inside and an ignore mask covering
every pixel are errors naming the file.
"""

from __future__ import annotations

import numpy as np

from vesselview.errors import InputError
from vesselview.io.case_inputs import Input, check_shape, raw_input
from vesselview.io.fov_estimate import estimate_fov
from vesselview.io.fundus import fundus_rgb
from vesselview.io.masks import MaskReading, read_mask
from vesselview.io.readers import RawImage

#: An FOV given as JPEG or with many grey levels is inside above half of full scale.
FOV_THRESHOLD = 0.5
#: ``fov=AUTO_FOV`` estimates the field of view from the fundus photograph.
AUTO_FOV = "auto"


def is_auto(fov: Input | None) -> bool:
    """True for ``fov="auto"`` (a str, not a path object)."""
    return isinstance(fov, str) and fov == AUTO_FOV


def field_of_view(fov: Input | None, fundus: np.ndarray | None,
                  shape: tuple[int, ...]) -> MaskReading:
    """The FOV: estimated from the fundus (``fov="auto"``), the whole image, or read."""
    if is_auto(fov) and fundus is not None:
        return MaskReading(estimate_fov(fundus))
    if fov is None:
        return MaskReading(np.ones(shape, bool))
    return _fov_mask(raw_input(fov, "fov"), shape)


def ignore_mask(raw: RawImage, shape: tuple[int, ...]) -> MaskReading:
    """The ignore mask read like the FOV; one that ignores every pixel is an error."""
    check_shape(raw, "ignore mask", shape)
    ignore = read_mask(raw, threshold=FOV_THRESHOLD)
    if ignore.mask.all():
        raise InputError(
            f"{raw.label}: the ignore mask covers every pixel, leaving nothing to evaluate; "
            "check its polarity (ignored = white / non-zero)",
            source=raw.label,
        )
    return ignore


def _fov_mask(raw: RawImage, shape: tuple[int, ...]) -> MaskReading:
    """The FOV read as a mask (`read_mask`); an empty FOV is an error."""
    check_shape(raw, "field-of-view mask", shape)
    fov = read_mask(raw, threshold=FOV_THRESHOLD)
    if not fov.mask.any():
        raise InputError(
            f"{raw.label}: the field-of-view mask has no pixel inside (all zero); check "
            "the file, or leave the FOV out to use the whole image",
            source=raw.label,
        )
    return fov


def fundus_image(raw: RawImage, shape: tuple[int, ...]) -> np.ndarray:
    """The fundus as RGB uint8, after checking its size."""
    check_shape(raw, "fundus image", shape)
    return fundus_rgb(raw)
