"""Metric tooltips and values with units, read from the engine's registry.

Every name, unit, definition, source and direction is in
`vesselview.engine.families.METRICS`; this module only formats them for widgets
(G = reference, S = candidate, F = field of view).
"""

from __future__ import annotations

import math

from vesselview.app.param_labels import param_label
from vesselview.engine.families import METRICS

_DIRECTIONS = {"higher": "larger is better", "lower": "smaller is better",
               "neither": "no value is better"}


def metric_tooltip(key: str, unit: str | None = None) -> str:
    """Rich-text tooltip of metric ``key``: name, definition, direction, range, unit, source.

    ``unit`` names the unit the value is shown in when it is not the metric's own
    (a distance in µm, `vesselview.app.metric_units.shown_unit`).
    """
    info = METRICS[key]
    shown = unit or info.unit
    in_unit = f"; in {shown}" if shown else ""
    return (f"<b>{info.name}</b><br>{info.definition}<br><i>{_DIRECTIONS[info.direction]}; "
            f"{_range_text(info.value_range)}{in_unit}</i><br>Source: {info.source}")


def _range_text(value_range: tuple[float, float | str]) -> str:
    """``"from 0 to 1"``, ``"0 or more"`` or ``"from 0 to <the bounding parameter's label>"``."""
    low, high = value_range
    if high == math.inf:
        return f"{low:g} or more"
    return f"from {low:g} to {param_label(high) if isinstance(high, str) else format(high, 'g')}"


def with_unit(key: str, text: str) -> str:
    """Display text ``text`` of a defined, finite value of metric ``key`` with its unit."""
    unit = METRICS[key].unit
    if not unit:
        return text
    return f"{text}{unit}" if unit == "%" else f"{text} {unit}"
