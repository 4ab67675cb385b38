"""How a metric reads in the inspector: its value text with unit, its change (Δ), the
headline of the few metrics a clinician looks at first, and a pending value's text."""

from __future__ import annotations

import math

from vesselview.app.metric_units import in_um, um_text
from vesselview.engine.families import METRICS
from vesselview.engine.lengths import LengthUnit
from vesselview.engine.result import Result
from vesselview.gui.widgets.metric_docs import with_unit

#: What a pending value of a partial result reads, and its tooltip.
PENDING_TEXT, PENDING_TIP = "…", "computing"
#: Shown large above the metrics panel's tree (`headline_html`).
HEADLINE_KEYS = ("dice", "f1_t", "cal", "ss")


def changed(before: float, after: float) -> bool:
    """True when a metric value differs (nan equals nan; tiny round-off ignored)."""
    if math.isnan(before) or math.isnan(after):
        return math.isnan(before) != math.isnan(after)
    if math.isinf(before) or math.isinf(after):
        return before != after
    return abs(after - before) > 1e-12 * max(1.0, abs(before))


def delta_text(before: float, after: float) -> str:
    """Signed change for the Δ column (``""`` when not a finite difference)."""
    difference = after - before
    if not math.isfinite(difference):
        return ""
    return f"{difference:+.4f}"


def value_text(result: Result, key: str, unit: LengthUnit = "px") -> str:
    """The value of metric ``key`` as shown: ``Result.describe`` plus its unit when finite,
    a distance in µm when ``unit`` is µm and the spacing known (`PENDING_TEXT` while
    pending)."""
    if key in result.pending:
        return PENDING_TEXT
    if in_um(result, key, unit):
        text = um_text(result, key)
        if text is not None:
            return text
    text = result.describe(key)
    return with_unit(key, text) if math.isfinite(result.metrics[key]) else text


def headline_html(result: Result, value_px: int = 17, columns: int = len(HEADLINE_KEYS),
                  name_px: int | None = None) -> str:
    """The few metrics a clinician looks at first, their values ``value_px`` tall (names
    ``name_px``, default: the label's font), in rows of ``columns`` (presentation mode:
    two, to fit beside a round fundus)."""
    cells = []
    for key in HEADLINE_KEYS:
        value = result.metrics[key]
        text = (PENDING_TEXT if key in result.pending
                else "n/a" if math.isnan(value) else f"{value:.3f}")
        name = (METRICS[key].name if name_px is None
                else f"<span style='font-size: {name_px}px'>{METRICS[key].name}</span>")
        cells.append(f"<td align='center'>{name}<br>"
                     f"<span style='font-size: {value_px}px; font-weight: bold'>{text}</span>"
                     "</td>")
    rows = ["".join(cells[start:start + columns]) for start in range(0, len(cells), columns)]
    padding = max(2, value_px // 6)
    return (f"<table cellpadding='{padding}'>"
            f"{''.join(f'<tr>{row}</tr>' for row in rows)}</table>")
