"""A case picked in the case browser opens in the inspector against the browser's
reference choice, and so does every case stepped to from it."""

from __future__ import annotations

import numpy as np
import pytest

from tests.demo_dataset import write_demo_drive
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.engine.reference_choice import consensus
from vesselview.io.dataset import open_dataset

METRICS = ("dice",)


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return write_demo_drive(tmp_path_factory.mktemp("datasets"), cases=2, methods=("good",),
                            second_observer=True)


def _browser(root, predictions) -> DatasetBrowser:
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=METRICS)
    assert browser.open(root, predictions)
    return browser


def test_a_pick_opens_against_the_browsers_consensus_and_keeps_its_files(drive):
    browser = _browser(*drive)
    browser.set_references("intersection")  # the shown case opens again against it
    inspector = browser.inspector
    case = open_dataset(*drive).case("01")
    assert inspector.case.observer == "intersection"
    assert np.array_equal(inspector.case.reference, consensus(
        list(case.load("good").references.values()), "intersection"))
    assert inspector.shown.files.reference == str(case.reference)
    browser.pick("02")
    assert inspector.case.observer == "intersection"
    inspector.step_case(-1)  # the inspector's own stepping keeps the choice
    assert inspector.dataset.case.id == "01" and inspector.case.observer == "intersection"


@pytest.mark.parametrize("choice", ["one", "each"])
def test_one_and_each_open_against_the_chosen_observer(drive, choice):
    browser = _browser(*drive)
    browser.set_references(choice)
    assert browser.inspector.case.observer == "observer1"
    assert len(browser.inspector.case.references) == 2


def test_a_case_with_one_observer_opens_against_it_saying_why(tmp_path):
    browser = _browser(*write_demo_drive(tmp_path, cases=1, methods=("good",)))
    warnings: list[str] = []
    browser.inspector.warning.connect(warnings.append)
    browser.set_references("fuzzy")
    assert browser.inspector.case.observer == "observer1"
    assert any("01_manual1.gif: the fuzzy reference needs two or more" in warning
               and "case 01 is shown against observer1" in warning for warning in warnings)
