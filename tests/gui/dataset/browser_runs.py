"""Opening a dataset in a window's case browser and waiting for its values."""

from __future__ import annotations

from tests.gui.conftest import RESULT_TIMEOUT_MS


def opened_browser(window, qtbot, drive, evaluations: int):
    """The window's browser window after ``drive`` (dataset folder, method folders) opened
    and ``evaluations`` (case, method) evaluations ran."""
    browser = window.dataset_browser.browser
    assert browser.open(*drive)
    qtbot.waitUntil(lambda: not browser.channel.busy and browser.evaluations == evaluations,
                    timeout=RESULT_TIMEOUT_MS)
    return window.dataset_browser
