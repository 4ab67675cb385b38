"""The agreement window's input warnings (files left out, missing FOV masks) reach the
main window's notices, as its errors do."""

from __future__ import annotations

from PIL import Image

from tests.app.grader_inputs import write_agreement_inputs

from .conftest import JOB_TIMEOUT_MS


def test_the_dataset_notes_of_a_run_reach_the_notice_board(qtbot, window, tmp_path) -> None:
    dataset, predictions, grades = write_agreement_inputs(tmp_path)
    Image.new("L", (4, 4)).save(predictions["demo"] / "notes.png")
    (dataset / "test/mask/02_test_mask.gif").unlink()
    view = window.research.agreement
    view.inputs.dataset.setText(str(dataset))
    view.inputs.set_methods({m: str(folder) for m, folder in predictions.items()})
    view.inputs.grades.setText(str(grades))
    with qtbot.waitSignal(view.computed, timeout=JOB_TIMEOUT_MS):
        view.compute()
    warnings = [n for n in window.model.notices.notices if n.kind == "warning"]
    assert {n.source for n in warnings} == {"Agreement with graders"}
    messages = "\n".join(n.message for n in warnings)
    assert "notes.png left out: its name fits no case id" in messages
    assert "have no field-of-view mask, though DRIVE ships one per case" in messages
    assert "02_test_mask.gif is missing" in messages  # the failed pairs, naming the file
