"""`vesselview.io.output_file`: checked before the work, replaced whole or not at all."""

from __future__ import annotations

import errno
import os
import stat
import threading

import pytest

from vesselview.errors import InputError
from vesselview.io.output_file import atomic_output, check_output, interrupted_path


def _leftovers(folder) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name.endswith(".tmp")
                  or name.startswith(".vesselview-probe"))


def test_atomic_output_replaces_the_file_whole(tmp_path):
    target = tmp_path / "out.json"
    target.write_text("old")
    target.chmod(0o640)
    with atomic_output(str(target)) as stream:
        stream.write("new ")
        assert target.read_text() == "old"  # nothing visible before the block completes
        stream.write("content")
    assert target.read_text() == "new content"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert _leftovers(tmp_path) == []


def test_a_new_file_gets_the_usual_permissions(tmp_path):
    umask = os.umask(0o022)
    try:
        with atomic_output(str(tmp_path / "new.csv")) as stream:
            stream.write("x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.csv").stat().st_mode) == 0o644


def _full_disk(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_failing_rename_leaves_the_old_file_intact(tmp_path, monkeypatch):
    target = tmp_path / "out.json"
    target.write_text('{"valid": true}')
    monkeypatch.setattr(os, "replace", _full_disk)
    with (pytest.raises(InputError, match=r"out.json: cannot write .No space left on device.; "
                                          "an existing file there is unchanged"),
          atomic_output(str(target)) as stream):
        stream.write('{"valid": false, "much": "more"}')
    assert target.read_text() == '{"valid": true}'
    assert _leftovers(tmp_path) == []


def test_a_write_failing_half_way_leaves_the_old_file_intact(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("id,dice\na,0.5\n")
    with pytest.raises(InputError, match="No space left"), atomic_output(str(target)) as stream:
        stream.write("id,dice\n")
        _full_disk()
    assert target.read_text() == "id,dice\na,0.5\n"
    assert _leftovers(tmp_path) == []


def test_any_other_failure_also_keeps_the_old_file(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("old")
    with pytest.raises(KeyboardInterrupt), atomic_output(str(target)) as stream:
        stream.write("half")
        raise KeyboardInterrupt
    assert target.read_text() == "old" and _leftovers(tmp_path) == []


def test_a_symlinked_output_writes_through_the_link(tmp_path):
    (tmp_path / "real.csv").write_text("old")
    (tmp_path / "link.csv").symlink_to(tmp_path / "real.csv")
    with atomic_output(str(tmp_path / "link.csv")) as stream:
        stream.write("new")
    assert (tmp_path / "link.csv").is_symlink()
    assert (tmp_path / "real.csv").read_text() == "new"


def test_check_accepts_new_and_existing_files(tmp_path):
    check_output(str(tmp_path / "new.json"))
    (tmp_path / "old.json").write_text("{}")
    check_output(str(tmp_path / "old.json"), [str(tmp_path / "input.png"), None])
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("spelling", ["ref.png", "./ref.png", "sub/../ref.png", "alias.png"])
def test_check_refuses_an_input_however_spelled(tmp_path, monkeypatch, spelling):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "ref.png").write_bytes(b"pixels")
    (tmp_path / "alias.png").symlink_to(tmp_path / "ref.png")
    with pytest.raises(InputError, match=f"output {spelling}: is the input file .*ref.png"):
        check_output(spelling, [str(tmp_path / "other.png"), str(tmp_path / "ref.png")])


def test_check_refuses_a_folder_and_a_missing_folder(tmp_path):
    with pytest.raises(InputError, match="is a folder; give a file name"):
        check_output(str(tmp_path))
    with pytest.raises(InputError, match=r"its folder .*nowhere does not exist"):
        check_output(str(tmp_path / "nowhere" / "out.csv"))
    (tmp_path / "a_file.png").write_bytes(b"")
    with pytest.raises(InputError, match=r"a_file\.png is a file, not a folder"):
        check_output(str(tmp_path / "a_file.png" / "out.csv"))


def test_a_pipe_is_written_into_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()))
    reader.start()
    with atomic_output(str(fifo)) as stream:
        stream.write("rows\n")
    reader.join(timeout=10)
    assert received == ["rows\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_an_interrupted_run_writes_beside_the_output():
    assert interrupted_path("results/out.csv") == "results/out.interrupted.csv"
    assert interrupted_path("out") == "out.interrupted"


def test_check_refuses_an_unwritable_folder(locked_folder):
    with pytest.raises(InputError, match=r"cannot write in its folder .*locked "
                                         ".Permission denied"):
        check_output(str(locked_folder / "out.csv"))


@pytest.mark.parametrize("mode", [0o400, 0o444, 0o000])
def test_check_refuses_a_read_only_file_even_for_root(tmp_path, mode):
    (tmp_path / "out.csv").write_text("keep")
    (tmp_path / "out.csv").chmod(mode)
    with pytest.raises(InputError, match="read-only"):
        check_output(str(tmp_path / "out.csv"))


def test_check_refuses_any_file_inside_a_named_folder(tmp_path):
    dataset = tmp_path / "DRIVE"
    (dataset / "test").mkdir(parents=True)
    (tmp_path / "DRIVE-results").mkdir()
    folders = {str(dataset): "the dataset folder"}
    for inside in (dataset / "out.csv", dataset / "test" / "new.csv", dataset / "x" / ".." / "y"):
        with pytest.raises(InputError, match=f"is inside the dataset folder {dataset}, which"):
            check_output(str(inside), folders=folders)
    check_output(str(tmp_path / "DRIVE-results" / "out.csv"), folders=folders)  # a sibling
    (tmp_path / "alias").symlink_to(dataset)
    with pytest.raises(InputError, match="is inside the dataset folder"):
        check_output(str(tmp_path / "alias" / "out.csv"), folders=folders)
