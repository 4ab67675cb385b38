"""Metric tooltips and values with units, read from the engine's registry.

Every name, unit, definition, source and direction is in
`vesselview.engine.families.METRICS`; this module only formats them for widgets
(G = reference, S = candidate, F = field of view).
"""

from __future__ import annotations

from vesselview.engine.families import METRICS


def metric_tooltip(key: str) -> str:
    """Rich-text tooltip of metric ``key``: name, definition, direction, unit, source."""
    info = METRICS[key]
    direction = "smaller is better" if info.lower_is_better else "larger is better"
    unit = f"; in {info.unit}" if info.unit else ""
    return (f"<b>{info.name}</b><br>{info.definition}<br><i>{direction}{unit}</i>"
            f"<br>Source: {info.source}")


def with_unit(key: str, text: str) -> str:
    """Display text ``text`` of a defined, finite value of metric ``key`` with its unit."""
    unit = METRICS[key].unit
    if not unit:
        return text
    return f"{text}{unit}" if unit == "%" else f"{text} {unit}"
