"""The parameter sliders answer the keyboard, and a press on a handle keeps its value.

superqt's float slider ignored the arrow keys, and a press on its handle moved the value
to the pixel under the cursor; the panel then truncated t = 1.98 to 1, so clicking the t
handle changed t from 2 to 1 and recomputed every metric (found in a real window).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QStyle, QStyleOptionSlider

from vesselview.engine.params import PARAM_SPECS
from vesselview.gui.inspector.params_dock import ParamsPanel
from vesselview.gui.widgets.float_slider import KeyboardDoubleSlider, LabeledDoubleSlider


def inner_slider(window, key: str):
    """The slider widget the user presses and types into for parameter ``key``."""
    labeled = window.findChild(ParamsPanel).sliders[key]
    assert isinstance(labeled, LabeledDoubleSlider)
    inner = labeled._slider  # superqt's slider inside the labelled one
    assert isinstance(inner, KeyboardDoubleSlider)  # superqt still builds it from ours
    return inner


def handle_points(slider) -> list[QPoint]:
    """The handle's centre and two points near its edges."""
    option = QStyleOptionSlider()
    slider.initStyleOption(option)
    handle = slider.style().subControlRect(QStyle.ComplexControl.CC_Slider, option,
                                           QStyle.SubControl.SC_SliderHandle, slider)
    centre = handle.center()
    return [centre, centre + QPoint(handle.width() // 3, 0),
            centre - QPoint(handle.width() // 3, 0)]


@pytest.mark.parametrize("key", ["t", "ss_alpha"])
def test_a_press_on_the_handle_keeps_the_value(shown_window, qtbot, key) -> None:
    slider = inner_slider(shown_window, key)
    before = getattr(shown_window.model.params, key)
    for point in handle_points(slider):
        QTest.mouseClick(slider, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         point)
        assert getattr(shown_window.model.params, key) == before
    assert slider.hasFocus()  # the press gave it the keyboard


@pytest.mark.parametrize("key", ["t", "ss_alpha"])
def test_a_press_that_trembles_by_a_pixel_keeps_the_value(shown_window, key) -> None:
    # QTest.mouseClick sends no move; a hand does: a pixel's move must not jump the handle.
    slider = inner_slider(shown_window, key)
    before = getattr(shown_window.model.params, key)
    point = handle_points(slider)[1]  # off the handle's centre
    QTest.mousePress(slider, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    QTest.mouseMove(slider, point + QPoint(1, 0))
    QTest.mouseRelease(slider, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       point + QPoint(1, 0))
    # a pixel's worth at most (superqt jumped by half the handle, 0.5 for t = 2)
    one_pixel = (slider.maximum() - slider.minimum()) / slider.width()
    decimals = PARAM_SPECS[key].decimals
    assert abs(getattr(shown_window.model.params, key) - before) <= one_pixel + 10**-decimals
    if key == "t":
        assert shown_window.model.params.t == before  # whole pixels: rounds back


def test_a_press_beside_the_handle_still_moves_it(shown_window) -> None:
    slider = inner_slider(shown_window, "t")
    end = QPoint(slider.width() - 3, slider.height() // 2)
    QTest.mouseClick(slider, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert shown_window.model.params.t == 20  # the slider's top, rounded to whole pixels


def test_arrow_keys_step_the_parameter_within_its_range(shown_window) -> None:
    slider = inner_slider(shown_window, "t")
    slider.setFocus()
    assert shown_window.model.params.t == 2
    steps = [(Qt.Key.Key_Right, 3), (Qt.Key.Key_Up, 4), (Qt.Key.Key_Left, 3),
             (Qt.Key.Key_Down, 2), (Qt.Key.Key_Left, 1), (Qt.Key.Key_Left, 0),
             (Qt.Key.Key_Left, 0)]  # stays at the range's end
    for key, expected in steps:
        QTest.keyClick(slider, key)
        assert shown_window.model.params.t == expected, key


def test_a_float_parameter_steps_by_its_own_step(shown_window) -> None:
    slider = inner_slider(shown_window, "ss_alpha")
    slider.setFocus()
    QTest.keyClick(slider, Qt.Key.Key_Right)
    assert shown_window.model.params.ss_alpha == pytest.approx(0.21)
    for _ in range(9):
        QTest.keyClick(slider, Qt.Key.Key_Right)
    assert slider.value() == 0.3  # on the grid of steps, no accumulated rounding
    QTest.keyClick(slider, Qt.Key.Key_Left)
    QTest.keyClick(slider, Qt.Key.Key_Left)
    assert shown_window.model.params.ss_alpha == pytest.approx(0.28)


@pytest.mark.parametrize("key", [Qt.Key.Key_PageUp, Qt.Key.Key_PageDown, Qt.Key.Key_Home])
def test_the_windows_shortcut_keys_leave_the_parameter(shown_window, key) -> None:
    slider = inner_slider(shown_window, "t")
    slider.setFocus()
    QTest.keyClick(slider, key)
    assert shown_window.model.params.t == 2
