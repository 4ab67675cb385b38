"""Display names, one-line definitions and sources of every metric (tooltips).

A view of the engine's registry (`vesselview.engine.families.METRICS`), which holds them;
G = reference, S = candidate, F = field of view.
"""

from __future__ import annotations

import dataclasses

from vesselview.engine.families import FAMILIES, METRICS
from vesselview.engine.families.sources import CAL_PAPER, SS_PAPER, TOLERANCE_PAPER

__all__ = ["CAL_PAPER", "FAMILY_TITLES", "METRIC_DOCS", "SS_PAPER", "TOLERANCE_PAPER",
           "MetricDoc", "metric_tooltip", "with_unit"]

FAMILY_TITLES: dict[str, str] = {family.name: family.title for family in FAMILIES}


@dataclasses.dataclass(frozen=True)
class MetricDoc:
    """What a metric is called, how it is defined, where it comes from, and its unit.

    ``unit`` is appended to displayed values ("px", "px²", "%"; "" for none).
    """

    label: str
    definition: str
    source: str
    unit: str = ""


def metric_tooltip(key: str) -> str:
    """Rich-text tooltip of metric ``key``: definition, direction, source."""
    doc = METRIC_DOCS[key]
    direction = "smaller is better" if METRICS[key].lower_is_better else "larger is better"
    unit = f"; in {doc.unit}" if doc.unit else ""
    return (f"<b>{doc.label}</b><br>{doc.definition}<br><i>{direction}{unit}</i>"
            f"<br>Source: {doc.source}")


def with_unit(key: str, text: str) -> str:
    """Display text ``text`` of a defined, finite value of metric ``key`` with its unit."""
    unit = METRIC_DOCS[key].unit
    if not unit:
        return text
    return f"{text}{unit}" if unit == "%" else f"{text} {unit}"


METRIC_DOCS: dict[str, MetricDoc] = {
    key: MetricDoc(info.name, info.definition, info.source, info.unit)
    for key, info in METRICS.items()
}
