"""Every tool window's error reaches the main window's notices, once, naming the file.

The tool keeps a short pointer in its own label; the main window says the whole message
above the image until it is dismissed.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.app.grader_inputs import write_agreement_inputs
from vesselview.gui.grading.setup import GradingSetupDialog
from vesselview.gui.widgets.error_label import POINTER_END
from vesselview.io.writers import write_png

from .conftest import JOB_TIMEOUT_MS


def corrupt_png(path) -> str:
    """A PNG whose second half is missing (as from an interrupted download)."""
    write_png(path, np.eye(40, dtype=bool))
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return str(path)


def one_error_naming(window, name: str, source: str):
    """The only error notice of ``window``: it names ``name`` and comes from ``source``."""
    errors = [n for n in window.model.notices.notices if n.kind == "error"]
    assert len(errors) == 1, errors
    (notice,) = errors
    assert name in notice.message and notice.source == source
    assert window.notices.isVisibleTo(window)
    return notice


def test_a_corrupt_candidate_file(window, tools, qtbot, tmp_path):
    bad = corrupt_png(tmp_path / "unet_01.png")
    tools.open_candidates()
    with qtbot.waitSignal(tools.candidates.jobs.failed, timeout=JOB_TIMEOUT_MS):
        tools.candidates.add_files([bad])
    one_error_naming(window, bad, "Candidates")
    assert tools.candidates.error.text().endswith(POINTER_END)
    assert bad in tools.candidates.error.toolTip()


def test_a_candidate_folder_without_a_matching_file(window, tools, tmp_path):
    folder = tmp_path / "empty_method"
    folder.mkdir()
    (folder / "notes.txt").write_text("no images here")
    tools.candidates.add_folder(str(folder))
    one_error_naming(window, str(folder), "Candidates")


def test_bad_severities_in_the_behaviour_window(window, tools):
    tools.behaviour.choose_set("gap")
    tools.behaviour.severities_edit.setText("5, lots")
    tools.behaviour.buttons["Run"].click()
    notice = one_error_naming(window, "lots", "Metric behaviour")
    assert tools.behaviour.error.isVisibleTo(tools.behaviour)
    assert notice.kind == "error"


def test_a_plot_export_into_a_missing_folder(window, tools, qtbot, tmp_path):
    with qtbot.waitSignal(tools.plots.plotted, timeout=JOB_TIMEOUT_MS):
        tools.plots.compute()
    target = str(tmp_path / "no_such_folder" / "plot.csv")
    tools.plots.error.run_guarded(lambda: tools.plots.export_csv(target))
    one_error_naming(window, target, "Plots")


def test_a_corrupt_grades_file_in_the_agreement_window(window, tools, qtbot, tmp_path):
    dataset, predictions, grades = write_agreement_inputs(tmp_path)
    grades.write_bytes(b"id,method,grader,score\n01,\xff\xfe")
    view = tools.agreement
    view.inputs.dataset.setText(str(dataset))
    view.inputs.set_methods({m: str(folder) for m, folder in predictions.items()})
    view.inputs.grades.setText(str(grades))
    with qtbot.waitSignal(view.jobs.failed, timeout=JOB_TIMEOUT_MS):
        view.compute()
    one_error_naming(window, str(grades), "Agreement with graders")


def test_a_corrupt_grading_file_in_the_grading_set_up(small_window, monkeypatch, tmp_path):
    bad = tmp_path / "carol.json"
    bad.write_text('{"grader": "carol", "items": [')

    def fill_and_accept(dialog: GradingSetupDialog) -> int:
        dialog.grader.setText("carol")
        dialog.file.setText(str(bad))
        dialog.accept()  # refused: the dialog says why and stays open
        return dialog.result()

    monkeypatch.setattr(GradingSetupDialog, "exec", fill_and_accept)
    small_window.research.open_grading()
    one_error_naming(small_window, str(bad), "Grading set-up")


def test_a_folder_that_is_no_dataset_in_the_dataset_browser(window, tmp_path):
    folder = tmp_path / "holiday_photos"
    folder.mkdir()
    assert not window.dataset_browser.browser.open(str(folder), {})
    notice = one_error_naming(window, str(folder), "")
    assert notice.kind == "error"


@pytest.mark.parametrize("repeat", [2])
def test_the_same_error_twice_is_one_notice(window, tools, tmp_path, repeat):
    folder = tmp_path / "empty_method"
    folder.mkdir()
    for _ in range(repeat):
        tools.candidates.add_folder(str(folder))
    one_error_naming(window, str(folder), "Candidates")
