"""The case browser's dataset FROC line: a button computing method A's pooled FROC
(`vesselview.app.dataset_froc.DatasetFroc`), its progress with Cancel, and the scores of
every method computed so far, with the note that the score is a convention."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from vesselview.app.dataset_froc import FROC_NOTE, DatasetFroc


class FrocSummary(QWidget):
    """``FROC of A`` / Cancel and the summary lines (one per method computed).

    Parameters
    ----------
    froc : DatasetFroc
    method : callable () -> str
        The method to compute (the browser's method A).
    """

    def __init__(self, froc: DatasetFroc, method: Callable[[], str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.froc = froc
        self.lines: dict[str, str] = {}
        self.compute_button = QPushButton("Dataset FROC of A")
        self.compute_button.setToolTip(
            "Pooled FROC of method A's probability maps over every case (segments and "
            f"components); the score is the {FROC_NOTE}")
        self.compute_button.clicked.connect(lambda: froc.compute(method()))
        self.cancel_button = QPushButton("Cancel FROC")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(froc.cancel)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setToolTip(FROC_NOTE)
        self.text.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.compute_button)
        row.addWidget(self.cancel_button)
        row.addStretch()
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(row)
        column.addWidget(self.text)
        froc.changed.connect(self._show)
        froc.channel.busy_changed.connect(self._on_busy)
        froc.channel.progress.connect(self._on_progress)

    def _on_busy(self, busy: bool) -> None:
        self.cancel_button.setEnabled(busy)
        if not busy:
            self.compute_button.setText("Dataset FROC of A")

    def _on_progress(self, fraction: float, _message: str) -> None:
        self.compute_button.setText(f"Dataset FROC of A: {fraction:.0%}")

    def _show(self, method: str) -> None:
        line = self.froc.summary(method)
        if line is not None:
            self.lines[method] = line
        self.text.setText("\n".join(self.lines.values()))
        self.text.setVisible(bool(self.lines))
