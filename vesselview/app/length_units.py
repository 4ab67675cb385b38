"""The unit the window shows length parameters in: pixels, µm or percent of the FOV
diameter (`vesselview.engine.lengths.Length`'s units), and how many of it one pixel of
a case is."""

from __future__ import annotations

import re

from vesselview.engine.case import Case
from vesselview.engine.lengths import LengthUnit

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


def unit_label(label: str, unit: LengthUnit) -> str:
    """A length parameter's label (``"t (tolerance, px)"``) stating ``unit`` instead."""
    return re.sub(r"\bpx\b", UNIT_TEXTS[unit], label)
