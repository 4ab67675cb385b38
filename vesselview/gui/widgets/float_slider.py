"""A labelled float slider that answers the keyboard and a press on its handle as a
QSlider does.

superqt's float slider (`superqt.QLabeledDoubleSlider`, the one widget that gives Qt a
slider of floats) keeps its value in Python, while Qt's own key handling steps the C++
integer value underneath: the arrow, Page and Home/End keys did nothing (superqt 0.9).
And a press anywhere on it moves the value to the pixel under the cursor, even a press
on the handle itself, so clicking a handle to take it (or to give it keyboard focus)
changed the parameter by up to a pixel's worth and recomputed every metric. Here the
arrow keys step by the slider's single step (Page Up/Down and Home stay the window's
shortcuts: the previous and next case, the whole image), and a press on the handle
keeps the value until the handle is dragged. Both lean on superqt's slider internals
(``_slider_class``, ``_setClickOffset``, in superqt since its first float sliders, and
the same from 0.6.7, the floor, to 0.9): ``tests/gui/widgets/test_superqt_members.py``
names the member if a release moves them, and
``tests/gui/inspector/test_slider_keys_and_handle.py`` fails if their behaviour changes.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QStyle, QStyleOptionSlider
from superqt import QDoubleSlider, QLabeledDoubleSlider

#: Single steps per arrow key.
_STEPS: dict[int, int] = {Qt.Key.Key_Right: 1, Qt.Key.Key_Up: 1, Qt.Key.Key_Left: -1,
                          Qt.Key.Key_Down: -1}


class KeyboardDoubleSlider(QDoubleSlider):
    """`superqt.QDoubleSlider` with QSlider's keys and a press on the handle that keeps
    the value."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Arrows: one single step, within the range, onto the grid of steps (no
        accumulated rounding: 0 + 3 x 0.1 is 0.3 there)."""
        step = _STEPS.get(event.key())
        if step is None:
            super().keyPressEvent(event)
            return
        low, size = self.minimum(), self.singleStep()
        steps = round((self.value() - low) / size) + step  # on the grid of steps from low
        self.setValue(min(self.maximum(), max(low, low + steps * size)))
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A press on the handle takes it without moving it; elsewhere, superqt's jump."""
        if not self._handle_contains(event):
            super().mousePressEvent(event)
            return
        value: float = self.value()
        blocked = self.blockSignals(True)
        try:
            super().mousePressEvent(event)  # takes the handle (and centres it on the press)
            self.setValue(value)
            # superqt measured the press from the handle it had moved; from the handle
            # back in place, a drag moves it by the mouse's own steps (not a jump at once)
            self._setClickOffset(event.position().toPoint())
        finally:
            self.blockSignals(blocked)
        if self.isSliderDown():
            self.sliderPressed.emit()

    def _handle_contains(self, event: QMouseEvent) -> bool:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        handle = self.style().subControlRect(QStyle.ComplexControl.CC_Slider, option,
                                             QStyle.SubControl.SC_SliderHandle, self)
        return handle.contains(event.position().toPoint())


class LabeledDoubleSlider(QLabeledDoubleSlider):
    """`superqt.QLabeledDoubleSlider` whose slider is a `KeyboardDoubleSlider`."""

    _slider_class = KeyboardDoubleSlider
