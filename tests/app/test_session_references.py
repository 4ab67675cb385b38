"""A session keeps the shown case's observers and the reference it is scored against."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.demo_dataset import write_demo_drive
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.inspector import Inspector
from vesselview.app.reference_switch import ReferenceSwitch
from vesselview.app.scheduler import Scheduler


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return write_demo_drive(tmp_path_factory.mktemp("datasets"), cases=1, methods=("good",),
                            second_observer=True)


def _shown(drive, references: str) -> Inspector:
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=("dice",))
    assert browser.open(*drive)
    browser.set_references(references)
    return browser.inspector


def _reopened(inspector: Inspector, path) -> Inspector:
    inspector.save_session(str(path))
    other = Inspector(Scheduler(synchronous=True))
    assert other.load_session(str(path))
    return other


@pytest.mark.parametrize("choice", ["majority", "union", "fuzzy", "observer2"])
def test_the_choice_and_the_observers_round_trip(drive, tmp_path, choice):
    inspector = _shown(drive, "one")
    ReferenceSwitch(inspector).choose(choice)
    other = _reopened(inspector, tmp_path / "s.json")
    assert other.case.observer == choice
    assert list(other.case.references) == ["observer1", "observer2"]
    assert np.array_equal(other.case.reference, inspector.case.reference)
    assert other.shown.files == inspector.shown.files
    document = json.loads((tmp_path / "s.json").read_text())
    assert (document["observer"], list(document["observers"]), document["references"]) == (
        "observer1", ["observer2"], choice)


def test_the_browsers_choice_is_saved_with_the_case_it_opened(drive, tmp_path):
    other = _reopened(_shown(drive, "intersection"), tmp_path / "s.json")
    assert other.case.observer == "intersection"


def test_the_chosen_observer_saves_one(drive, tmp_path):
    inspector = _shown(drive, "one")
    other = _reopened(inspector, tmp_path / "s.json")
    assert other.case.observer == "observer1" and len(other.case.references) == 2
    assert json.loads((tmp_path / "s.json").read_text())["references"] == "one"


def test_a_choice_the_files_no_longer_offer_names_the_file_and_keeps_the_case(
        drive, tmp_path):
    inspector = _shown(drive, "majority")
    path = tmp_path / "s.json"
    inspector.save_session(str(path))
    document = json.loads(path.read_text())
    document["observers"] = {}
    path.write_text(json.dumps(document))
    errors: list[str] = []
    inspector.error.connect(errors.append)
    shown = inspector.shown
    assert not inspector.load_session(str(path))
    assert inspector.shown is shown
    assert "01_manual1.gif: the session scores the case against 'majority'" in errors[0]
