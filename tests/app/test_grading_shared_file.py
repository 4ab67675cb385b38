"""A grading file shared by two writers loses no score; read-only files and folders are
refused with a message; killed saves' temporary files are cleaned up (no Qt)."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from vesselview.app.grading import GradingSaveError, GradingSession
from vesselview.errors import InputError
from vesselview.io import grading_sync
from vesselview.io.grading_files import ItemKey, read_grading

ITEMS = [ItemKey(f"{case:02d}", "unet") for case in range(20)]


def _session(path, **options) -> GradingSession:
    return GradingSession(path, ITEMS, grader="alice", **options)


def _score_half(path: str, half: int, start: multiprocessing.synchronize.Barrier) -> None:
    """A second program: scores items ``half``, ``half + 2``, ... of `ITEMS` (10 items)."""
    session = _session(path)
    start.wait()
    for item in ITEMS[half::2]:
        session.set_score(item, 1 + half)


def test_two_processes_scoring_ten_items_each_keep_twenty_scores(tmp_path):
    path = str(tmp_path / "alice.json")
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2)
    writers = [context.Process(target=_score_half, args=(path, half, start))
               for half in (0, 1)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(120)
        assert writer.exitcode == 0
    grades = read_grading(path).grades
    assert {item: grade.score for item, grade in grades.items()} == {
        item: 1 + index % 2 for index, item in enumerate(ITEMS)}
    assert sorted(os.listdir(tmp_path)) == ["alice.json"]  # no lock or temporary file left


def test_a_window_sees_the_scripts_scores_after_its_next_save(tmp_path):
    path = tmp_path / "alice.json"
    window, script = _session(path), _session(path)
    window.set_score(ITEMS[0], 3)
    script.set_score(ITEMS[1], 7)
    script.set_notes(ITEMS[0], "the script's note")  # the same item: the later save wins
    window.set_score(ITEMS[2], 5)
    expected = {ITEMS[0]: 3, ITEMS[1]: 7, ITEMS[2]: 5}
    assert {item: grade.score for item, grade in read_grading(path).grades.items()} == expected
    assert {item: window.grade(item).score for item in expected} == expected
    assert window.progress() == (3, 20)
    script.set_score(ITEMS[1], None)  # a cleared score is merged as cleared
    window.set_score(ITEMS[3], 1)
    assert ITEMS[1] not in read_grading(path).grades


def test_another_study_written_over_the_file_is_not_replaced(tmp_path):
    path = tmp_path / "alice.json"
    session = _session(path)
    session.set_score(ITEMS[0], 3)
    GradingSession(tmp_path / "bob.json", ITEMS, grader="bob").set_score(ITEMS[5], 9)
    os.replace(tmp_path / "bob.json", path)
    with pytest.raises(GradingSaveError, match=r"alice\.json: another program replaced this "
                                               r"grading file with one that has grader bob, "
                                               r"not alice; it is not written over"):
        session.set_score(ITEMS[1], 4)
    assert read_grading(path).grader == "bob" and session.unsaved


@pytest.mark.parametrize("mode", [0o444, 0o400])
def test_a_read_only_grading_file_is_refused_even_for_root(tmp_path, mode):
    path = tmp_path / "alice.json"
    _session(path).set_score(ITEMS[0], 3)
    saved = path.read_bytes()
    path.chmod(mode)
    with pytest.raises(InputError, match=r"alice\.json: the grading file is read-only; make "
                                         r"it writable \(chmod u\+w\)") as error:
        _session(path)
    assert error.value.source == str(path)
    path.chmod(0o644)
    session = _session(path)
    path.chmod(mode)  # made read-only while grading
    with pytest.raises(GradingSaveError, match="the grading file is read-only"):
        session.set_score(ITEMS[1], 4)
    assert path.read_bytes() == saved and session.unsaved


def test_killed_saves_temporary_files_are_removed_on_the_next_save(tmp_path):
    path = tmp_path / "alice.json"
    session = _session(path)
    session.set_score(ITEMS[0], 3)
    stale = [tmp_path / f".alice.json.{name}.tmp" for name in ("k1ll3d_a", "x9_b", "c")]
    for file in stale:
        file.write_text('{"half": ')
    kept = [tmp_path / ".bob.json.abc.tmp", tmp_path / "alice.json.tmp", tmp_path / "notes.txt"]
    for file in kept:
        file.write_text("not ours")
    session.set_score(ITEMS[1], 4)
    assert sorted(os.listdir(tmp_path)) == sorted(
        ["alice.json"] + [file.name for file in kept])


def test_a_save_waits_for_the_lock_then_reports_it(tmp_path, monkeypatch):
    path = tmp_path / "alice.json"
    session = _session(path)
    monkeypatch.setattr(grading_sync, "LOCK_WAIT_S", 0.05)
    holder = os.open(grading_sync.lock_path(path), os.O_RDWR | os.O_CREAT)
    try:
        grading_sync.fcntl.flock(holder, grading_sync.fcntl.LOCK_EX)
        with pytest.raises(GradingSaveError, match=r"another program has held the lock of "
                                                   r"this grading file .*kept"):
            session.set_score(ITEMS[0], 3)
    finally:
        os.close(holder)
    session.set_score(ITEMS[1], 4)  # the lock is free again: both scores are saved
    assert {item.id for item in read_grading(path).grades} == {"00", "01"}


def test_export_into_a_read_only_folder_names_the_folder(tmp_path, locked_folder):
    session = _session(tmp_path / "alice.json")
    session.set_score(ITEMS[0], 3)
    with pytest.raises(InputError, match=r"cannot write in its folder .*locked "
                                         r"\(Permission denied\)"):
        session.export(locked_folder)
    assert os.listdir(locked_folder) == []


def test_export_into_a_new_folder_that_cannot_be_made_names_it(tmp_path, monkeypatch):
    session = _session(tmp_path / "alice.json")
    session.set_score(ITEMS[0], 3)
    target = tmp_path / "locked" / "new"

    def refuse(folder, *args, **kwargs):  # what mkdir in a 0500 folder does (but as root)
        raise PermissionError(13, "Permission denied", str(folder))

    monkeypatch.setattr("pathlib.Path.mkdir", refuse)
    with pytest.raises(InputError, match=r"locked/new: cannot export the grades there "
                                         r"\(Permission denied\); choose a folder") as error:
        session.export(target)
    assert error.value.source == str(target)


def test_export_over_a_read_only_csv_is_refused(tmp_path):
    session = _session(tmp_path / "alice.json")
    session.set_score(ITEMS[0], 3)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "grades.csv").write_text("keep")
    (tmp_path / "out" / "grades.csv").chmod(0o444)
    with pytest.raises(InputError, match=r"grades\.csv: the file is read-only"):
        session.export(tmp_path / "out")
    assert (tmp_path / "out" / "grades.csv").read_text() == "keep"

