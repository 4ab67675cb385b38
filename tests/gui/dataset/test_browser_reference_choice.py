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
        "one", "majority", "intersection", "union", "fuzzy"]
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
