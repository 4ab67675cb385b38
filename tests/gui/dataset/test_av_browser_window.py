"""The case browser window on an artery/vein dataset (RITE layout): A/V columns filled,
a binary method's A/V cells n/a, and the picked binary case's panel giving the reason."""

from __future__ import annotations

import pytest

from tests.gui.conftest import RESULT_TIMEOUT_MS
from tests.io.av_files import write_av_methods

METRICS = ("dice", "av_acc")


@pytest.fixture(scope="module")
def rite(tmp_path_factory):
    return write_av_methods(tmp_path_factory.mktemp("rite"), (1, 2))


def test_the_table_shows_av_values_and_na_for_a_binary_method(window, qtbot, rite):
    browser_window = window.dataset_browser
    browser = browser_window.browser
    browser.set_metrics(METRICS)
    assert browser.open(*rite)
    qtbot.waitUntil(lambda: not browser.channel.busy and browser.evaluations == 2 * 2,
                    timeout=RESULT_TIMEOUT_MS)
    table = browser_window.table
    groups = [method for method, _ in browser.table.groups]
    for row, case_id in enumerate(browser.rows):
        cells = {(method, metric): table.item(row, 1 + g * len(METRICS) + m).text()
                 for g, method in enumerate(groups) for m, metric in enumerate(METRICS)}
        assert cells[("binary", "av_acc")] == "n/a" and cells[("binary", "dice")] == "1"
        assert cells[("av", "av_acc")] == f"{browser.table.value(case_id, 'av', 'av_acc'):.4g}"
    browser.set_methods("binary", "av")
    browser.pick(browser.rows[0])
    model = window.model
    qtbot.waitUntil(lambda: "binary" in model.case.sources["candidate"]
                    and model.response is not None and model.response.request.case is model.case
                    and not model.response.result.pending, timeout=RESULT_TIMEOUT_MS)
    assert model.case.candidate_labels is None and model.case.labels is not None
    assert model.response.result.undefined["av_acc"] == (
        "the candidate has no artery/vein classes (a vessel mask)")
