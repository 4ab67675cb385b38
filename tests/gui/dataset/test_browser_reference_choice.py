"""The case browser window's reference choice re-scores the table against it."""

from __future__ import annotations

import pytest

from tests.demo_dataset import write_demo_drive
from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.engine.pipeline import evaluate
from vesselview.engine.reference_choice import reference_cases
from vesselview.io.dataset import open_dataset


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return write_demo_drive(tmp_path_factory.mktemp("datasets"), cases=2, methods=("good",),
                            second_observer=True)


def test_choosing_a_consensus_fills_the_table_against_it(window, qtbot, drive):
    browser_window = window.dataset_browser
    browser = browser_window.browser
    assert browser.open(*drive)
    qtbot.waitUntil(lambda: not browser.channel.busy and browser.evaluations == 4,
                    timeout=RESULT_TIMEOUT_MS)
    chosen_observer = browser.value_text("01", "good", "dice")
    combo = browser_window.reference_choice
    assert [combo.itemData(i) for i in range(combo.count())] == [
        "one", "each", "majority", "intersection", "union", "fuzzy"]
    combo.setCurrentIndex(combo.findData("intersection"))
    qtbot.waitUntil(lambda: not browser.channel.busy and browser.evaluations == 8,
                    timeout=RESULT_TIMEOUT_MS)
    assert browser.references == "intersection"
    (scored,) = reference_cases(open_dataset(*drive).case("01").load("good"), "intersection")
    dice = evaluate(scored, browser.params, metrics=("dice",)).metrics["dice"]
    assert browser.value_text("01", "good", "dice") == f"{dice:.4g}" != chosen_observer
    row = browser.rows.index("01")
    texts = [browser_window.table.item(row, column).text()
             for column in range(1, browser_window.table.columnCount())]
    assert f"{dice:.4g}" in texts


def test_each_shows_a_column_group_per_observer_and_the_band_in_the_plots(
        window, qtbot, drive):
    browser_window = window.dataset_browser
    browser = browser_window.browser
    assert browser.open(*drive)
    qtbot.waitUntil(lambda: not browser.channel.busy and browser.evaluations == 4,
                    timeout=RESULT_TIMEOUT_MS)
    combo = browser_window.reference_choice
    combo.setCurrentIndex(combo.findData("each"))
    # good and observer2, each against both observers
    qtbot.waitUntil(lambda: not browser.channel.busy and browser.evaluations == 12,
                    timeout=RESULT_TIMEOUT_MS)
    table = browser_window.table
    headers = [table.horizontalHeaderItem(column).text()
               for column in range(1, table.columnCount())]
    assert len(headers) == 2 * 2 * len(browser.metrics)
    assert headers[0] == "good\nDice vs observer1"
    header = table.horizontalHeader()
    assert all(header.sectionSize(column) >= header.sectionSizeHint(column)
               for column in range(table.columnCount()))  # no header cut
    assert "good\nDice vs observer2" in headers
    row = browser.rows.index("01")
    for observer in ("observer1", "observer2"):
        column = 1 + headers.index(f"good\nDice vs {observer}")
        assert table.item(row, column).text() == browser.value_text("01", "good", "dice",
                                                                    observer)
    band = browser.table.band.range("dice")
    assert band is not None and band[0] < band[1] < 1
    browser_window.metric_choice.setCurrentIndex(browser.metrics.index("dice"))
    assert browser_window.box_plot.band.getRegion() == pytest.approx(band)
    bands = browser_window.scatter.bands
    assert len(bands) == 2 and all(item.getRegion() == pytest.approx(band) for item in bands)
    assert "observers' agreement" in browser_window.box_plot.toolTip()
