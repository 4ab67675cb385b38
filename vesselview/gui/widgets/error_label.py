"""The label a window or tool shows its last error in: Okabe-Ito vermillion, hidden if none.

A tool window's label reports to the inspector's notices (`ErrorLabel.report_to`): the
error is said in full above the main window's image until dismissed, and the label keeps
a short pointer to it (the whole message in its tooltip).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QWidget

from vesselview.app.notices import NoticeBoard
from vesselview.errors import split_details

_ERROR_STYLE = "QLabel { color: #d55e00; }"  # Okabe-Ito vermillion
#: The pointer keeps at most this many characters of the message.
POINTER_CHARS = 100
#: How the pointer ends: where the whole message is.
POINTER_END = " (in full in the main window's messages)"


class ErrorLabel(QLabel):
    """A QLabel for error messages: vermillion text, hidden until `show_message`.

    Hide it (``hide()``) when the user starts a new action, so an old message does not
    linger next to a new result.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(_ERROR_STYLE)
        self._board: NoticeBoard | None = None
        self._source = ""
        self.hide()

    def report_to(self, board: NoticeBoard, source: str) -> None:
        """Add every later message to ``board`` as an error of window ``source``."""
        self._board, self._source = board, source

    def show_message(self, message: str) -> None:
        """Show ``message`` (replacing any shown one); with a board, add it there and show
        a short pointer here."""
        plain, details = split_details(message)
        self.setToolTip(plain + (f"\n\nTechnical details: {details}" if details else ""))
        if self._board is None:
            self.setText(plain)
        else:
            self._board.add(message, "error", source=self._source)
            self.setText(pointer(plain))
        self.show()

    def report_warnings(self, messages: list[str]) -> None:
        """Add ``messages`` (a run's input warnings) to the board as warnings of this
        window; nothing without a board (the window shows them itself)."""
        if self._board is not None:
            for message in messages:
                self._board.add(message, "warning", source=self._source)

    def run_guarded(self, action: Callable[[], object]) -> None:
        """Hide the message, run ``action``, and show what a ValueError or OSError says.

        For button handlers: a bad typed value (`ParamsError`, `InputError`: both
        ValueErrors) or an unwritable file is the user's to fix, so it is shown, not
        raised.
        """
        self.hide()
        try:
            action()
        except (ValueError, OSError) as error:
            self.show_message(str(error))


def pointer(message: str) -> str:
    """``message`` cut to its first clause (at most `POINTER_CHARS`), then `POINTER_END`."""
    first = message.split("; ", 1)[0]
    if len(first) > POINTER_CHARS:
        first = first[:POINTER_CHARS - 1].rstrip() + "…"
    return first + POINTER_END
