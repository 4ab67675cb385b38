"""A wheel turn over an unfocused control scrolls its panel; a focused control takes it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QScrollArea,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from vesselview.gui.widgets.wheel_guard import install_wheel_guard


def turn_wheel(widget: QWidget, steps: int = -1) -> None:
    """One notch (120 eighths of a degree) per step; negative = towards the user."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, widget.mapToGlobal(centre), QPoint(0, 0),
                        QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


@pytest.fixture
def panel(qtbot):
    install_wheel_guard(QApplication.instance())
    content = QWidget()
    column = QVBoxLayout(content)
    controls = {"slider": QSlider(Qt.Orientation.Horizontal), "spin": QSpinBox(),
                "float": QDoubleSpinBox(), "combo": QComboBox()}
    controls["combo"].addItems(["a", "b", "c"])
    controls["combo"].setCurrentIndex(1)
    for name in ("slider", "spin", "float"):
        controls[name].setValue(50)  # mid-range: a turn either way changes it
    for control in controls.values():
        column.addSpacing(300)
        column.addWidget(control)
    column.addSpacing(300)
    scroll = QScrollArea()
    scroll.setWidget(content)
    scroll.setWidgetResizable(True)
    scroll.resize(200, 300)
    qtbot.addWidget(scroll)
    scroll.show()
    qtbot.waitExposed(scroll)
    content.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the first control took focus on show
    content.setFocus()
    qtbot.waitUntil(content.hasFocus)
    return scroll, controls


def value(control: QWidget) -> object:
    return control.currentIndex() if isinstance(control, QComboBox) else control.value()


@pytest.mark.parametrize("name", ["slider", "spin", "float", "combo"])
def test_unfocused_control_scrolls_the_panel_and_keeps_its_value(panel, name):
    scroll, controls = panel
    control = controls[name]
    before = value(control)
    turn_wheel(control, steps=-3)
    assert value(control) == before
    assert scroll.verticalScrollBar().value() > 0


@pytest.mark.parametrize("name", ["slider", "spin", "combo"])
def test_focused_control_takes_the_wheel(panel, qtbot, name):
    scroll, controls = panel
    control = controls[name]
    scroll.activateWindow()
    control.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(control.hasFocus)
    before = value(control)
    turn_wheel(control, steps=1)
    assert value(control) != before
    assert scroll.verticalScrollBar().value() == 0


def test_controls_no_longer_take_focus_from_the_wheel(panel):
    _scroll, controls = panel
    for control in controls.values():
        assert control.focusPolicy() != Qt.FocusPolicy.WheelFocus


def test_the_parameters_dock_scrolls_instead_of_moving_the_threshold(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from vesselview.gui.inspector.window import MainWindow

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.resize(1366, 600)
    window.show()
    qtbot.waitExposed(window)
    before = window.model.params
    sliders = window.params_panel.findChildren(QSlider)
    assert sliders
    for slider in sliders:
        turn_wheel(slider, steps=-15)
    assert window.model.params == before
    window.scheduler.shutdown()
