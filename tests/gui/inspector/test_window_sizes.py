"""The window from 1280x720 up: the image keeps most of the width with Plots open and in
presentation mode, and no layer name is cut without its tooltip."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDockWidget

from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.gui.inspector.docks import WIDE_WIDTH

SIZES = [(1280, 720), (1600, 960), (1920, 1080)]
#: The image view's least share of the window's width.
MIN_VIEW_FRACTION = 0.55


@pytest.fixture
def demo_window(window, qtbot, small_case):
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(small_case)
    return window


def _resize(window, qtbot, size):
    window.resize(*size)
    qtbot.waitUntil(lambda: window.width() == size[0] and window.height() == size[1])
    window._fit_docks()
    qtbot.waitUntil(lambda: window.view.width() > 0)


def _layer_names_readable(window):
    panel = window.layer_panel
    column = panel.header().sectionSize(0)
    for row in range(panel.topLevelItemCount()):
        item = panel.topLevelItem(row)
        needed = panel.fontMetrics().horizontalAdvance(item.text(0)) + 2 * panel.indentation()
        assert needed <= column or item.toolTip(0).startswith(item.text(0)), item.text(0)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_plots_open_leave_the_image_most_of_the_width(demo_window, qtbot, size, tmp_path):
    window = demo_window
    _resize(window, qtbot, size)
    window.research.plots_dock.show()
    qtbot.waitUntil(lambda: window.research.plots_dock.isVisible())
    plots = window.research.plots_dock
    # a window of its own beside the image, or docked below it (never squeezing its width)
    assert not (plots.isFloating()
                and plots.frameGeometry().intersects(window.secondary.image_frame()))
    assert window.view.width() >= MIN_VIEW_FRACTION * window.width()
    assert window.docks.wide == (size[0] >= WIDE_WIDTH)
    _layer_names_readable(window)
    assert window.grab().save(str(tmp_path / f"window_{size[0]}x{size[1]}_plots.png"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_presentation_mode_hides_every_dock_and_comes_back(demo_window, qtbot, size):
    window = demo_window
    _resize(window, qtbot, size)
    shown = {dock.objectName() for dock in window.findChildren(QDockWidget) if dock.isVisible()}
    font = window.font().pointSizeF()
    window.menus.actions["presentation"].trigger()
    assert not any(dock.isVisible() for dock in window.findChildren(QDockWidget))
    assert window.font().pointSizeF() > font
    qtbot.waitUntil(lambda: window.view.width() >= 0.95 * window.width())
    qtbot.waitUntil(lambda: _image_centred(window))
    window.menus.actions["presentation"].trigger()
    qtbot.waitUntil(lambda: {d.objectName() for d in window.findChildren(QDockWidget)
                             if d.isVisible()} == shown)
    assert window.font().pointSizeF() == font
    qtbot.waitUntil(lambda: _image_centred(window))


def _image_centred(window) -> bool:
    """The whole image in view, centred in the view box (as after a fit), within 2 %."""
    x, y, width, height = window.view.view_rect()
    rows, cols = window.model.case.shape
    centred_x = abs((x + width / 2) - cols / 2) <= 0.02 * width
    centred_y = abs((y + height / 2) - rows / 2) <= 0.02 * height
    return x <= 0 and y <= 0 and x + width >= cols and y + height >= rows and \
        centred_x and centred_y
