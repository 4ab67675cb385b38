"""The label a window or tool shows its last error in: Okabe-Ito vermillion, hidden if none."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QWidget

_ERROR_STYLE = "QLabel { color: #d55e00; }"  # Okabe-Ito vermillion


class ErrorLabel(QLabel):
    """A QLabel for error messages: vermillion text, hidden until `show_message`.

    Hide it (``hide()``) when the user starts a new action, so an old message does not
    linger next to a new result.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(_ERROR_STYLE)
        self.hide()

    def show_message(self, message: str) -> None:
        """Show ``message`` (replacing any shown one)."""
        self.setText(message)
        self.show()

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
