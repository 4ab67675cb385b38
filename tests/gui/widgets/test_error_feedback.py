"""The error label of windows and tools, and the save dialog behind every export."""

from __future__ import annotations

import pytest

from vesselview.errors import InputError, ParamsError
from vesselview.gui.widgets import export
from vesselview.gui.widgets.error_label import ErrorLabel
from vesselview.gui.widgets.export import CSV_FILTER, save_with_dialog


@pytest.fixture
def label(qtbot):
    widget = ErrorLabel()
    qtbot.addWidget(widget)
    return widget


def test_the_label_starts_hidden_and_shows_a_message(label):
    assert label.isHidden()
    label.show_message("bad value")
    assert not label.isHidden()
    assert label.text() == "bad value"
    label.show_message("worse value")
    assert label.text() == "worse value"


@pytest.mark.parametrize("error", [ParamsError("t must be >= 0"),
                                   InputError("x.png: file not found", source="x.png"),
                                   OSError("disk full")])
def test_run_guarded_shows_what_a_user_error_says(label, error):
    def action():
        raise error
    label.run_guarded(action)
    assert not label.isHidden()
    assert label.text() == str(error)


def test_run_guarded_hides_an_old_message_when_the_action_succeeds(label):
    calls = []
    label.show_message("old")
    label.run_guarded(lambda: calls.append("ran"))
    assert calls == ["ran"]
    assert label.isHidden()


def test_run_guarded_lets_a_programming_error_through(label):
    def action():
        raise KeyError("bug")
    with pytest.raises(KeyError):
        label.run_guarded(action)


def _answer_dialog(monkeypatch, path: str) -> list[tuple]:
    """Make the save dialog return ``path`` ("" = cancelled); returns its call arguments."""
    asked: list[tuple] = []

    def get_save_file_name(*args):
        asked.append(args)
        return path, CSV_FILTER
    monkeypatch.setattr(export.QFileDialog, "getSaveFileName", get_save_file_name)
    return asked


def test_save_with_dialog_writes_to_the_chosen_path(monkeypatch, label):
    asked = _answer_dialog(monkeypatch, "/tmp/out.csv")
    written = []
    save_with_dialog(label, "Export CSV", CSV_FILTER, written.append)
    assert asked == [(label, "Export CSV", "", CSV_FILTER)]
    assert written == ["/tmp/out.csv"]


def test_a_cancelled_dialog_writes_nothing(monkeypatch, label):
    _answer_dialog(monkeypatch, "")
    written = []
    save_with_dialog(label, "Export CSV", CSV_FILTER, written.append)
    assert written == []


def _unwritable(path: str) -> None:
    raise OSError(f"cannot write {path}")


def test_a_write_error_is_reported_in_plain_words_with_the_path(monkeypatch, label, tmp_path):
    target = str(tmp_path / "out.csv")
    _answer_dialog(monkeypatch, target)
    reports = []
    save_with_dialog(label, "Export CSV", CSV_FILTER, _unwritable, report=reports.append)
    assert reports == [f"{target}: cannot be written (cannot write {target}); choose another "
                       "folder or free some space"]


def test_a_missing_folder_is_reported_before_writing(monkeypatch, label):
    _answer_dialog(monkeypatch, "/nowhere/out.csv")
    reports, written = [], []
    save_with_dialog(label, "Export CSV", CSV_FILTER, written.append, report=reports.append)
    assert written == []
    assert reports == ["output /nowhere/out.csv: its folder /nowhere does not exist; "
                       "create it first"]


def test_a_write_error_is_raised_when_nobody_reports_it(monkeypatch, label, tmp_path):
    _answer_dialog(monkeypatch, str(tmp_path / "out.csv"))
    with pytest.raises(InputError, match=r"out.csv: cannot be written"):
        save_with_dialog(label, "Export CSV", CSV_FILTER, _unwritable)
