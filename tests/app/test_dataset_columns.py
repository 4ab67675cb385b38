"""The case browser's columns: chosen by metric key, kept in the settings, cache reused."""

from __future__ import annotations

import pytest

from tests.demo_dataset import write_demo_drive
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.dataset_table import DEFAULT_METRICS, METRICS_SETTING, checked_metrics
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.errors import ParamsError
from vesselview.io.dataset import open_dataset


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return write_demo_drive(tmp_path_factory.mktemp("datasets"), cases=3)


@pytest.fixture
def browser(drive, settings):
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True), settings),
                             metrics=("dice",))
    assert browser.open(*drive)
    return browser


def test_new_columns_get_the_values_the_api_gives(browser, drive):
    changed = []
    browser.metrics_changed.connect(changed.append)
    browser.set_metrics(("cldice", "dice", "betti0_error"))
    assert changed == [("cldice", "dice", "betti0_error")]
    assert browser.table.metrics == ("cldice", "dice", "betti0_error")
    case = open_dataset(*drive).case("02").load("thin_lost")
    expected = evaluate(case, Params(), metrics=["cldice", "betti0_error"]).metrics
    assert browser.table.value("02", "thin_lost", "cldice") == pytest.approx(
        expected["cldice"])
    assert browser.table.value("02", "thin_lost", "betti0_error") == expected["betti0_error"]


def test_columns_computed_before_are_not_computed_again(browser):
    first = browser.evaluations
    browser.set_metrics(("dice",))  # a subset of what is cached: nothing to do
    assert browser.evaluations == first
    browser.set_metrics(("ss", "dice"))
    assert browser.evaluations == 2 * first
    browser.set_metrics(("dice", "ss"))  # reordered only
    assert browser.evaluations == 2 * first


def test_the_choice_is_kept_for_the_next_browser(browser, settings):
    browser.set_metrics(("nsd", "f1_t"))
    assert settings.value(METRICS_SETTING) == ["nsd", "f1_t"]
    assert DatasetBrowser(Inspector(Scheduler(synchronous=True), settings)).metrics == (
        "nsd", "f1_t")


@pytest.mark.parametrize("stored", [["dice", "no_such_metric"], [], 7, "f1_t"])
def test_stale_settings_fall_back_or_read_a_single_key(settings, stored):
    settings.setValue(METRICS_SETTING, stored)
    metrics = DatasetBrowser(Inspector(Scheduler(synchronous=True), settings)).metrics
    assert metrics == (("f1_t",) if stored == "f1_t" else DEFAULT_METRICS)


@pytest.mark.parametrize(("metrics", "message"), [
    (("dice", "dicee"), r"unknown metric dicee; known: .*\bf1_t\b"),
    ((), "choose one or more different metrics"),
    (("dice", "dice"), "choose one or more different metrics"),
])
def test_bad_columns_are_refused_by_name(browser, metrics, message):
    with pytest.raises(ParamsError, match=message):
        browser.set_metrics(metrics)
    assert browser.metrics == ("dice",)
    with pytest.raises(ParamsError, match=message):
        checked_metrics(metrics)
