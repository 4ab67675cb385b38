"""Every JSON file (session, grading file) is read by one reader that never blocks on a
named pipe, never reads a device, a folder or an oversized file, and names the file."""

from __future__ import annotations

import os
import threading

import pytest

from vesselview.app.grading import GradingSession
from vesselview.app.session import load_session
from vesselview.errors import InputError
from vesselview.io import json_file
from vesselview.io.grading_files import ItemKey, read_grading
from vesselview.io.json_file import read_json


def _read_within(path: str, reader, seconds: float = 20.0) -> BaseException | None:
    """Run ``reader(path)`` in a thread; the error it raised (None if it returned).

    A reader still blocked after ``seconds`` fails the test (the pipe is then opened for
    writing so the thread ends).
    """
    outcome: list[BaseException | None] = []

    def read() -> None:
        try:
            reader(path)
            outcome.append(None)
        except BaseException as error:  # handed to the test
            outcome.append(error)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        with open(os.open(path, os.O_WRONLY | os.O_NONBLOCK), "w"):
            pass
        thread.join()
        pytest.fail(f"reading {path} blocked for {seconds} s")
    return outcome[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("reader", [
    load_session,
    read_grading,
    lambda path: GradingSession(path, [ItemKey("01", "unet")], grader="alice"),
], ids=["session", "grading file", "grading session"])
def test_a_named_pipe_is_refused_without_blocking(tmp_path, reader):
    pipe = str(tmp_path / "study.json")
    os.mkfifo(pipe)
    error = _read_within(pipe, reader)
    assert isinstance(error, InputError)
    assert str(error).startswith(f"{pipe}: the ")
    assert "is a named pipe (FIFO), not a file" in str(error)
    assert error.source == pipe


@pytest.mark.parametrize(("path", "what"), [
    ("/dev/zero", "a device"),
    ("/dev/null", "a device"),
    (None, "a folder"),
])
def test_devices_and_folders_are_refused_before_reading(tmp_path, path, what):
    path = path or str(tmp_path)
    if not os.path.exists(path):
        pytest.skip(f"{path} does not exist here")
    with pytest.raises(InputError, match=f"grading file is {what}, not a file") as error:
        read_grading(path)
    assert error.value.source == path


def test_an_oversized_file_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_text('{"format": "vesselview-session", "pad": "' + "x" * 200 + '"}')
    monkeypatch.setattr(json_file, "MAX_JSON_BYTES", 100)
    with pytest.raises(InputError, match=r"big\.json: the session file is larger than"):
        load_session(path)


def test_a_file_at_the_limit_is_read(tmp_path, monkeypatch):
    path = tmp_path / "small.json"
    path.write_text('{"a": [1, 2, 3]}')
    monkeypatch.setattr(json_file, "MAX_JSON_BYTES", path.stat().st_size)
    assert read_json(path, "session file", "broken") == {"a": [1, 2, 3]}


def test_text_that_is_not_utf8_is_called_not_json(tmp_path):
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"notes": "caf\xe9"}')
    with pytest.raises(InputError, match=r"latin\.json: broken.*not JSON"):
        read_json(path, "grading file", "broken")

