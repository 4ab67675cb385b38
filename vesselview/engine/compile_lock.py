"""One background compile per kernel cache at a time, across processes.

Without it, every process started while the first start's kernels still compile (the
next CLI call of a script, a test suite's subprocesses) would find the cache incomplete
and start compiling too: dozens of compiling processes on a busy machine, each slowing
the others. The first process to claim ``compiling.pids`` in the markers folder starts
the compile and writes its children's process ids there; the others see a live claim
and take the no-compile path until the markers say the kernels are done; the compiling process
that completes the markers removes the claim. A claim whose
processes are all gone (killed, a crash) or that is older than `STALE_SECONDS` is
stale: the next start replaces it.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterable
from pathlib import Path

#: The claim's file in the markers folder: the compiling processes' ids, one per line.
LOCK_NAME = "compiling.pids"
#: A claim older than this (seconds) is stale whatever its processes: a compile takes
#: seconds to a few minutes on a loaded machine.
STALE_SECONDS = 900.0
#: A claim whose ids are not written yet counts as live this long (seconds).
_STARTING_SECONDS = 60.0


def claim(markers: Path) -> bool:
    """Claim the compile into ``markers``; False when another live claim holds it.

    Creates the folder if needed; a stale claim is replaced.
    """
    markers.mkdir(parents=True, exist_ok=True)
    lock = markers / LOCK_NAME
    for _ in range(2):  # a second try after removing a stale claim
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
            return True
        except FileExistsError:
            if held(markers):
                return False
            _remove(lock)
    return False


def record(markers: Path, process_ids: Iterable[int]) -> None:
    """Write the compiling processes' ids into the claim."""
    (markers / LOCK_NAME).write_text("".join(f"{pid}\n" for pid in process_ids))


def held(markers: Path) -> bool:
    """Whether a live claim on ``markers`` exists (its processes run, or it is new)."""
    lock = markers / LOCK_NAME
    try:
        age = time.time() - lock.stat().st_mtime
        text = lock.read_text()
    except (OSError, ValueError):
        return False
    if age > STALE_SECONDS:
        return False
    ids = [int(line) for line in text.split() if line.isascii() and line.isdecimal()]
    if not ids:
        return age < _STARTING_SECONDS
    if os.name != "posix":  # os.kill(pid, 0) would end the process on Windows
        return True
    return any(_alive(pid) for pid in ids)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists (POSIX)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, owned by someone else
        return True
    return True


def release(markers: Path) -> None:
    """Remove the claim (the compile is complete); nothing when there is none."""
    _remove(markers / LOCK_NAME)


def _remove(lock: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        lock.unlink()
