"""Stand-ins for `load_case` that misbehave inside worker processes (``Job.load``).

Worker processes are spawned, so a monkeypatch in the test process does not reach
them; these module-level functions travel by name instead.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from vesselview.io.loader import load_case

#: Exit status of a worker killed by `die_on_doomed`.
DEATH = 7


def die_on_doomed(reference, candidate, *args, **kwargs):
    """`load_case`, except that a candidate named ``doomed*`` kills the worker process."""
    if Path(candidate).name.startswith("doomed"):
        os._exit(DEATH)
    return load_case(reference, candidate, *args, **kwargs)


def hang(reference, candidate, *args, **kwargs):
    """Write ``<candidate>.started`` (the test waits for it), then hang for 10 minutes."""
    Path(f"{candidate}.starting").write_text(str(os.getpid()))
    os.replace(f"{candidate}.starting", f"{candidate}.started")  # never seen half-written
    time.sleep(600)
    raise AssertionError("the worker was not stopped")


def square_or_die(number: int) -> int:
    """``number ** 2``; a negative number kills the worker process."""
    if number < 0:
        os._exit(DEATH)
    return number * number
