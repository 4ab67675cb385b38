"""How the window states a case's pixel spacing: a caption naming its source, and the
length of a scale bar that fits the visible part of the image.

Qt-free: the inspector view draws the bar, the status bar shows the caption.
"""

from __future__ import annotations

import math

from vesselview.engine.case import Case
from vesselview.engine.lengths import Length
from vesselview.errors import ParamsError
from vesselview.io.dataset.layouts import LAYOUTS
from vesselview.io.spacing import FIELD_ANGLE_SOURCE

#: What the window says when a case's spacing is unknown.
SPACING_UNKNOWN = "spacing unknown: lengths in px"
#: Mantissas of the scale bar's lengths: consecutive ones differ by at most 2x, so one
#: of them always falls within `BAR_FRACTION` of the visible width.
_NICE_MANTISSAS = (1.0, 2.0, 3.0, 5.0)
#: The part of the visible width a scale bar may take: (least, most).
BAR_FRACTION = (0.10, 0.20)

_SOURCE_WORDS = {"given": "given", "manifest": "from the manifest"}


def spacing_caption(case: Case) -> str:
    """``"24.1 µm/px (from DRIVE's 45° field angle)"``, or `SPACING_UNKNOWN`."""
    if case.spacing_um is None:
        return SPACING_UNKNOWN
    source = case.sources.get("spacing") or "given"
    return f"{case.spacing_um:.3g} µm/px ({_source_words(source)})"


def _source_words(source: str) -> str:
    """A spacing source (``Case.sources["spacing"]``) in words."""
    if source.startswith(FIELD_ANGLE_SOURCE):
        name = source[len(FIELD_ANGLE_SOURCE):]
        degrees = next((layout.fov_degrees for layout in LAYOUTS if layout.name == name), None)
        angle = f"{degrees:g}° " if degrees is not None else ""
        return f"from {name}'s {angle}field angle"
    return _SOURCE_WORDS.get(source, source)


def scale_bar_um(spacing_um: float, visible_width_px: float) -> float:
    """The scale bar's length in µm: the largest of 1, 2, 3, 5 x 10^k µm no longer than
    `BAR_FRACTION`'s most of ``visible_width_px`` image pixels of ``spacing_um`` µm each
    (so at least its least).

    >>> scale_bar_um(24.0, 565)  # DRIVE, whole image in view: 20 % is 2712 µm
    2000.0
    """
    most = BAR_FRACTION[1] * visible_width_px * spacing_um
    power = 10.0 ** math.floor(math.log10(most))
    return max(m * power for m in _NICE_MANTISSAS if m * power <= most * (1 + 1e-9))


def length_text(um: float) -> str:
    """``500.0`` -> ``"500 µm"``, ``2000.0`` -> ``"2 mm"``."""
    return f"{um / 1000:g} mm" if um >= 1000 else f"{um:g} µm"


def shown_pixels(value: float | Length, case: Case | None) -> float | None:
    """A length parameter's value in pixels on ``case``, for a slider in pixels: a number
    as it is, a `Length` converted; None when ``case`` cannot convert it (no case yet, or
    a length in µm on a case of unknown spacing).

    >>> shown_pixels(Length(2, "px"), None)
    2.0
    """
    if not isinstance(value, Length):
        return value
    if value.unit == "px":
        return value.value
    if case is None:
        return None
    try:
        return value.pixels(spacing_um=case.spacing_um, fov_diameter_px=case.fov_diameter_px)
    except ParamsError:
        return None
