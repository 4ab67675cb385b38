"""Research > Grade cases... in the inspector: the open cases, graded on its scheduler."""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.gui.grading.launch import open_case_items
from vesselview.gui.grading.setup import GradingSetupDialog
from vesselview.gui.grading.window import GradingWindow
from vesselview.io.grading_files import ItemKey

from ..conftest import RESULT_TIMEOUT_MS


def _with_sources(case, reference: str, candidate: str):
    return dataclasses.replace(case, sources={"reference": reference, "candidate": candidate})


def test_open_case_items_name_methods_like_the_candidates_window(small_case, tmp_path):
    reference = tmp_path / "01_manual1.gif"
    reference.write_bytes(b"")
    shown = _with_sources(small_case, str(reference), "/a/unet.png")
    others = [_with_sources(small_case, str(reference), path)
              for path in ("/a/unet.png", "/b/otsu.png")]
    items = open_case_items(shown, others)
    assert list(items) == [ItemKey("01_manual1", "unet"), ItemKey("01_manual1", "otsu")]
    assert open_case_items(None, []) == {}
    assert list(open_case_items(small_case, [])) == [
        ItemKey("case", small_case.sources["candidate"])]


def test_grade_cases_menu_opens_grading_on_the_inspector_scheduler(small_window, qtbot,
                                                                    monkeypatch, tmp_path):
    def fill_and_accept(dialog: GradingSetupDialog) -> int:
        dialog.grader.setText("carol")
        dialog.file.setText(str(tmp_path / "carol.json"))
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(GradingSetupDialog, "exec", fill_and_accept)
    action = next(action for action in small_window.research.research_menu.actions()
                  if action.text() == "&Grade cases...")
    action.trigger()
    grading = small_window.findChild(GradingWindow)
    assert grading is not None and grading.scheduler is small_window.scheduler
    qtbot.waitUntil(lambda: grading.case is not None, timeout=RESULT_TIMEOUT_MS)
    qtbot.waitUntil(lambda: not grading.metrics.busy, timeout=RESULT_TIMEOUT_MS)
    assert grading.metrics_panel.displayed("dice") == small_window.metrics_panel.displayed("dice")
    assert np.array_equal(grading.case.candidate, small_window.model.case.candidate)
    grading.close()
    assert not small_window.scheduler.stopped  # the inspector's, not the grading window's


def test_grade_cases_offers_the_dataset_open_in_the_inspector(window, monkeypatch, tmp_path,
                                                              drive):
    offered = []

    def look_and_cancel(dialog: GradingSetupDialog) -> int:
        offered.append(dialog.open_dataset)
        return GradingSetupDialog.DialogCode.Rejected

    monkeypatch.setattr(GradingSetupDialog, "exec", look_and_cancel)
    assert window.model.open_dataset(str(drive), {"unet": str(tmp_path / "unet")})
    window.research.open_grading()
    assert offered[0] is window.model.dataset.dataset
    assert window.findChild(GradingWindow) is None  # cancelled


def test_an_unreadable_case_of_the_grading_window_is_a_notice_of_the_inspector(
        window, qtbot, monkeypatch, tmp_path, drive):
    damaged = tmp_path / "unet" / "01_test.png"
    damaged.write_bytes(damaged.read_bytes()[:80])

    def accept_the_open_dataset(dialog: GradingSetupDialog) -> int:
        dialog.grader.setText("erin")
        dialog.file.setText(str(tmp_path / "erin.json"))
        dialog.blinded.setChecked(False)  # items in (case, method) order
        dialog.other_observer.setChecked(True)  # a readable first item
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(GradingSetupDialog, "exec", accept_the_open_dataset)
    assert window.model.open_dataset(str(drive), {"unet": str(tmp_path / "unet")})
    qtbot.waitUntil(lambda: not window.model.loading.busy, timeout=RESULT_TIMEOUT_MS)
    before = list(window.model.notices.notices)
    window.research.open_grading()
    grading = window.findChild(GradingWindow)
    qtbot.waitUntil(lambda: grading.case is not None, timeout=RESULT_TIMEOUT_MS)
    assert grading.session.current.method == "observer2"  # the second observer's 01 first
    grading.go_to("next")
    qtbot.waitUntil(lambda: grading.error_label.isVisible(), timeout=RESULT_TIMEOUT_MS)
    new = [n for n in window.model.notices.notices if n not in before]
    (notice,) = new
    assert str(damaged) in notice.message and notice.source == "Grading"
    grading.close()
