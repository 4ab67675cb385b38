"""The case browser's reference choice: one observer, a consensus or the fuzzy reference."""

from __future__ import annotations

import numpy as np
import pytest

from tests.demo_dataset import write_demo_drive
from vesselview.app import dataset_run
from vesselview.app.dataset_browser import BROWSER_REFERENCES, DatasetBrowser
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.engine.reference_choice import reference_cases
from vesselview.engine.williams import inter_observer
from vesselview.io.dataset import open_dataset

METRICS = ("dice", "se")


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return write_demo_drive(tmp_path_factory.mktemp("datasets"), cases=2,
                            methods=("good", "thick"), second_observer=True)


@pytest.fixture
def browser(drive):
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=METRICS)
    assert browser.open(*drive)
    return browser


@pytest.mark.parametrize("choice", ["union", "fuzzy"])
def test_the_values_are_the_apis_against_the_chosen_reference(browser, drive, choice):
    browser.set_references(choice)
    case = open_dataset(*drive).case("02").load("thick")
    (scored,) = reference_cases(case, choice)
    expected = evaluate(scored, Params(), metrics=METRICS).metrics
    for metric in METRICS:
        assert browser.table.value("02", "thick", metric) == expected[metric]
    assert browser.references == choice


def test_a_choice_is_cached_like_the_parameters(browser):
    one = browser.table.value("01", "good", "dice")
    browser.set_references("intersection")
    assert browser.evaluations == 2 * 3 * 2  # good, thick, observer2; then again
    assert browser.table.value("01", "good", "dice") != one
    browser.set_references("one")
    assert browser.evaluations == 12 and browser.table.value("01", "good", "dice") == one


def test_each_gives_a_column_group_per_observer_equal_to_the_api(browser, drive):
    assert BROWSER_REFERENCES == ("one", "each", "majority", "intersection", "union", "fuzzy")
    browser.set_references("each")
    table = browser.table
    assert browser.observers == table.observers == ("observer1", "observer2")
    case = open_dataset(*drive).case("02").load("thick")
    for scored in reference_cases(case, "each"):
        expected = evaluate(scored, Params(), metrics=METRICS).metrics
        for metric in METRICS:
            assert table.value("02", "thick", metric, scored.observer) == expected[metric]
            assert browser.value_text("02", "thick", metric, scored.observer) == \
                f"{expected[metric]:.4g}"
    against = [table.value("02", "thick", "dice", name) for name in table.observers]
    assert table.value("02", "thick", "dice") == pytest.approx(np.mean(against))
    assert against[0] != against[1]


def test_the_band_is_the_observers_dice_with_each_other(browser, drive, monkeypatch):
    dataset = open_dataset(*drive)
    expected = []
    for case_id in ("01", "02"):
        case = dataset.case(case_id).load("good")
        first, second = (case.references[name] & case.fov for name in case.references)
        expected.append(2 * np.sum(first & second) / (np.sum(first) + np.sum(second)))
    band = browser.table.band
    assert band.values("dice") == pytest.approx(expected)
    assert band.range("dice") == pytest.approx((min(expected), max(expected)))
    assert "(2 cases)" in band.describe("dice")
    computed = []
    monkeypatch.setattr(dataset_run, "inter_observer",
                        lambda *args: computed.append(args) or inter_observer(*args))
    browser.set_references("majority")  # the band does not depend on the choice
    assert browser.table.band.values("dice") == pytest.approx(expected)
    assert computed == []  # nor is it computed again


def test_the_csv_names_each_observers_columns(browser, tmp_path):
    browser.set_references("each")
    browser.table.write_csv(tmp_path / "each.csv", browser.order)
    header = (tmp_path / "each.csv").read_text().splitlines()[0].split(",")
    assert header[:3] == ["case", "good:observer1:dice", "good:observer1:se"]
    assert "thick:observer2:se" in header


def test_a_case_with_one_observer_fails_its_cells_naming_the_file(tmp_path):
    root, predictions = write_demo_drive(tmp_path, cases=1, methods=("good",))
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=METRICS)
    assert browser.open(root, predictions)
    browser.set_references("majority")
    message = browser.failures[("01", "good")]
    assert "01_manual1.gif: the majority reference needs two or more" in message
    assert not browser.table.has("01", "good")


def test_each_leaves_a_missing_observers_cells_not_applicable(tmp_path):
    root, predictions = write_demo_drive(tmp_path, cases=1, methods=("good",))
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=METRICS)
    assert browser.open(root, predictions)
    browser.observers = ("observer1", "observer2")  # as when another case has two
    browser.set_references("each")
    assert browser.value_text("01", "good", "dice", "observer2") == "n/a"
    assert browser.value_text("01", "good", "dice", "observer1") != "n/a"
    assert browser.table.band.range("dice") is None
