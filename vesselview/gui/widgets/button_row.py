"""A row of push buttons, each calling its action when clicked."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget


def button_row(*actions: tuple[str, Callable[[], object]],
               first: QWidget | None = None) -> QHBoxLayout:
    """Buttons ``(text, action)`` in a row after ``first``, which gets the spare width
    (without ``first`` the spare width is left empty, after the buttons)."""
    row = QHBoxLayout()
    if first is not None:
        row.addWidget(first, 1)
    for text, action in actions:
        button = QPushButton(text)
        button.clicked.connect(lambda _checked=False, act=action: act())
        row.addWidget(button)
    if first is None:
        row.addStretch(1)
    return row
