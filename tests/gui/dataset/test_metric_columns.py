"""Choosing the case browser's metric columns in the window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from tests.demo_dataset import write_demo_drive
from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.engine.families import FAMILIES, METRICS


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return write_demo_drive(tmp_path_factory.mktemp("datasets"), cases=2)


@pytest.fixture
def browser_window(window, qtbot, drive):
    browser_window = window.dataset_browser
    browser = browser_window.browser
    browser.set_metrics(("dice",))
    assert browser.open(*drive)
    qtbot.waitUntil(lambda: not browser.channel.busy and browser.evaluations == 2 * 3,
                    timeout=RESULT_TIMEOUT_MS)
    return browser_window


def tick(picker, keys: set[str]) -> None:
    for row in range(picker.metrics.count()):
        item = picker.metrics.item(row)
        key = item.data(Qt.ItemDataRole.UserRole)
        if key:
            item.setCheckState(Qt.CheckState.Checked if key in keys else Qt.CheckState.Unchecked)


def headers(browser_window) -> list[str]:
    table = browser_window.table
    return [table.horizontalHeaderItem(c).text().replace("\n", " ")
            for c in range(table.columnCount())]


def test_the_picker_lists_every_metric_under_its_family(browser_window):
    picker = browser_window.open_metric_picker()
    rows = [picker.metrics.item(row) for row in range(picker.metrics.count())]
    titles = [item.text() for item in rows if not item.data(Qt.ItemDataRole.UserRole)]
    keys = [item.data(Qt.ItemDataRole.UserRole) for item in rows
            if item.data(Qt.ItemDataRole.UserRole)]
    assert titles == [family.title for family in FAMILIES]
    assert keys == list(METRICS)
    assert picker.chosen() == ("dice",)
    tick(picker, set())
    assert not picker.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    picker.reject()
    assert browser_window.browser.metrics == ("dice",)


def test_ok_shows_the_ticked_metrics_with_their_values(browser_window, qtbot):
    browser = browser_window.browser
    picker = browser_window.open_metric_picker()
    tick(picker, {"f1_t", "dice"})
    picker.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert browser.metrics == ("dice", "f1_t")  # the registry's order
    qtbot.waitUntil(lambda: not browser.channel.busy and browser.evaluations == 2 * 2 * 3,
                    timeout=RESULT_TIMEOUT_MS)
    assert headers(browser_window) == ["case"] + [
        f"{method} {METRICS[key].short_name}" for method in browser.dataset.methods
        for key in ("dice", "f1_t")]
    f1_column = headers(browser_window).index(f"good {METRICS['f1_t'].short_name}")
    cells = [browser_window.table.item(row, f1_column).text() for row in range(2)]
    assert all(cell and cell not in ("…", "error") for cell in cells)
    assert [browser_window.metric_choice.itemText(i)
            for i in range(browser_window.metric_choice.count())] == [
        METRICS["dice"].name, METRICS["f1_t"].name]
