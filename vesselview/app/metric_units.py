"""Distance metrics in the window's length unit: in µm when µm is chosen and the result's
spacing is known (its ``distances_um``, `vesselview.engine.physical`), in pixels
otherwise (px and % FOV alike: a distance metric has no FOV-relative key).

Qt-free: the metrics panel shows these values and texts.
"""

from __future__ import annotations

import math

from vesselview.engine.families import METRICS
from vesselview.engine.lengths import LengthUnit
from vesselview.engine.physical import PHYSICAL_KEYS
from vesselview.engine.result import Result

#: The unit text of a value in µm by the power of the spacing that converts it.
_UM_UNITS = {1: "µm", 2: "µm²"}


def in_um(result: Result, key: str, unit: LengthUnit) -> bool:
    """True when metric ``key`` of ``result`` is shown in µm for the chosen ``unit``."""
    return unit == "um" and key in PHYSICAL_KEYS and result.lengths.spacing_um is not None


def shown_value(result: Result, key: str, unit: LengthUnit) -> float:
    """Metric ``key`` of ``result`` in the unit it is shown in (µm, µm² or its own)."""
    if not in_um(result, key, unit):
        return result.metrics[key]
    return result.distances_um[PHYSICAL_KEYS[key][0]]


def shown_unit(result: Result, key: str, unit: LengthUnit) -> str:
    """The unit metric ``key`` of ``result`` is shown in (``"µm"``, ``"µm²"`` or its own,
    ``""`` for a ratio)."""
    if not in_um(result, key, unit):
        return METRICS[key].unit
    return _UM_UNITS[PHYSICAL_KEYS[key][1]]


def um_text(result: Result, key: str) -> str | None:
    """Metric ``key``'s finite value in µm with its unit (``"48.3 µm"``), one decimal
    (a tenth of a µm is far below a pixel of any fundus camera); None when not finite."""
    name, power = PHYSICAL_KEYS[key]
    value = result.distances_um[name]
    return f"{value:.1f} {_UM_UNITS[power]}" if math.isfinite(value) else None
