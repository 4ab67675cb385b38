"""SIGTERM as an exception, so a terminated run cleans up like an interrupted one.

By default SIGTERM ends Python at once, skipping every ``finally``: worker processes
would be left running. Inside `sigterm_raises`, SIGTERM raises `Terminated` instead, which
unwinds through the worker pool's cleanup (`vesselview.cli.pool`) like Ctrl-C does.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType


class Terminated(BaseException):
    """The process received SIGTERM (a BaseException, like KeyboardInterrupt, so that
    ``except Exception`` handlers do not swallow it)."""


@contextlib.contextmanager
def sigterm_raises() -> Iterator[None]:
    """Within the block, SIGTERM raises `Terminated` in the main thread.

    Outside the main thread (where Python cannot install signal handlers) it does
    nothing. The previous handler is restored on exit.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated(f"terminated by signal {signal.Signals(signum).name}")
