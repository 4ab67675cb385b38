"""The grading window fits the screen, and its mark colours are no segmentation colour."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow

from vesselview.engine.layers import OKABE_ITO
from vesselview.gui.grading.launch import WINDOW_SIZE, _fitted
from vesselview.gui.grading.marking import MARK_COLOURS


def test_the_grading_window_fits_the_screen(qtbot):
    inspector = QMainWindow()
    qtbot.addWidget(inspector)
    available = inspector.screen().availableGeometry()
    width, height = _fitted(inspector, WINDOW_SIZE)
    assert width <= min(WINDOW_SIZE[0], available.width())
    assert height <= min(WINDOW_SIZE[1], available.height())


def test_mark_colours_are_no_segmentation_colour():
    segmentation = {OKABE_ITO[name] for name in ("white", "blue", "vermillion", "orange",
                                                  "sky_blue")}
    assert not segmentation & set(MARK_COLOURS.values())
    assert len(set(MARK_COLOURS.values())) == len(MARK_COLOURS)
