"""The "Grade cases..." dialog: a dataset with predictions, open cases, resuming a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.io import dataset_files as files
from vesselview.gui.grading.setup import GradingSetupDialog
from vesselview.io.dataset import open_dataset
from vesselview.io.grading_files import SCALE_1_5, ItemKey
from vesselview.synth import demo_case


def test_dataset_with_predictions_opens_a_blinded_study(qtbot, tmp_path, drive):
    dialog = GradingSetupDialog({})
    qtbot.addWidget(dialog)
    assert dialog.from_dataset.isChecked() and not dialog.from_open.isEnabled()
    dialog.grader.setText("alice")
    dialog.file.setText(str(tmp_path / "alice.json"))
    dialog.dataset.setText(str(drive))
    dialog.add_predictions(str(tmp_path / "unet"))
    dialog.scale.setCurrentIndex(1)
    dialog.blinded.setChecked(True)
    dialog.seed.setValue(4)
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted, dialog.error_label.text()
    session, _cases = dialog.study
    assert sorted(session.items) == [ItemKey(f"{i:02d}", "unet") for i in (1, 2, 3)]
    assert session.blinded and session.seed == 4 and session.scale == SCALE_1_5
    session.set_score(session.current, 2)

    again = GradingSetupDialog({})
    qtbot.addWidget(again)
    again.file.setText(str(tmp_path / "alice.json"))
    again.file.editingFinished.emit()
    assert again.grader.text() == "alice" and not again.grader.isEnabled()
    assert again.blinded.isChecked() and again.seed.value() == 4
    assert again.scale.currentIndex() == 1


def test_open_cases_and_problems_shown_in_the_dialog(qtbot, tmp_path):
    cases = {ItemKey("demo", "candidate"): demo_case(shape=(40, 40))}
    dialog = GradingSetupDialog(cases)
    qtbot.addWidget(dialog)
    assert dialog.from_open.isChecked()
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert "choose a grading file" in dialog.error_label.text()
    dialog.file.setText(str(tmp_path / "g.json"))
    dialog.accept()
    assert "grader name" in dialog.error_label.text()
    dialog.grader.setText("bob")
    dialog.accept()
    session, opened = dialog.study
    assert session.items == (ItemKey("demo", "candidate"),)
    assert opened.load(ItemKey("demo", "candidate")) is cases[ItemKey("demo", "candidate")]


def test_the_dataset_open_in_the_inspector_is_offered_whole(qtbot, tmp_path, drive):
    dataset = open_dataset(drive, {"unet": tmp_path / "unet"})
    dialog = GradingSetupDialog({}, dataset)
    qtbot.addWidget(dialog)
    assert dialog.from_open_dataset.isChecked()
    assert "DRIVE, 3 cases; methods unet; human baseline observer2" in \
        dialog.from_open_dataset.text()
    dialog.grader.setText("fay")
    dialog.file.setText(str(tmp_path / "fay.json"))
    dialog.accept()
    session, cases = dialog.study
    assert sorted(session.items) == [ItemKey(f"{i:02d}", "unet") for i in (1, 2, 3)]
    assert cases.load(ItemKey("02", "unet")).shape == (files.HEIGHT, files.WIDTH)


def _methods_graded(qtbot, dialog: GradingSetupDialog, file: Path) -> set[str]:
    """Accept ``dialog`` with a new grading ``file``: the methods of its items."""
    dialog.grader.setText("gil")
    dialog.file.setText(str(file))
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted, dialog.error_label.text()
    session, _cases = dialog.study
    return {item.method for item in session.items}


@pytest.mark.parametrize("source", ["open dataset", "dataset folder"])
def test_the_other_observer_is_graded_only_when_ticked(qtbot, tmp_path, drive, source):
    graded = {}
    for ticked in (False, True):  # each dialog ticks it first, then sets it
        if source == "open dataset":
            dialog = GradingSetupDialog({}, open_dataset(drive, {"unet": tmp_path / "unet"}))
        else:
            dialog = GradingSetupDialog({})
            dialog.dataset.setText(str(drive))
            dialog.add_predictions(str(tmp_path / "unet"))
        qtbot.addWidget(dialog)
        assert dialog.other_observer.isEnabled() and not dialog.other_observer.isChecked()
        dialog.other_observer.setChecked(True)
        dialog.other_observer.setChecked(ticked)
        graded[ticked] = _methods_graded(qtbot, dialog, tmp_path / f"{source}{ticked}.json")
    assert graded == {False: {"unet"}, True: {"unet", "observer2"}}


def test_the_checkbox_is_off_for_cases_open_in_the_inspector(qtbot, tmp_path, drive):
    dialog = GradingSetupDialog({ItemKey("demo", "candidate"): demo_case(shape=(40, 40))},
                                open_dataset(drive, {"unet": tmp_path / "unet"}))
    qtbot.addWidget(dialog)
    dialog.from_open.setChecked(True)
    assert not dialog.other_observer.isEnabled()
    dialog.from_open_dataset.setChecked(True)
    assert dialog.other_observer.isEnabled()
