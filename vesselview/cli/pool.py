"""Local worker processes in which a crash fails only the item it was running.

`concurrent.futures.ProcessPoolExecutor` turns the death of one worker process (killed,
out of memory, a crash in a compiled library) into `BrokenProcessPool` for every
unfinished item. To lose nothing, at most ``workers`` items are in flight at a time:
when the pool breaks, only those are suspects. The items never started go on in a fresh
pool; the suspects are run again one at a time in a pool of one worker, where a death
is surely the item's own and fails it alone (the next suspect gets a fresh pool).

Workers ignore Ctrl-C and exit when this process goes away; when this process is
interrupted (Ctrl-C, or SIGTERM turned into an exception by the caller) it terminates
the workers it started before the exception goes on, so none is left running.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from vesselview.cli.allocator import keep_freed_memory
from vesselview.engine.kernels_warmup import load_in_background, start_compiling

#: Seconds between a worker's checks that the process that started it still runs.
PARENT_POLL = 0.5
#: Seconds a terminated worker gets to exit before it is killed.
TERMINATE_GRACE = 5.0
DIED = ("its worker process stopped abruptly (killed, out of memory, or a crash in a "
        "library)")


@dataclasses.dataclass(frozen=True)
class ItemFailure:
    """An item that produced no result: its worker died, or its result could not travel."""

    reason: str


def run_in_processes(function: Callable[[Any], Any], items: Sequence[Any], workers: int,
                     advance: Callable[[], None], results: dict[int, Any] | None = None
                     ) -> list[Any]:
    """``[function(item) for item in items]`` in ``workers`` fresh ("spawn") processes.

    Parameters
    ----------
    function : callable
        Picklable, e.g. a module-level function or a `functools.partial` of one.
    items : sequence
        Picklable arguments.
    workers : int
        At least 1.
    advance : callable
        Called once per finished item.
    results : dict, optional
        Filled with ``index -> result`` as items finish, so a caller interrupted mid-run
        (Ctrl-C, SIGTERM) still has the finished ones.

    Returns
    -------
    list
        In the order of ``items``: each result, or an `ItemFailure` for an item whose
        worker process died while running it (or whose result could not be sent back).

    Notes
    -----
    Spawned, not forked: forking a parent whose OpenCV or numba threads already run can
    deadlock, and spawn behaves the same on every OS.
    """
    # A cold kernel cache: compiled once, from here, not in every worker; the workers
    # do not wait for it (they take the no-compile path until it is done).
    start_compiling()
    results = {} if results is None else results
    waiting = deque(range(len(items)))
    while waiting:
        suspects = deque(_pool_round(function, items, waiting, workers, results, advance))
        while suspects:  # one at a time: a break now names its item
            for index in _pool_round(function, items, suspects, 1, results, advance):
                results[index] = ItemFailure(DIED)
                advance()
    return [results[index] for index in range(len(items))]


def _pool_round(function: Callable[[Any], Any], items: Sequence[Any], waiting: deque[int],
                workers: int, results: dict[int, Any], advance: Callable[[], None]
                ) -> list[int]:
    """Run items from ``waiting`` in one pool until it is empty or the pool breaks.

    Returns the items in flight when the pool broke (empty when it did not); items not
    yet started stay in ``waiting``.
    """
    ours_before = set(multiprocessing.active_children())
    executor = ProcessPoolExecutor(max_workers=workers,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_worker_setup, initargs=(os.getpid(),))
    try:
        suspects = _feed(executor, function, items, waiting, workers, results, advance)
    except BaseException:
        _terminate(set(multiprocessing.active_children()) - ours_before)
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    executor.shutdown(wait=True)
    return suspects


def _feed(executor: ProcessPoolExecutor, function: Callable[[Any], Any],
          items: Sequence[Any], waiting: deque[int], workers: int, results: dict[int, Any],
          advance: Callable[[], None]) -> list[int]:
    """Keep ``workers`` items in flight until ``waiting`` is empty or the pool breaks;
    return the items in flight at the break."""
    running: dict[Future[Any], int] = {}
    while waiting or running:
        while waiting and len(running) < workers:
            index = waiting.popleft()
            try:
                running[executor.submit(function, items[index])] = index
            except BrokenProcessPool:
                waiting.appendleft(index)
                return sorted(running.values())
        done, _ = wait(running, return_when=FIRST_COMPLETED)
        if _collect(done, running, results, advance):
            return sorted(running.values())
    return []


def _collect(done: set[Future[Any]], running: dict[Future[Any], int],
             results: dict[int, Any], advance: Callable[[], None]) -> bool:
    """Move finished items from ``running`` to ``results``; True when the pool broke
    (the broken items stay in ``running``)."""
    broken = False
    for future in done:
        error = future.exception()
        if isinstance(error, BrokenProcessPool):
            broken = True
            continue
        index = running.pop(future)
        results[index] = (future.result() if error is None
                          else ItemFailure(f"its result was lost ({type(error).__name__}: "
                                           f"{error})"))
        advance()
    return broken


def _terminate(processes: set[multiprocessing.process.BaseProcess]) -> None:
    """Stop worker processes: SIGTERM, then SIGKILL after `TERMINATE_GRACE` seconds."""
    for process in processes:
        process.terminate()
    deadline = time.monotonic() + TERMINATE_GRACE
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join()


def _worker_setup(parent: int) -> None:
    """In each worker: leave Ctrl-C to the main process, exit when it is gone, keep the
    memory one pair frees for the next (`allocator.keep_freed_memory`), and load the
    compiled kernels for its next pairs (`kernels_warmup.load_in_background`; while the
    parent compiles them, once that is done)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    keep_freed_memory()
    load_in_background()
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    """Exit this worker once its parent has died (e.g. killed with SIGKILL)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)
