"""Lengths in pixels, micrometres or percent of the FOV diameter (``docs/metrics.md`` §0).

A length parameter (``t``, ``cal_alpha``, ``nsd_tau``...: every parameter whose spec unit
is ``"length"``) is a number of pixels, as always, or a `Length`: a number with a unit,
written ``NUMBER[UNIT]`` with UNIT ``px`` (the default), ``um`` (also ``µm``) or
``%fov`` (percent of the FOV diameter, `fov_diameter_px`). ``Params(t="30um")``,
``Params(t=Length(30, "um"))`` and ``--set t=30um`` say the same. A length in µm or
% FOV is converted to pixels once per case, when an evaluation starts
(`vesselview.engine.length_scope.resolved_lengths`).
"""

from __future__ import annotations

import dataclasses
import math
import re
from typing import TYPE_CHECKING, Literal

from vesselview.errors import ParamsError

if TYPE_CHECKING:
    import numpy as np

LengthUnit = Literal["px", "um", "%fov"]
#: Unit text -> unit, lower case (``µm`` with the micro sign or the Greek mu).
_UNIT_NAMES: dict[str, LengthUnit] = {"px": "px", "um": "um", "µm": "um", "μm": "um",
                                      "%fov": "%fov"}
_NUMBER = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
_LENGTH_TEXT = re.compile(rf"(?P<number>{_NUMBER})\s*(?P<unit>[^\s0-9.+-].*)?")
#: The grammar, as help texts and error messages state it.
GRAMMAR = ("a number of pixels (2, 2.5, 2px), of micrometres (30um) or a percent of the "
           "FOV diameter (0.5%fov)")


@dataclasses.dataclass(frozen=True)
class Length:
    """A non-negative length with its unit.

    Attributes
    ----------
    value : float
        The number, finite and >= 0.
    unit : {"px", "um", "%fov"}
        Pixels, micrometres, or percent of the FOV diameter.

    Examples
    --------
    >>> Length.parse("30um")
    Length(value=30.0, unit='um')
    >>> str(Length(0.5, "%fov"))
    '0.5%fov'
    >>> Length(30, "um").pixels(spacing_um=10.0, fov_diameter_px=500)
    3.0
    """

    value: float
    unit: LengthUnit = "px"

    def __post_init__(self) -> None:
        if self.unit not in ("px", "um", "%fov"):
            raise ParamsError(f"unknown length unit {self.unit!r}; use px, um or %fov")
        if isinstance(self.value, bool) or not isinstance(self.value, (int, float)):
            raise ParamsError(f"a length is a number, got {self.value!r}")
        if not math.isfinite(self.value) or self.value < 0:
            raise ParamsError(f"a length must be a finite number >= 0, got {self.value!r}")
        object.__setattr__(self, "value", float(self.value))

    def __str__(self) -> str:
        number = repr(self.value).removesuffix(".0")
        return f"{number}{self.unit}"

    @classmethod
    def parse(cls, text: str) -> Length:
        """The length written as ``text`` (the module's grammar, blanks around it aside).

        Raises
        ------
        ParamsError
            When ``text`` is no number with an optional unit (``30 mm``, ``1/2um``,
            ``nan``), or the number is negative.
        """
        match = _LENGTH_TEXT.fullmatch(text.strip())
        unit = (match["unit"] or "px").strip().lower() if match else ""
        if match is None or unit not in _UNIT_NAMES:
            raise ParamsError(f"expected {GRAMMAR}; got {text!r}")
        return cls(float(match["number"]), _UNIT_NAMES[unit])

    def pixels(self, *, spacing_um: float | None, fov_diameter_px: float) -> float:
        """This length in pixels on a case of ``spacing_um`` µm per pixel and FOV diameter.

        Raises
        ------
        ParamsError
            For µm when ``spacing_um`` is None (the caller adds which case and the fix).
        """
        if self.unit == "px":
            return self.value
        if self.unit == "%fov":
            return self.value / 100.0 * fov_diameter_px
        if spacing_um is None:
            raise ParamsError(f"{self} needs the pixel spacing, which is unknown")
        return self.value / spacing_um


def fov_diameter_px(fov: np.ndarray) -> int:
    """The FOV diameter D in pixels: the longer side of the field of view's bounding box.

    A fundus camera's field is a disc, sometimes cut straight by the frame (HRF's at top
    and bottom), so its full width survives in one direction. With no FOV mask (all
    True) it is the longer side of the image.

    Parameters
    ----------
    fov : ndarray of bool, shape (H, W)

    Returns
    -------
    int
        D >= 0 (0 for an empty mask).

    Examples
    --------
    >>> import numpy as np
    >>> disc = np.hypot(*np.mgrid[-5:6, -5:6]) <= 5.5
    >>> fov_diameter_px(disc[2:-2])  # cut at top and bottom: the width remains
    11
    """
    import numpy as np  # here, not at the top: `--help` reads GRAMMAR without numpy

    rows, columns = np.flatnonzero(fov.any(axis=1)), np.flatnonzero(fov.any(axis=0))
    if rows.size == 0:
        return 0
    return int(max(rows[-1] - rows[0], columns[-1] - columns[0]) + 1)


def in_pixels(value: float | Length) -> float:
    """A resolved length parameter as a number of pixels (an int stays an int).

    Raises
    ------
    TypeError
        For a `Length` in µm or % FOV: the parameters were not resolved for the case
        (a bug in the caller: evaluate through `vesselview.engine.pipeline.Evaluator`).
    """
    if isinstance(value, Length):
        if value.unit != "px":
            raise TypeError(f"length {value} was not converted to pixels for the case")
        return value.value
    return value


def pixels_text(value: float | Length) -> str:
    """A resolved length parameter as the engine's texts (layer titles, undefined
    reasons) write it, in pixels with the unit: the form a window rewrites into the unit
    it shows lengths in (`vesselview.app.length_units.LengthScale.in_text`).

    >>> pixels_text(3.0), pixels_text(1.2448132780082988)
    ('3 px', '1.24481 px')
    """
    return f"{in_pixels(value):g} px"


def whole_pixels(value: int | Length) -> int:
    """A resolved length that counts whole pixels (`ParamSpec.whole`) as an int.

    Raises
    ------
    TypeError
        As `in_pixels` does, or for a fraction of a pixel (never after resolution).
    """
    pixels = in_pixels(value)
    if pixels != int(pixels):
        raise TypeError(f"length {value} is not a whole number of pixels")
    return int(pixels)
