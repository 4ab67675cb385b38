"""Mouse-wheel turns scroll the panel under the cursor, not the control under it.

A wheel turn over a slider, spin box or combo box of a scrolled panel (the Parameters
dock at 1366x768) would otherwise change its value while the user meant to scroll: 15
steps moved the threshold 0.50 -> 0.95 and recomputed everything. The rule, for every
window of the application: a control takes wheel turns only while it has keyboard focus
(click it or Tab to it); otherwise the turn scrolls the enclosing scroll area, if any.
Controls also no longer take focus from the wheel itself.

Qt has no setting for this, so one application-wide event filter applies it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QScrollBar,
    QWidget,
)

#: Controls whose value a wheel turn changes.
VALUE_CONTROLS = (QAbstractSlider, QAbstractSpinBox, QComboBox)


class WheelGuard(QObject):
    """Application event filter applying the module's rule (see `install_wheel_guard`)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Redirect wheel turns over unfocused value controls; True when handled here."""
        if not _is_value_control(watched):
            return False
        control = watched
        assert isinstance(control, QWidget)
        wheel_takes_focus = control.focusPolicy() == Qt.FocusPolicy.WheelFocus
        if event.type() == QEvent.Type.Polish and wheel_takes_focus:
            control.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        if event.type() != QEvent.Type.Wheel or control.hasFocus():
            return False
        scroll = scroll_area_of(control)
        if scroll is not None:
            QCoreApplication.sendEvent(scroll.viewport(), event)
        return True


def install_wheel_guard(application: QCoreApplication) -> WheelGuard:
    """Install the rule on ``application`` once (later calls return the same filter)."""
    guard = application.findChild(WheelGuard)
    if guard is None:
        guard = WheelGuard(application)
        application.installEventFilter(guard)
    return guard


def scroll_area_of(widget: QWidget) -> QAbstractScrollArea | None:
    """The nearest scroll area ``widget`` lies in, or None."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


def _is_value_control(watched: QObject) -> bool:
    # a scroll bar is a slider too, and must keep scrolling
    return isinstance(watched, VALUE_CONTROLS) and not isinstance(watched, QScrollBar)
