"""The label of one parameter on the Parameters dock, marked while it differs from its default.

A changed parameter's label turns bold and ends in a reset link (↺) that sets it back;
its tooltip names the default. The link sits in the label's own line, so a marked row
is no taller than the others (the dock shows as many rows at 1280x720).
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QWidget

from vesselview.app.param_labels import default_text

RESET_SYMBOL = "↺"
RESET_LINK = "reset"


class ParamLabel(QLabel):
    """A parameter's label, marked (bold, reset link, default in the tooltip) while changed.

    Parameters
    ----------
    key : str
        The parameter.
    text : str
        Its label.
    help_text : str
        Its tooltip while at its default.
    reset : callable () -> None
        Sets the parameter back to its default (the link's action).

    Attributes
    ----------
    key : str
    changed : bool
        Whether the label is marked as differing from the default.
    """

    def __init__(self, key: str, text: str, help_text: str, reset: Callable[[], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key, self._text, self._help = key, text, help_text
        self.changed = False
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.linkActivated.connect(lambda link: reset() if link == RESET_LINK else None)
        self.set_changed(False)

    def set_label_text(self, text: str, help_text: str | None = None) -> None:
        """Change the label's text (its unit) and, when given, its help, keeping the
        mark."""
        self._text = text
        if help_text is not None:
            self._help = help_text
        self.set_changed(self.changed)

    def set_changed(self, changed: bool) -> None:
        """Mark or unmark the label (a greyed label's ↺ is greyed too, not a link)."""
        self.changed = changed
        text = html.escape(self._text)
        reset = (f'<a href="{RESET_LINK}" style="text-decoration:none">{RESET_SYMBOL}</a>'
                 if self.isEnabled() else RESET_SYMBOL)
        self.setText(f"<b>{text}</b> {reset}" if changed else text)
        self.setToolTip(changed_tooltip(self.key, self._help) if changed else self._help)

    def changeEvent(self, event: QEvent) -> None:
        """Redraw the mark when the label is enabled or greyed."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.EnabledChange:
            self.set_changed(self.changed)


def mark(widget: QWidget, changed: bool) -> None:
    """Bold font on ``widget`` (a check box) while its parameter differs from the default."""
    font = widget.font()
    font.setBold(changed)
    widget.setFont(font)


def changed_tooltip(key: str, help_text: str) -> str:
    """The tooltip of a changed parameter: the default first, then its help."""
    return (f"Changed — default: {default_text(key)} (click {RESET_SYMBOL} to reset it).\n"
            f"{help_text}")
