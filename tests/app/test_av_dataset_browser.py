"""The case browser on an artery/vein dataset (RITE layout): per-class and A/V columns
with the API's values, a binary method's A/V cells n/a, sorting by an A/V metric, and
the picked case shown with its classes."""

from __future__ import annotations

import math

import pytest

from tests.io.av_files import write_av_methods
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.dataset_table import SortOrder
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.io.dataset import open_dataset

IDS = (1, 2, 3)
METRICS = ("dice", "dice_artery", "av_acc", "av_type1_vein")


@pytest.fixture(scope="module")
def rite(tmp_path_factory):
    return write_av_methods(tmp_path_factory.mktemp("rite"), IDS)


@pytest.fixture
def browser(rite):
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=METRICS)
    assert browser.open(*rite)
    return browser


def test_every_av_cell_is_the_apis_value(browser, rite):
    dataset = open_dataset(*rite)
    for case in dataset.cases:
        expected = evaluate(case.load("av"), Params(), metrics=METRICS).metrics
        for metric in METRICS:
            assert browser.table.value(case.id, "av", metric) == pytest.approx(
                expected[metric]), (case.id, metric)
    assert browser.evaluations == len(IDS) * 2


def test_a_binary_method_is_scored_on_vessels_and_its_av_cells_are_na(browser):
    for case_id in browser.rows:
        assert browser.table.value(case_id, "binary", "dice") == 1.0
        for metric in ("dice_artery", "av_acc", "av_type1_vein"):
            assert math.isnan(browser.table.value(case_id, "binary", metric))
            assert browser.value_text(case_id, "binary", metric) == "n/a"
    assert not browser.failures


def test_sorting_by_an_av_metric_worst_first(browser):
    browser.worst_first("av_acc")  # more swapped rows, lower accuracy
    accuracies = [browser.table.value(case_id, "av", "av_acc") for case_id in browser.rows]
    assert accuracies == sorted(accuracies) and accuracies[0] < accuracies[-1]
    assert browser.rows == ("03", "02", "01")
    browser.sort(SortOrder("av_acc", "binary"))  # undefined on every case: rows kept
    assert sorted(browser.rows) == ["01", "02", "03"] and browser.current is not None


def test_the_picked_case_is_shown_with_its_classes(browser):
    browser.pick("02")
    shown = browser.inspector.case
    assert shown.labels is not None and shown.candidate_labels is not None
    result = browser.inspector.response.result
    assert result.metrics["av_acc"] == pytest.approx(browser.table.value("02", "av", "av_acc"))
    browser.set_methods("binary", "av")
    browser.pick("02")
    result = browser.inspector.response.result
    assert browser.inspector.case.candidate_labels is None
    assert result.undefined["av_acc"] == (
        "the candidate has no artery/vein classes (a vessel mask)")
