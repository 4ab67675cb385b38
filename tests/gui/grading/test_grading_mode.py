"""Grading mode: three cases graded with keys, a region marked with the mouse, blinding."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from vesselview.app.grading import GradingSession
from vesselview.app.grading_cases import GradingCases
from vesselview.errors import InputError
from vesselview.gui.grading.window import GradingWindow
from vesselview.io.grading_files import ItemKey, read_grading
from vesselview.synth import demo_case

from ..conftest import RESULT_TIMEOUT_MS, SMALL_SHAPE

ITEMS = [ItemKey(f"{case:02d}", "unet") for case in (1, 2, 3)]


@pytest.fixture(scope="module")
def cases():
    return {item: demo_case(shape=SMALL_SHAPE, seed=index) for index, item in enumerate(ITEMS)}


def _window(qtbot, path, cases, *, blinded: bool) -> GradingWindow:
    session = GradingSession(path, cases, grader="alice", blinded=blinded, seed=5)
    window = GradingWindow(session, GradingCases.from_cases(cases))
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.case is not None, timeout=RESULT_TIMEOUT_MS)
    if not blinded:
        qtbot.waitUntil(lambda: not window.metrics.busy, timeout=RESULT_TIMEOUT_MS)
    window.resize(1100, 700)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.image.setFocus()
    return window


@pytest.fixture
def grading(qtbot, tmp_path, cases):
    window = _window(qtbot, tmp_path / "alice.json", cases, blinded=False)
    yield window
    window.close()
    assert window.scheduler.stopped


def _viewport_point(window: GradingWindow, row: float, col: float):
    """Widget position (viewport of the canvas) of image pixel (row, col)."""
    scene = window.image.box.mapViewToScene(QPointF(col + 0.5, row + 0.5))
    return window.image.mapFromScene(scene)


def _send_mouse(window: GradingWindow, kind: QEvent.Type, row: float, col: float,
                buttons: Qt.MouseButton) -> None:
    position = QPointF(_viewport_point(window, row, col))
    viewport = window.image.viewport()
    event = QMouseEvent(kind, position, viewport.mapToGlobal(position),
                        Qt.MouseButton.LeftButton, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, event)


def _drag(window: GradingWindow, points: list[tuple[int, int]]) -> None:
    """Press the left button at the first pixel, move through the others, release."""
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    _send_mouse(window, QEvent.Type.MouseButtonPress, *points[0], left)
    for row, col in points[1:]:
        _send_mouse(window, QEvent.Type.MouseMove, row, col, left)
    _send_mouse(window, QEvent.Type.MouseButtonRelease, *points[-1], none)


def test_grade_three_cases_with_keys_and_mark_a_region(grading, qtbot, tmp_path):
    window = grading
    session = window.session
    assert window.metrics_panel.displayed("dice") != ""
    for key, expected in ((Qt.Key.Key_7, 7), (Qt.Key.Key_T, 10), (Qt.Key.Key_3, 3)):
        shown = session.current
        qtbot.keyClick(window.image, key)
        assert session.grade(shown).score == expected
        if expected != 3:
            with qtbot.waitSignal(window.item_shown, timeout=RESULT_TIMEOUT_MS):
                qtbot.keyClick(window.image, Qt.Key.Key_N)
    assert window.panel.progress.value() == 3 and "3 of 3" in window.panel.progress.text()
    qtbot.keyClick(window.image, Qt.Key.Key_B)  # brush, default label: missed vessel
    _drag(window, [(40, 30), (40, 40), (45, 50), (50, 60)])
    marked = session.marks(session.current)["missed_vessel"]
    assert marked[40, 35] and marked[50, 60] and not marked[100, 100]
    assert window.editor.marked("missed_vessel") == np.count_nonzero(marked)
    qtbot.keyClick(window.image, Qt.Key.Key_P)  # back: the first two kept their scores
    assert window.panel.scores.checkedId() == 10
    saved = read_grading(tmp_path / "alice.json")
    assert sorted(grade.score for grade in saved.grades.values()) == [3, 7, 10]
    assert list(json.loads((tmp_path / "alice.json").read_text())["grades"][2]["marks"]) == [
        "missed_vessel"]


def test_ignore_polygon_recomputes_the_metrics_and_notes(grading, qtbot):
    window = grading
    before = window.metrics_panel.displayed("dice")
    qtbot.keyClick(window.image, Qt.Key.Key_5, Qt.KeyboardModifier.ControlModifier)  # ignore
    qtbot.keyClick(window.image, Qt.Key.Key_G)
    for row, col in ((20, 20), (20, 60), (60, 60), (60, 20)):
        window.editor.add_vertex(QPointF(col + 0.5, row + 0.5))
    with qtbot.waitSignal(window.metrics_shown, timeout=RESULT_TIMEOUT_MS) as shown:
        qtbot.keyClick(window.image, Qt.Key.Key_Return)
    ignore = window.session.ignore_mask(window.session.current)
    assert ignore[21:60, 21:60].all() and not ignore[:18].any() and not ignore[62:].any()
    assert np.array_equal(shown.args[0].request.case.ignore, ignore)
    assert window.metrics_panel.displayed("dice") != before
    qtbot.keyClick(window.image, Qt.Key.Key_F2)
    qtbot.keyClicks(window.panel.notes, "8 thin vessels missed")  # digits go to the notes
    assert window.session.grade(window.session.current).score is None
    assert window.session.grade(window.session.current).notes == ""  # saved after a pause
    qtbot.keyClick(window.panel.notes, Qt.Key.Key_Escape)
    with qtbot.waitSignal(window.item_shown):
        qtbot.keyClick(window.image, Qt.Key.Key_U)  # notes saved on leaving
    assert window.session.grade(window.session.items[0]).notes == "8 thin vessels missed"


def test_blinded_hides_metrics_and_method_names(qtbot, tmp_path, cases):
    window = _window(qtbot, tmp_path / "bob.json", cases, blinded=True)
    assert window.metrics_panel is None and window.metrics is None
    titles = []
    for _ in ITEMS:
        titles.append(window.panel.header.text())
        qtbot.keyClick(window.image, Qt.Key.Key_Right)
    assert not any("unet" in title for title in titles)
    assert "unet" not in window.windowTitle()
    assert [item.id for item in window.session.items] != sorted(item.id for item in ITEMS)
    window.close()
    assert window.scheduler.stopped


def test_an_unreadable_case_is_named_and_grading_goes_on(qtbot, tmp_path, cases):
    def unreadable():
        raise InputError("/data/02_unet.png: not an image; check the predictions folder")

    loaders = {item: (lambda case=case: case) for item, case in cases.items()}
    loaders[ITEMS[1]] = unreadable
    session = GradingSession(tmp_path / "dan.json", cases, grader="dan")  # sorted order
    window = GradingWindow(session, GradingCases(loaders))
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.case is not None, timeout=RESULT_TIMEOUT_MS)
    with qtbot.waitSignal(window.item_shown, timeout=RESULT_TIMEOUT_MS):
        window.go_to("next")
    assert window.case is None and "02_unet.png: not an image" in window.error_label.text()
    assert window.metrics_panel.displayed("dice") == ""  # not the previous case's
    window.score(4)  # a score needs no image
    with qtbot.waitSignal(window.item_shown, timeout=RESULT_TIMEOUT_MS):
        window.go_to("next")
    assert window.case is not None and not window.error_label.isVisible()
    assert session.grade(ITEMS[1]).score == 4
    window.close()


def test_marks_made_on_other_images_are_reported_not_overwritten(qtbot, tmp_path, cases):
    path = tmp_path / "alice.json"
    GradingSession(path, cases, grader="alice", seed=5).set_mark(ITEMS[0], "ignore",
                                                        np.ones((10, 10), bool))
    saved = path.read_bytes()
    window = _window(qtbot, path, cases, blinded=False)
    assert window.session.current == ITEMS[0]
    assert "the ignore marks of 01 / unet are 10x10 pixels" in window.error_label.text()
    assert window.image.box.editor is None  # drawing would replace the saved marks
    window.score(5)
    assert window.session.grade(ITEMS[0]).marks["ignore"].shape == (10, 10)
    window.close()
    assert read_grading(path).grades[ITEMS[0]].score == 5 and saved != path.read_bytes()


def test_notes_are_saved_when_the_window_loses_the_focus(qtbot, tmp_path, cases):
    session = GradingSession(tmp_path / "gil.json", cases, grader="gil", blinded=True)
    window = GradingWindow(session, GradingCases.from_cases(cases))
    qtbot.addWidget(window)  # never shown, so never the active window
    window.panel.notes.setPlainText("vessels near the fovea")
    assert session.grade(session.current).notes == ""  # waiting for a pause in typing
    QApplication.sendEvent(window, QEvent(QEvent.Type.ActivationChange))
    assert read_grading(tmp_path / "gil.json").grades[session.current].notes == (
        "vessels near the fovea")
    window.close()
