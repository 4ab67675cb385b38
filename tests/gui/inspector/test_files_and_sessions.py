"""Files, drag and drop, bad files, sessions and export through the window."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QMessageBox

from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import ALIASES, Params
from vesselview.gui.inspector.window import ERROR_POINTER
from vesselview.io.writers import write_png

from ..conftest import RESULT_TIMEOUT_MS
from .test_live_evaluation import wait_for_params


@pytest.fixture
def pair(tmp_path, small_case):
    """Reference, candidate, FOV and fundus of `small_case` written as PNG files."""
    paths = {role: str(tmp_path / f"{role}.png") for role in ("reference", "candidate", "fov")}
    write_png(paths["reference"], small_case.reference)
    write_png(paths["candidate"], small_case.candidate)
    write_png(paths["fov"], small_case.fov)
    paths["fundus"] = str(tmp_path / "photo.png")
    write_png(paths["fundus"], small_case.fundus)
    return paths


def open_pair(window, qtbot, pair):
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert window.model.open_files([(role, pair[role]) for role in pair])


def test_files_open_once_reference_and_candidate_are_known(window, qtbot, pair, small_case):
    assert not window.model.open_file("reference", pair["reference"])
    assert window.model.shown is None
    assert "candidate" in window.statusBar().currentMessage()
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert window.model.open_file("candidate", pair["candidate"])
    np.testing.assert_array_equal(window.model.shown.case.reference, small_case.reference)
    assert window.model.shown.files.reference == pair["reference"]
    stem = os.path.splitext(os.path.basename(pair["candidate"]))[0]
    assert window.windowTitle() == f"Case {stem} \N{EM DASH} vesselview"  # never a path
    assert ("candidate", pair["candidate"]) in window.model.recent.entries()


def test_a_bad_file_shows_an_error_and_keeps_the_case(window, qtbot, pair, tmp_path):
    open_pair(window, qtbot, pair)
    shown, response = window.model.shown, window.model.response
    bad = tmp_path / "broken_pred.png"
    bad.write_text("this is not an image")
    assert not window.model.open_file("candidate", str(bad))
    assert window.model.shown is shown and window.model.response is response
    assert window.model.chosen_files == shown.files
    (notice,) = window.model.notices.notices  # said once, above the image, until dismissed
    assert notice.kind == "error" and notice.message.startswith(str(bad))
    assert window.notices.isVisibleTo(window)
    assert not [box for box in window.findChildren(QMessageBox) if box.isVisible()]
    assert window.statusBar().currentMessage() == ERROR_POINTER


def test_a_file_of_another_size_starts_a_new_case_and_says_so(window, qtbot, pair, tmp_path):
    open_pair(window, qtbot, pair)
    shown = window.model.shown
    small = tmp_path / "small_pred.png"
    write_png(small, np.zeros((10, 10), bool))
    assert not window.model.open_file("candidate", str(small))
    assert any("small_pred.png (10x10 px) is not the size of the open case" in message
               for message in window.notices.messages)
    assert window.statusBar().currentMessage() == "Now open a reference to evaluate."
    assert window.model.chosen_files.candidate == str(small)
    assert window.model.chosen_files.reference is None
    assert window.model.shown is shown


def test_reload_reads_the_files_again(window, qtbot, pair):
    assert not window.model.reload()
    open_pair(window, qtbot, pair)
    write_png(pair["candidate"], np.zeros_like(window.model.shown.case.candidate))
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert window.model.reload()
    assert not window.model.shown.case.candidate.any()


def test_drop_assigns_roles_by_name_and_asks_otherwise(window, qtbot, tmp_path, small_case):
    manual, unnamed = tmp_path / "01_manual1.png", tmp_path / "01.png"
    write_png(manual, small_case.reference)
    write_png(unnamed, small_case.candidate)
    asked = []
    window.menus.ask_role = lambda path: asked.append(path) or "candidate"
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(manual)), QUrl.fromLocalFile(str(unnamed))])
    event = QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.dropEvent(event)
    assert asked == [str(unnamed)]
    assert window.model.shown.files.reference == str(manual)
    assert window.model.shown.files.candidate == str(unnamed)


def test_drop_of_unassigned_files_does_nothing(window):
    assert not window.model.drop_paths(["/somewhere/01.png"], ask_role=lambda path: None)
    assert window.model.shown is None


def test_session_round_trip_restores_params_layers_and_view(window, qtbot, pair, tmp_path):
    open_pair(window, qtbot, pair)
    window.params_panel.sliders["t"].setValue(5)
    window.params_panel.sliders["ss_alpha"].setValue(0.4)
    params = Params(t=5, ss_alpha=0.4)
    wait_for_params(qtbot, window, params)
    window.layer_panel.toggle("tolerant")
    window.layer_panel.set_colour("tolerant", 4, (1, 2, 3, 255))
    window.view.set_view_rect((10.0, 12.0, 40.0, 30.0))
    rect = window.view.view_rect()
    styles = dict(window.layer_panel.styles)
    path = str(tmp_path / "s.vvsession.json")
    window.menus.save_session(path)

    window.params_panel.reset_button.click()
    window.layer_panel.toggle("tolerant")
    window.view.reset_view()
    wait_for_params(qtbot, window, Params())

    assert window.model.load_session(path)
    wait_for_params(qtbot, window, params)
    assert window.params_panel.params == params
    assert window.layer_panel.styles == styles
    assert window.view.main.items["tolerant"].isVisible()
    assert window.view.view_rect() == pytest.approx(rect)
    assert window.model.shown.files.candidate == pair["candidate"]


def test_bad_session_keeps_everything(window, qtbot, pair, tmp_path):
    open_pair(window, qtbot, pair)
    shown, params = window.model.shown, window.params_panel.params
    path = tmp_path / "bad.json"
    path.write_text("[]")
    assert not window.model.load_session(str(path))
    assert window.model.shown is shown and window.params_panel.params == params
    assert any(str(path) in message for message in window.notices.messages)


def test_demo_session(small_window, qtbot, tmp_path):
    path = str(tmp_path / "demo.json")
    small_window.menus.save_session(path)
    with qtbot.waitSignal(small_window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert small_window.model.load_session(path)
    assert small_window.model.shown.case.shape == (584, 565)
    assert not small_window.model.shown.files.complete


def test_a_session_with_a_renamed_parameter_says_so_on_the_board(small_window, qtbot,
                                                                    tmp_path, monkeypatch):
    monkeypatch.setitem(ALIASES, "tolerance_radius", "t")
    path = tmp_path / "old.json"
    small_window.menus.save_session(str(path))
    document = json.loads(path.read_text())
    document["params"]["tolerance_radius"] = 5
    del document["params"]["t"]
    path.write_text(json.dumps(document))
    with pytest.warns(DeprecationWarning), qtbot.waitSignal(small_window.result_applied,
                                                            timeout=RESULT_TIMEOUT_MS):
        assert small_window.model.load_session(str(path))
    assert small_window.params_panel.sliders["t"].value() == 5
    (note,) = [message for message in small_window.notices.messages
               if "'tolerance_radius' is now called 't'" in message]
    assert note.startswith(str(path))


def test_export_metrics_csv_and_json_match_the_screen(small_window, tmp_path):
    result = small_window.model.response.result
    small_window.model.export_metrics(str(tmp_path / "m.csv"))
    small_window.model.export_metrics(str(tmp_path / "m.json"))
    with open(tmp_path / "m.csv", newline="") as stream:
        rows = list(csv.DictReader(stream))
    document = json.loads((tmp_path / "m.json").read_text())
    assert len(rows) == 1 and len(document["results"]) == 1
    record = document["results"][0]
    assert record["params"] == result.params.to_dict()
    for key in METRIC_KEYS:
        value = result.metrics[key]
        if np.isnan(value):
            assert rows[0][key] == "" and record["metrics"][key] is None
        else:
            assert float(rows[0][key]) == value and record["metrics"][key] == value
    assert rows[0]["id"] == record["id"]


def test_export_before_any_result_is_an_error(window, tmp_path):
    window.model.export_metrics(str(tmp_path / "m.csv"))
    assert any("No result" in message for message in window.notices.messages)
    assert not (tmp_path / "m.csv").exists()


def test_export_view_png(small_window, tmp_path):
    from PIL import Image

    path = tmp_path / "view.png"
    small_window.menus.export_view(str(path), caption=False)  # the caption: test_export_caption
    height, width = small_window.model.case.shape
    with Image.open(path) as image:
        assert image.size == (width, height)


def test_recent_menu_reopens_a_file(window, qtbot, pair, tmp_path, small_case):
    open_pair(window, qtbot, pair)
    other = tmp_path / "other_pred.png"
    write_png(other, small_case.reference)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.open_file("candidate", str(other))
    menu = window.menus.recent_menu
    texts = [action.text() for action in menu.actions()]
    assert texts[0] == f"candidate: {other}"
    original = next(a for a in menu.actions() if a.text() == f"candidate: {pair['candidate']}")
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        original.trigger()
    assert window.model.shown.files.candidate == pair["candidate"]


def test_a_failed_load_is_not_remembered(window, tmp_path):
    bad = tmp_path / "bad.png"
    bad.write_text("no image")
    assert not window.model.open_files([("reference", str(bad)), ("candidate", str(bad))])
    assert window.model.recent.entries() == []


@pytest.mark.parametrize("action", ["export_view", "export_view_plain", "save_session",
                                    "export_metrics"])
def test_no_save_dialog_writes_over_an_open_image(window, qtbot, pair, monkeypatch, action):
    from vesselview.gui.widgets import export

    open_pair(window, qtbot, pair)
    before = {role: Path(path).read_bytes() for role, path in pair.items()}
    target = pair["candidate"]
    monkeypatch.setattr(export.QFileDialog, "getSaveFileName",
                        lambda *args: (target, export.PNG_FILTER))
    window.menus.actions[action].trigger()
    assert {role: Path(path).read_bytes() for role, path in pair.items()} == before
    errors = [notice.message for notice in window.model.notices.notices
              if notice.kind == "error"]
    assert errors and "is the input file" in errors[-1] and "candidate.png" in errors[-1]
