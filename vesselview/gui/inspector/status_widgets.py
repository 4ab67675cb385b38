"""The inspector's status bar: pixel readout, busy bar and evaluation timing."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar

#: What the readout says until the mouse is over the image.
READOUT_PROMPT = "Move the mouse over the image for a pixel readout."


class StatusWidgets(NamedTuple):
    """The status bar's widgets (`fill_status_bar`)."""

    readout: QLabel
    busy: QProgressBar
    timing: QLabel


def fill_status_bar(bar: QStatusBar) -> StatusWidgets:
    """Add the readout (stretching), busy bar (hidden) and timing to ``bar``."""
    widgets = StatusWidgets(QLabel(READOUT_PROMPT), QProgressBar(), QLabel())
    widgets.busy.setRange(0, 0)
    widgets.busy.setFixedWidth(100)
    widgets.busy.setFormat("evaluating")
    widgets.busy.hide()
    bar.addWidget(widgets.readout, 1)
    bar.addPermanentWidget(widgets.busy)
    bar.addPermanentWidget(widgets.timing)
    return widgets
