"""The one background scheduler: latest-wins channels on one worker thread (no Qt).

Every long computation of the application (live evaluation, sweeps, curves, candidate
sets, teaching cases) is a *task* ``task(should_stop, progress) -> value`` submitted to
a latest-wins `vesselview.app.channel.Channel`; a stopped task stops at its next
``should_stop`` poll (a stage boundary of `vesselview.engine.pipeline.Evaluator`). All
channels share ONE worker thread, so one `Evaluator` per case can serve the live view and
the research tools without locks.

Priorities keep the live view live while a sweep runs: when a task of a more urgent
channel waits, the running task's next ``should_stop`` poll runs it *inside* that poll
(same thread, between two stages) and then lets the interrupted task go on.

Outcomes (value, failure message, progress, partials) go through ``deliver``, a function that
runs a callback where the caller wants it: directly by default, on the Qt main thread
in the GUI (`vesselview.gui.widgets.main_thread`). A channel passes on only the outcome
of its newest task, so a stale result is never seen. ``synchronous=True`` runs each
task at once in the submitting thread (deterministic tests, scripts).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import threading
from collections.abc import Callable

from vesselview.app.channel import Channel, Deliver, Task
from vesselview.errors import EvaluationStopped, InputError, ParamsError


def deliver_directly(callback: Callable[[], None]) -> None:
    """Run ``callback`` in the calling thread (the default `Deliver`)."""
    callback()


class StopToken:
    """A cooperative stop flag: set by the submitting side, polled by the task."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def stop(self) -> None:
        """Ask the task to stop at its next poll."""
        self._event.set()

    @property
    def stopped(self) -> bool:
        """True once `stop` was called."""
        return self._event.is_set()


@dataclasses.dataclass(eq=False)
class _Job:
    channel: Channel
    id: int
    order: int  # submission order across channels (older first among equals)
    task: Task
    token: StopToken


class Scheduler:
    """One worker thread running the newest task of each `Channel`, most urgent first.

    Parameters
    ----------
    deliver : callable, optional
        Runs outcome callbacks (default: at once, in the worker thread).
    synchronous : bool
        Run every task at once in the submitting thread (no worker thread).
    """

    def __init__(self, deliver: Deliver = deliver_directly, synchronous: bool = False) -> None:
        self.deliver = deliver
        self.synchronous = synchronous
        self._condition = threading.Condition()
        self._pending: dict[Channel, _Job] = {}
        self._running: list[_Job] = []  # a stack: urgent tasks run inside others' polls
        self._order = itertools.count()
        self._thread: threading.Thread | None = None
        self._closed = False

    def channel(self, name: str, priority: int = 0) -> Channel:
        """A new channel; tasks of a higher ``priority`` run first (and inside others)."""
        return Channel(self, name, priority)

    @property
    def stopped(self) -> bool:
        """True when no worker thread runs (none started yet, or after `shutdown`)."""
        return self._thread is None or not self._thread.is_alive()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until no task waits or runs; False when ``timeout`` (s) passed first.

        Outcomes may still be on their way to the delivering thread (e.g. queued for
        the Qt event loop).
        """
        with self._condition:
            return self._condition.wait_for(lambda: not self._pending and not self._running,
                                            timeout)

    def shutdown(self) -> None:
        """Drop waiting tasks, stop the running ones and end the worker (idempotent)."""
        with self._condition:
            self._closed = True
            self._pending.clear()
            for job in self._running:
                job.token.stop()
            self._condition.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()

    # -- the channels' interface (`vesselview.app.channel.JobQueue`; internal) ----------

    def enqueue(self, channel: Channel, job_id: int, task: Task) -> None:
        """Run ``task`` as job ``job_id`` of ``channel``, superseding its older jobs."""
        job = _Job(channel, job_id, next(self._order), task, StopToken())
        if self.synchronous:
            self._run(job)
            return
        with self._condition:
            if self._closed:
                return
            self._stop_running(channel)
            self._pending[channel] = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="vesselview-scheduler",
                                                daemon=True)
                self._thread.start()
            self._condition.notify_all()

    def withdraw(self, channel: Channel) -> None:
        """Drop ``channel``'s waiting job and stop its running ones."""
        with self._condition:
            self._pending.pop(channel, None)
            self._stop_running(channel)
            self._condition.notify_all()

    def is_running(self, channel: Channel) -> bool:
        """True while one of ``channel``'s jobs runs on the worker thread."""
        with self._condition:
            return any(job.channel is channel for job in self._running)

    def _stop_running(self, channel: Channel) -> None:
        for job in self._running:
            if job.channel is channel:
                job.token.stop()

    # -- the worker thread ---------------------------------------------------------------

    def _loop(self) -> None:
        while (job := self._take(above=None, block=True)) is not None:
            self._run_tracked(job)

    def _take(self, above: int | None, block: bool) -> _Job | None:
        """Remove and return the most urgent waiting job (priority > ``above`` if given)."""
        with self._condition:
            while True:
                if self._closed:
                    return None
                eligible = [job for job in self._pending.values()
                            if above is None or job.channel.priority > above]
                if eligible:
                    job = max(eligible, key=lambda j: (j.channel.priority, -j.order))
                    del self._pending[job.channel]
                    self._running.append(job)
                    return job
                if not block:
                    return None
                self._condition.wait()

    def _run_tracked(self, job: _Job) -> None:
        try:
            self._run(job)
        finally:
            with self._condition:
                self._running.remove(job)
                self._condition.notify_all()

    def _run(self, job: _Job) -> None:
        channel = job.channel
        channel.started += 1

        def should_stop() -> bool:
            while (urgent := self._take(above=channel.priority, block=False)) is not None:
                self._run_tracked(urgent)  # between two of this task's stages
            return job.token.stopped or self._closed

        def progress(fraction: float, message: str) -> None:
            self.deliver(functools.partial(channel.job_progress, job.id, fraction, message))

        try:
            value = job.task(should_stop, progress)
        except EvaluationStopped:
            return
        except (InputError, ParamsError) as error:  # the message names the culprit
            self.deliver(functools.partial(channel.job_failed, job.id, str(error)))
            return
        except Exception as error:
            self.deliver(functools.partial(channel.job_failed, job.id,
                                           f"{type(error).__name__}: {error}"))
            return
        if not job.token.stopped:
            self.deliver(functools.partial(channel.job_done, job.id, value))
