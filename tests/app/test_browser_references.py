"""The case browser's reference choice: one observer, a consensus or the fuzzy reference."""

from __future__ import annotations

import pytest

from tests.demo_dataset import write_demo_drive
from vesselview.app.dataset_browser import BROWSER_REFERENCES, DatasetBrowser
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.engine.reference_choice import reference_cases
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


def test_each_is_not_a_choice_of_the_browser(browser):
    assert BROWSER_REFERENCES == ("one", "majority", "intersection", "union", "fuzzy")
    with pytest.raises(ValueError, match="one reference"):
        browser.set_references("each")


def test_a_case_with_one_observer_fails_its_cells_naming_the_file(tmp_path):
    root, predictions = write_demo_drive(tmp_path, cases=1, methods=("good",))
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=METRICS)
    assert browser.open(root, predictions)
    browser.set_references("majority")
    message = browser.failures[("01", "good")]
    assert "01_manual1.gif: the majority reference needs two or more" in message
    assert not browser.table.has("01", "good")
