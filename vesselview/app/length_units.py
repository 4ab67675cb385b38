"""The unit the window shows length parameters in: pixels, µm or percent of the FOV
diameter (`vesselview.engine.lengths.Length`'s units), how many of it one pixel of
a case is, and lengths in pixels written in it (`LengthScale`, for the readout)."""

from __future__ import annotations

import dataclasses
import re

from vesselview.app.param_labels import default_text
from vesselview.engine.case import Case
from vesselview.engine.lengths import LengthUnit
from vesselview.engine.params import PARAM_SPECS

#: The units, in the order the window offers them, with their names on screen.
UNIT_TEXTS: dict[LengthUnit, str] = {"px": "px", "um": "µm", "%fov": "% FOV"}


def per_pixel(unit: LengthUnit, case: Case | None) -> float | None:
    """How many ``unit`` one pixel of ``case`` is; None when unknown (µm on a case of
    unknown spacing, or any unit but px with no case)."""
    if unit == "px":
        return 1.0
    if case is None:
        return None
    if unit == "um":
        return case.spacing_um
    return 100.0 / case.fov_diameter_px


#: A length in pixels in an engine text (`vesselview.engine.lengths.pixels_text`): a
#: number (``:g`` form) before " px" (an area's "px²" is no length, nor the last group of
#: a count written with thousands separators, "3,900 px").
_PIXELS_IN_TEXT = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?(?:e[+-]?\d+)?) px(?![\w²])")
#: Decimals of a length written in each unit but px (a tenth of a µm and a hundredth of a
#: percent of the FOV diameter are below a pixel of any fundus camera).
_DECIMALS: dict[LengthUnit, int] = {"um": 1, "%fov": 2}


@dataclasses.dataclass(frozen=True)
class LengthScale:
    """Lengths in pixels written in the window's chosen unit (the readout's distances and
    segment lengths).

    Attributes
    ----------
    unit : LengthUnit
    per_pixel : float
        How many ``unit`` one pixel is (`per_pixel`).

    Examples
    --------
    >>> LengthScale().text(2.0), LengthScale().text(15, px_decimals=0)
    ('2.00 px', '15 px')
    >>> LengthScale("um", 24.1).text(15), LengthScale("%fov", 0.2).text(15)
    ('361.5 µm', '3.00 % FOV')
    """

    unit: LengthUnit = "px"
    per_pixel: float = 1.0

    def text(self, pixels: float, px_decimals: int = 2) -> str:
        """``pixels`` in the unit with its name, ``px_decimals`` decimals when in px."""
        decimals = _DECIMALS.get(self.unit, px_decimals)
        return f"{pixels * self.per_pixel:.{decimals}f} {UNIT_TEXTS[self.unit]}"

    def in_text(self, text: str) -> str:
        """An engine text (a layer title, an undefined reason) with each length it gives
        in pixels (``"junction_r = 3 px"``, `vesselview.engine.lengths.pixels_text`)
        written in the unit; unchanged in px.

        >>> LengthScale("um", 24.1).in_text("Junctions (matched within junction_r = 3 px)")
        'Junctions (matched within junction_r = 72.3 µm)'
        """
        if self.unit == "px":
            return text
        return _PIXELS_IN_TEXT.sub(lambda number: self.text(float(number[1])), text)


def length_scale(unit: LengthUnit, case: Case | None) -> LengthScale:
    """The `LengthScale` of ``unit`` on ``case``; pixels when ``case`` cannot convert
    to it (µm of unknown spacing, no case)."""
    factor = per_pixel(unit, case)
    return LengthScale() if factor is None else LengthScale(unit, factor)


def unit_label(label: str, unit: LengthUnit) -> str:
    """A length parameter's label (``"t (tolerance, px)"``) stating ``unit`` instead."""
    return re.sub(r"\bpx\b", UNIT_TEXTS[unit], label)


#: How a parameter's help text names each unit.
_UNIT_WORDS: dict[LengthUnit, str] = {"px": "pixels", "um": "µm",
                                      "%fov": "% of the FOV diameter"}


def param_tooltip(key: str, unit: LengthUnit = "px", case: Case | None = None) -> str:
    """Parameter ``key``'s help with its default; a length's in ``unit``, with its
    default in pixels and, on ``case``, in ``unit``.

    Examples
    --------
    >>> param_tooltip("t")
    "tolerance F1: chessboard tolerance radius t (pixels) (default 2; key 't')"
    >>> param_tooltip("nsd_tau", "um")
    "normalised surface distance tolerance tau (µm) (default 2 px; key 'nsd_tau')"
    """
    spec = PARAM_SPECS[key]
    doc = re.sub(r"\bpixels\b", _UNIT_WORDS[unit], spec.doc)
    default = default_text(key)
    factor = per_pixel(unit, case)
    if unit != "px":
        default += " px"
        if factor is not None:
            default += f", {spec.default * factor:.3g} {UNIT_TEXTS[unit]} on this case"
    return f"{doc} (default {default}; key '{key}')"
