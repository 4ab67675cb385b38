"""The case browser's dataset FROC: one button computing method A's pooled FROC
(`vesselview.app.dataset_froc.DatasetFroc`) that shows the progress and cancels while it
runs, and a line per method computed so far with its scores and the note that the score
is a convention (hidden until there is one, so the browser keeps its least size)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from vesselview.app.dataset_froc import FROC_NOTE, DatasetFroc

_IDLE = "Dataset FROC of A"


class FrocSummary(QPushButton):
    """The ``Dataset FROC of A`` button (``Cancel FROC: 40%`` while it runs) and its
    summary lines (`scores`, placed by the window; one line per method computed).

    Parameters
    ----------
    froc : DatasetFroc
    method : callable () -> str
        The method to compute (the browser's method A).
    """

    def __init__(self, froc: DatasetFroc, method: Callable[[], str],
                 parent: QWidget | None = None) -> None:
        super().__init__(_IDLE, parent)
        self.froc = froc
        self.lines: dict[str, str] = {}
        self.setToolTip("Pooled FROC of method A's probability maps over every case "
                        f"(segments and components); the score is the {FROC_NOTE}")
        self.clicked.connect(lambda: froc.cancel() if froc.channel.busy
                             else froc.compute(method()))
        self.scores = QLabel()
        self.scores.setWordWrap(True)
        self.scores.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.scores.setToolTip(FROC_NOTE)
        self.scores.hide()
        froc.changed.connect(self._show)
        froc.channel.busy_changed.connect(self._on_busy)
        froc.channel.progress.connect(self._on_progress)

    @property
    def running(self) -> bool:
        """True while a dataset FROC runs (a click cancels it)."""
        return self.froc.channel.busy

    def _on_busy(self, busy: bool) -> None:
        self.setText("Cancel FROC" if busy else _IDLE)

    def _on_progress(self, fraction: float, _message: str) -> None:
        self.setText(f"Cancel FROC: {fraction:.0%}")

    def _show(self, method: str) -> None:
        line = self.froc.summary(method)
        if line is not None:
            self.lines[method] = line
        self.scores.setText("\n".join(self.lines.values()))
        self.scores.setVisible(bool(self.lines))
