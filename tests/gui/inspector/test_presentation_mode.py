"""Presentation mode: full screen, no menu or status bar, headline metrics large; F11 leaves."""

from __future__ import annotations

from PySide6.QtCore import Qt

from vesselview.gui.inspector.docks import PRESENTATION_VALUE_PX


def test_presentation_is_full_screen_with_the_headline_metrics(shown_window, qtbot):
    window, view = shown_window, shown_window.view
    result = window.model.response.result
    window.menus.actions["presentation"].trigger()
    qtbot.waitUntil(lambda: window.isFullScreen())
    assert not window.menuBar().isVisible() and not window.statusBar().isVisible()
    headline = view.headline.text()
    assert view.headline.isVisible() and f"font-size: {PRESENTATION_VALUE_PX}px" in headline
    for key in ("dice", "f1_t", "cal", "ss"):
        assert f"{result.metrics[key]:.3f}" in headline
    assert view.legend.isVisible()
    assert not view.legend.geometry().intersects(view.headline.geometry())
    qtbot.keyClick(window, Qt.Key.Key_F11)  # the shortcut works without the menu bar
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert window.menuBar().isVisible() and window.statusBar().isVisible()
    assert not view.headline.isVisible()


def test_the_headline_follows_new_results_while_presenting(shown_window, qtbot):
    import dataclasses

    from tests.gui.conftest import RESULT_TIMEOUT_MS

    window = shown_window
    window.menus.actions["presentation"].trigger()
    params = dataclasses.replace(window.model.params, t=5)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.set_params(params)
    f1_t = window.model.response.result.metrics["f1_t"]
    qtbot.waitUntil(lambda: f"{f1_t:.3f}" in window.view.headline.text())
    window.menus.actions["presentation"].trigger()
