"""Secondary windows (Plots, case browser) open beside the inspector or docked below the
image, never over it, sized to the screen, and where the user last left them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QTabBar

from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.gui.inspector.window import MainWindow
from vesselview.gui.widgets import placement
from vesselview.gui.widgets.placement import free_bands, place_beside

SMALL_SCREEN, LARGE_SCREEN = QRect(0, 0, 1366, 768), QRect(0, 0, 1920, 1080)
#: The window's size on each screen (as `vesselview.gui.app.fitted_size` makes it).
WINDOW_SIZES = {"1366x768": (1350, 720), "1920x1080": (1600, 960)}
SCREENS = {"1366x768": SMALL_SCREEN, "1920x1080": LARGE_SCREEN}


def test_bands_cover_the_screen_outside_the_window():
    bands = dict(free_bands(LARGE_SCREEN, QRect(100, 50, 1600, 960)))
    assert bands == {"right": QRect(1700, 0, 220, 1080), "bottom": QRect(0, 1010, 1920, 70),
                     "left": QRect(0, 0, 100, 1080), "top": QRect(0, 0, 1920, 50)}


def test_no_room_on_a_small_screen_means_docking():
    window, image = QRect(0, 0, 1350, 720), QRect(343, 19, 1007, 674)
    assert place_beside(SMALL_SCREEN, window, image, QSize(820, 460), QSize(480, 320)) is None


def test_room_beside_the_window_comes_first():
    window, image = QRect(0, 0, 1200, 800), QRect(300, 20, 600, 760)
    frame = place_beside(LARGE_SCREEN, window, image, QSize(820, 460), QSize(480, 320))
    assert frame == QRect(1200, 0, 720, 460)  # the right band, as wide as it is


def test_then_room_beside_the_image_over_the_docks_avoiding_other_windows():
    window, image = QRect(0, 0, 1600, 960), QRect(356, 19, 886, 914)
    plots = place_beside(LARGE_SCREEN, window, image, QSize(820, 460), QSize(480, 320))
    assert plots == QRect(1242, 0, 678, 460)
    second = place_beside(LARGE_SCREEN, window, image, QSize(820, 460), QSize(480, 320),
                          [plots])
    assert second == QRect(1242, 460, 678, 460)
    assert not second.intersects(plots) and LARGE_SCREEN.contains(second)


@pytest.fixture
def on_screen(window, qtbot, small_case, monkeypatch, request):
    """The demo window filling a mocked screen (``request.param``: its name)."""
    screen = SCREENS[request.param]
    monkeypatch.setattr(placement, "available_geometry", lambda _widget: QRect(screen))
    window.move(0, 0)
    window.resize(*WINDOW_SIZES[request.param])
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(small_case)
    return window, screen


def _open_both(window: MainWindow, qtbot) -> list:
    plots = window.research.plots_dock
    plots.show()
    window.secondary.bring_up("browser")
    browser = window.dataset_browser.parentWidget()
    qtbot.waitUntil(lambda: plots.isVisible() or not plots.isFloating())
    qtbot.waitUntil(browser.isVisible)
    return [plots, browser]


@pytest.mark.parametrize("on_screen", ["1366x768", "1920x1080"], indirect=True)
def test_secondary_windows_never_cover_the_image(on_screen, qtbot):
    window, screen = on_screen
    docks = _open_both(window, qtbot)
    image = window.secondary.image_frame()
    floating = [dock.frameGeometry() for dock in docks if dock.isFloating()]
    for frame in floating:
        assert screen.contains(frame), frame  # fits on the screen
        assert not frame.intersects(image), frame
    assert all(not a.intersects(b) for a in floating for b in floating if a is not b)
    # docked ones sit below the image, which keeps the window's width and some height
    # (once the docked browser has put its plots beside its table)
    qtbot.waitUntil(lambda: window.view.height() >= 0.4 * window.height())
    assert window.view.width() >= 0.55 * window.width()
    browser = window.dataset_browser  # 8 rows and plots of some size on either screen
    table = browser.table
    assert table.viewport().height() >= 8 * table.verticalHeader().defaultSectionSize()
    assert min(browser.box_plot.height(), browser.scatter.height()) >= 200
    if screen == SMALL_SCREEN:
        assert not floating  # no room beside: both docked, tabbed below the image
        browser = window.dataset_browser  # its tab was brought up last
        assert browser._split.orientation() == Qt.Orientation.Horizontal  # plots beside
    else:
        assert docks[0].isFloating()  # the Plots window at the right of the image


def front_tab(window: MainWindow) -> str:
    """The title of the docked secondary window whose tab is in front."""
    (bar,) = [bar for bar in window.findChildren(QTabBar) if bar.isVisible() and "Plots" in
              [bar.tabText(index) for index in range(bar.count())]]
    return bar.tabText(bar.currentIndex())


@pytest.mark.parametrize("on_screen", ["1366x768"], indirect=True)
def test_opening_from_the_menu_raises_the_tab(on_screen, qtbot):
    window, _screen = on_screen
    _open_both(window, qtbot)
    qtbot.waitUntil(lambda: front_tab(window) == "Case browser")
    plots = window.research.plots_dock.toggleViewAction()
    plots.trigger()  # Research > Plots hides it,
    plots.trigger()  # and shows it again: in front
    qtbot.waitUntil(lambda: front_tab(window) == "Plots")


def test_placement_is_remembered_per_screen_size(qtbot, settings, small_case, monkeypatch):
    windows = []
    for screen, size in ((SMALL_SCREEN, "1366x768"), (LARGE_SCREEN, "1920x1080")):
        monkeypatch.setattr(placement, "available_geometry", lambda _w, s=screen: QRect(s))
        window = MainWindow(settings)
        qtbot.addWidget(window)
        windows.append(window)
        window.move(0, 0)
        window.resize(*WINDOW_SIZES[size])
        window.show()
        qtbot.waitExposed(window)
        window.research.plots_dock.show()
        qtbot.waitUntil(window.research.plots_dock.isVisible)
        # docked on the small screen; that does not dock it on the large one
        assert window.research.plots_dock.isFloating() == (screen == LARGE_SCREEN)
        window.close()
    assert settings.value("placement/1366x768/plots/docked") in (True, "true")
    assert settings.value("placement/1920x1080/plots/docked") in (False, "false")
    for window in windows:
        window.scheduler.shutdown()


def test_placement_is_remembered(qtbot, settings, small_case, monkeypatch):
    monkeypatch.setattr(placement, "available_geometry", lambda _widget: QRect(LARGE_SCREEN))
    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.move(0, 0)
    first.resize(1200, 800)
    first.show()
    qtbot.waitExposed(first)
    first.research.plots_dock.show()
    qtbot.waitUntil(first.research.plots_dock.isFloating)
    first.research.plots_dock.setGeometry(1300, 300, 500, 400)  # the user moves it
    first.close()
    second = MainWindow(settings)
    qtbot.addWidget(second)
    second.move(0, 0)
    second.resize(1200, 800)
    second.show()
    qtbot.waitExposed(second)
    second.research.plots_dock.show()
    qtbot.waitUntil(lambda: second.research.plots_dock.geometry() == QRect(1300, 300, 500, 400))
    for window in (first, second):
        window.scheduler.shutdown()


def test_a_remembered_place_over_the_image_is_not_used(window, qtbot, settings, monkeypatch):
    monkeypatch.setattr(placement, "available_geometry", lambda _widget: QRect(SMALL_SCREEN))
    settings.setValue("placement/1366x768/plots/docked", False)
    settings.setValue("placement/1366x768/plots/frame", [400, 100, 600, 400])  # over the image
    window.move(0, 0)
    window.resize(1350, 720)
    window.show()
    qtbot.waitExposed(window)
    window.research.plots_dock.show()
    qtbot.waitUntil(window.research.plots_dock.isVisible)
    assert not window.research.plots_dock.isFloating()


def test_a_window_the_user_docked_opens_docked(window, qtbot, settings, monkeypatch):
    monkeypatch.setattr(placement, "available_geometry", lambda _widget: QRect(LARGE_SCREEN))
    settings.setValue("placement/1920x1080/plots/docked", True)
    window.move(0, 0)
    window.resize(1200, 800)  # the screen has room beside it, but the user docked Plots
    window.show()
    qtbot.waitExposed(window)
    window.research.plots_dock.show()
    qtbot.waitUntil(window.research.plots_dock.isVisible)
    assert not window.research.plots_dock.isFloating()
    window.close()
    assert settings.value("placement/1920x1080/plots/docked") in (True, "true")
