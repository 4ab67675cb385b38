"""A list of messages that stay until dismissed: warnings, errors and persistent notes.

The widget shows a Qt-free `vesselview.app.notices.NoticeBoard` (the inspector's, which
every tool window reports to). Replaces short-lived status-bar messages for anything the
user must not miss: each message is one row (word-wrapped, the file it names in full,
its technical detail in a tooltip) with a "Dismiss" button; several messages show
together. A message with a key replaces the earlier one with the same key (e.g. the
polarity note of the reference), and `remove` takes it away when it no longer applies.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from vesselview.app.notices import Notice, NoticeBoard, NoticeKind

#: Background per kind of message (Okabe-Ito tints; readable text on both).
_STYLES = {
    "warning": "QFrame#notice { background-color: #fdf1cc; border: 1px solid #e69f00; }",
    "error": "QFrame#notice { background-color: #f9dccb; border: 1px solid #d55e00; }",
    "info": "QFrame#notice { background-color: #d6ebf7; border: 1px solid #56b4e9; }",
}


#: At most this many messages show at once (the newest); the rest behind "Show all", so
#: a burst of errors never pushes the image out of a small window.
SHOWN = 3


class Notices(QWidget):
    """The notices of a `NoticeBoard`, stacked top to bottom, each with a Dismiss button;
    hidden when there are none.

    Parameters
    ----------
    board : NoticeBoard, optional
        The notices to show (the inspector's: ``Inspector.notices``); a new one by default.

    Signals
    -------
    changed()
        A message was added or removed.
    """

    changed = Signal()

    def __init__(self, board: NoticeBoard | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = board if board is not None else NoticeBoard()
        self._rows: dict[int, QFrame] = {}  # id(notice) -> its row
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(4, 4, 4, 0)
        self._layout.setSpacing(3)
        self._expanded = False
        self._build_footer()
        self.hide()
        for notice in self.board.notices:
            self._on_added(notice)
        self.board.added.connect(self._on_added)
        self.board.removed.connect(self._on_removed)

    @property
    def messages(self) -> list[str]:
        """The messages shown, top to bottom."""
        return self.board.messages

    def add(self, message: str, kind: NoticeKind = "warning", key: str = "") -> None:
        """Show ``message`` (``kind``: warning, error or info) until dismissed.

        The same message is not shown twice; a non-empty ``key`` replaces the
        message shown under that key.
        """
        self.board.add(message, kind, key)

    def remove(self, key: str) -> None:
        """Take away the message shown under ``key`` (nothing if none)."""
        self.board.remove(key)

    def dismiss_all(self) -> None:
        """Take away every message."""
        self.board.dismiss_all()

    def _on_added(self, notice: Notice) -> None:
        row = QFrame(self)
        row.setObjectName("notice")
        row.setStyleSheet(_STYLES[notice.kind] + " QLabel { color: #111111; }")
        source = f"<b>{html.escape(notice.source)}:</b> " if notice.source else ""
        label = QLabel(source + html.escape(notice.message), row)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        if notice.details:
            label.setToolTip(f"Technical details: {notice.details}")
        button = QPushButton("Dismiss", row)
        button.setToolTip("Hide this message")
        layout = QHBoxLayout(row)
        layout.setContentsMargins(6, 3, 3, 3)
        layout.addWidget(label, 1)
        layout.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
        button.clicked.connect(lambda _checked=False, n=notice: self.board.dismiss(n))
        self._rows[id(notice)] = row
        self._layout.insertWidget(self._layout.count() - 1, row)  # above the footer
        self._refresh()

    def _on_removed(self, notice: Notice) -> None:
        row = self._rows.pop(id(notice), None)
        if row is not None:
            row.setParent(None)
            row.deleteLater()
            self._refresh()

    def _toggle_expanded(self) -> None:
        self._expanded = not self._expanded
        self._refresh()

    def _build_footer(self) -> None:
        """The row under the notices when more than `SHOWN` are kept: how many are
        hidden, Show all / Show fewer, Dismiss all."""
        self.footer = QWidget(self)
        self.footer_label = QLabel(self.footer)
        self.expand_button = QPushButton("Show all", self.footer)
        self.expand_button.clicked.connect(self._toggle_expanded)
        dismiss_all = QPushButton("Dismiss all", self.footer)
        dismiss_all.setToolTip("Hide every message")
        dismiss_all.clicked.connect(self.dismiss_all)
        layout = QHBoxLayout(self.footer)
        layout.setContentsMargins(6, 0, 3, 0)
        layout.addWidget(self.footer_label, 1)
        layout.addWidget(self.expand_button)
        layout.addWidget(dismiss_all)
        self._layout.addWidget(self.footer)

    def _refresh(self) -> None:
        """Show the newest `SHOWN` rows (all when expanded) and the footer if some hide."""
        rows = list(self._rows.values())
        hidden = 0 if self._expanded else max(0, len(rows) - SHOWN)
        for index, row in enumerate(rows):
            row.setVisible(index >= hidden)
        self.footer.setVisible(len(rows) > SHOWN)
        self.footer_label.setText(f"{hidden} earlier messages hidden" if hidden
                                  else f"{len(rows)} messages")
        self.expand_button.setText("Show fewer" if self._expanded else "Show all")
        self.setVisible(bool(rows))
        self.changed.emit()
