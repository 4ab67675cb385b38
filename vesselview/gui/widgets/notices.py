"""A list of messages that stay until dismissed: warnings, errors and persistent notes.

Replaces short-lived status-bar messages for anything the user must not miss: each
message is one row (word-wrapped, the file it names in full) with a "Dismiss" button;
several messages show together. A message with a key replaces the earlier one with the
same key (e.g. the polarity note of the reference), and `remove` takes it away when
it no longer applies.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

#: Background per kind of message (Okabe-Ito tints; readable text on both).
_STYLES = {
    "warning": "QFrame#notice { background-color: #fdf1cc; border: 1px solid #e69f00; }",
    "error": "QFrame#notice { background-color: #f9dccb; border: 1px solid #d55e00; }",
    "info": "QFrame#notice { background-color: #d6ebf7; border: 1px solid #56b4e9; }",
}


class Notices(QWidget):
    """Messages stacked top to bottom, each with a Dismiss button; hidden when empty.

    Signals
    -------
    changed()
        A message was added or removed.
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, str, QFrame]] = []  # (key, message, row)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(4, 4, 4, 0)
        self._layout.setSpacing(3)
        self.hide()

    @property
    def messages(self) -> list[str]:
        """The messages shown, top to bottom."""
        return [message for _key, message, _row in self._rows]

    def add(self, message: str, kind: str = "warning", key: str = "") -> None:
        """Show ``message`` (``kind``: warning, error or info) until dismissed.

        The same message is not shown twice; a non-empty ``key`` replaces the
        message shown under that key.
        """
        if key:
            self.remove(key)
        if message in self.messages:
            return
        row = QFrame(self)
        row.setObjectName("notice")
        row.setStyleSheet(_STYLES[kind] + " QLabel { color: #111111; }")
        label = QLabel(message, row)
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        button = QPushButton("Dismiss", row)
        button.setToolTip("Hide this message")
        layout = QHBoxLayout(row)
        layout.setContentsMargins(6, 3, 3, 3)
        layout.addWidget(label, 1)
        layout.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
        entry = (key or f"#{id(row)}", message, row)
        button.clicked.connect(lambda _checked=False, e=entry: self._drop(e))
        self._rows.append(entry)
        self._layout.addWidget(row)
        self._refresh()

    def remove(self, key: str) -> None:
        """Take away the message shown under ``key`` (nothing if none)."""
        for entry in [e for e in self._rows if e[0] == key]:
            self._drop(entry)

    def dismiss_all(self) -> None:
        """Take away every message."""
        for entry in list(self._rows):
            self._drop(entry)

    def _drop(self, entry: tuple[str, str, QFrame]) -> None:
        if entry in self._rows:
            self._rows.remove(entry)
            entry[2].setParent(None)
            entry[2].deleteLater()
            self._refresh()

    def _refresh(self) -> None:
        self.setVisible(bool(self._rows))
        self.changed.emit()
