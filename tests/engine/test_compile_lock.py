"""`vesselview.engine.compile_lock`: one background compile per kernel cache at a time."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from vesselview.engine import compile_lock
from vesselview.engine.compile_lock import (
    LOCK_NAME,
    STALE_SECONDS,
    claim,
    held,
    record,
    release,
)


def finished_process_id() -> int:
    """The id of a process that has exited (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_the_first_claim_wins_while_its_processes_run(tmp_path):
    markers = tmp_path / "compiled-abc"
    assert claim(markers)
    record(markers, [os.getpid()])
    assert held(markers)
    assert not claim(markers)
    assert (markers / LOCK_NAME).read_text() == f"{os.getpid()}\n"


@pytest.mark.skipif(os.name != "posix", reason="process ids are checked on POSIX only")
def test_a_claim_whose_processes_are_gone_is_replaced(tmp_path):
    markers = tmp_path / "compiled-abc"
    assert claim(markers)
    record(markers, [finished_process_id()])
    assert not held(markers)
    assert claim(markers)
    assert (markers / LOCK_NAME).read_text() == ""  # the new claim, ids not written yet
    assert held(markers)  # a claim being started counts as live


def test_an_old_claim_is_stale_whatever_its_processes(tmp_path):
    markers = tmp_path / "compiled-abc"
    assert claim(markers)
    record(markers, [os.getpid()])
    old = time.time() - STALE_SECONDS - 1
    os.utime(markers / LOCK_NAME, (old, old))
    assert not held(markers)
    assert claim(markers)


def test_no_claim_is_not_held(tmp_path):
    assert not held(tmp_path / "missing")
    assert compile_lock.claim(tmp_path / "new" / "folder")  # the folder is created


def test_a_released_claim_can_be_claimed_again(tmp_path):
    markers = tmp_path / "compiled-abc"
    assert claim(markers)
    record(markers, [os.getpid()])
    release(markers)
    release(markers)  # twice: both compiling processes may finish the markers
    assert not held(markers) and claim(markers)


def test_a_lock_naming_no_process_in_plain_digits_is_a_claim_being_started(tmp_path):
    markers = tmp_path / "compiled-abc"
    assert claim(markers)
    (markers / LOCK_NAME).write_text("²\n")  # isdigit() but not a number int() reads
    assert held(markers)  # new, no process id yet: live, no ValueError
