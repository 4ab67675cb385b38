"""The grading window fits the screen."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow

from vesselview.gui.grading.launch import WINDOW_SIZE, _fitted


def test_the_grading_window_fits_the_screen(qtbot):
    inspector = QMainWindow()
    qtbot.addWidget(inspector)
    available = inspector.screen().availableGeometry()
    width, height = _fitted(inspector, WINDOW_SIZE)
    assert width <= min(WINDOW_SIZE[0], available.width())
    assert height <= min(WINDOW_SIZE[1], available.height())
