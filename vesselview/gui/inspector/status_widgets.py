"""The inspector's status bar: pixel readout, busy bar, evaluation timing and the case's
pixel spacing with its source."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtWidgets import QFrame, QLabel, QProgressBar, QStatusBar

#: What the readout says until the mouse is over the image.
READOUT_PROMPT = "Move the mouse over the image for a pixel readout."


class StatusWidgets(NamedTuple):
    """The status bar's widgets (`fill_status_bar`)."""

    readout: QLabel
    busy: QProgressBar
    timing: QLabel
    spacing: QLabel


def fill_status_bar(bar: QStatusBar) -> StatusWidgets:
    """Add the readout (stretching), busy bar (hidden), timing and spacing to ``bar``."""
    widgets = StatusWidgets(QLabel(READOUT_PROMPT), QProgressBar(), QLabel(), QLabel())
    widgets.busy.setRange(0, 0)
    widgets.busy.setFixedWidth(100)
    widgets.busy.setFormat("evaluating")
    widgets.busy.hide()
    bar.addWidget(widgets.readout, 1)
    bar.addPermanentWidget(widgets.busy)
    bar.addPermanentWidget(widgets.timing)
    bar.addPermanentWidget(_separator())
    bar.addPermanentWidget(widgets.spacing)
    return widgets


def _separator() -> QFrame:
    """A sunken vertical line, so the timing and the spacing do not read as one sentence."""
    line = QFrame()
    line.setFrameShape(QFrame.Shape.VLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


def partial_timing(seconds: float, pending: int) -> str:
    """What the timing label says while ``pending`` metrics still compute."""
    metrics = "metric" if pending == 1 else "metrics"
    return f"Computing {pending} more {metrics}\N{HORIZONTAL ELLIPSIS} (first shown after " \
           f"{duration(seconds)})"


def complete_timing(seconds: float) -> str:
    """What the timing label says once every metric is shown."""
    return f"All metrics in {duration(seconds)}"


def duration(seconds: float) -> str:
    """``0.34`` -> ``"340 ms"``, ``2.106`` -> ``"2.1 s"``."""
    return f"{seconds * 1000:.0f} ms" if seconds < 1.0 else f"{seconds:.1f} s"
