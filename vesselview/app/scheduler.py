"""The one background scheduler: latest-wins channels on one worker thread (no Qt).

Every long computation of the application (live evaluation, sweeps, curves, candidate
sets, teaching cases) is a *task* ``task(should_stop, progress) -> value`` submitted to
a `Channel`. A channel keeps only its newest task: submitting supersedes the one still
waiting and stops the running one at its next ``should_stop`` poll (a stage boundary of
`vesselview.engine.pipeline.Evaluator`). All channels share ONE worker thread, so one
`Evaluator` per case can serve the live view and the research tools without locks.

Priorities keep the live view live while a sweep runs: when a task of a more urgent
channel waits, the running task's next ``should_stop`` poll runs it *inside* that poll
(same thread, between two stages) and then lets the interrupted task go on.

A *progressive* task (`Channel.submit_progressive`) also gets ``publish(value)`` to hand
over intermediate values (partial results) as they arrive; the channel passes on only
the newest one still waiting, and none once the task's own value is on its way.

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
from typing import Any

from vesselview.app.events import Event
from vesselview.engine.pipeline import ProgressCallback, StopCallback
from vesselview.errors import EvaluationStopped, InputError, ParamsError

#: What a task runs: polls ``should_stop`` (and raises `EvaluationStopped` when it is
#: True), reports ``progress(fraction, message)``, returns its value.
Task = Callable[[StopCallback, ProgressCallback], Any]
#: Hands an intermediate value of a running task to its channel (any number of times).
Publish = Callable[[Any], None]
#: A `Task` that also publishes intermediate values: ``task(should_stop, progress, publish)``.
ProgressiveTask = Callable[[StopCallback, ProgressCallback, Publish], Any]
#: Runs a zero-argument callback in the thread that should see outcomes.
Deliver = Callable[[Callable[[], None]], None]


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


class Channel:
    """A latest-wins queue of one kind of work (created by `Scheduler.channel`).

    Attributes
    ----------
    done : Event
        ``(value)``: the newest task returned.
    failed : Event
        ``(message)``: the newest task raised; the message names the problem.
    progress : Event
        ``(fraction, message)`` of the newest task.
    partial : Event
        ``(value)``: an intermediate value of the newest task (`submit_progressive`);
        when several wait for the delivering thread only the newest is passed on, and
        none after the task returned.
    busy_changed : Event
        ``(busy)``: True from a submission until its outcome (or `cancel`).
    started : int
        How many tasks began to run (superseded ones included).
    """

    def __init__(self, scheduler: Scheduler, name: str, priority: int) -> None:
        self.name = name
        self.priority = priority
        self._scheduler = scheduler
        self.done = Event(f"{name}.done")
        self.failed = Event(f"{name}.failed")
        self.progress = Event(f"{name}.progress")
        self.partial = Event(f"{name}.partial")
        self.busy_changed = Event(f"{name}.busy_changed")
        self.started = 0
        self._latest_id = 0
        self._busy = False
        self._published = itertools.count(1)
        self._newest_published = 0  # written by the worker, read where outcomes arrive

    def __repr__(self) -> str:
        return f"Channel({self.name!r}, priority={self.priority})"

    @property
    def busy(self) -> bool:
        """True while the newest task has no delivered outcome."""
        return self._busy

    @property
    def latest_id(self) -> int:
        """Id of the newest task (0 before the first)."""
        return self._latest_id

    def submit(self, task: Task) -> int:
        """Run ``task`` after superseding this channel's older tasks; returns its id."""
        self._latest_id += 1
        self._set_busy(True)
        self._scheduler._put(self, self._latest_id, task)
        return self._latest_id

    def submit_progressive(self, task: ProgressiveTask) -> int:
        """Like `submit`, for a task that publishes intermediate values (``partial``)."""
        job_id = self._latest_id + 1  # the id `submit` gives it

        def plain(should_stop: StopCallback, progress: ProgressCallback) -> Any:
            try:
                return task(should_stop, progress, functools.partial(self._publish, job_id))
            finally:  # partials still waiting for the delivering thread are stale now
                self._newest_published = next(self._published)

        return self.submit(plain)

    def cancel(self) -> None:
        """Abandon this channel's tasks: nothing more is delivered for them."""
        self._latest_id += 1
        self._scheduler._drop(self)
        self._set_busy(False)

    @property
    def running(self) -> bool:
        """True while one of this channel's tasks runs on the worker thread."""
        return self._scheduler._runs(self)

    def _finish(self, job_id: int, value: Any) -> None:
        if job_id == self._latest_id:
            self._set_busy(False)
            self.done.emit(value)

    def _fail(self, job_id: int, message: str) -> None:
        if job_id == self._latest_id:
            self._set_busy(False)
            self.failed.emit(message)

    def _progress(self, job_id: int, fraction: float, message: str) -> None:
        if job_id == self._latest_id and self._busy:
            self.progress.emit(fraction, message)

    def _publish(self, job_id: int, value: Any) -> None:
        """Send ``value`` of task ``job_id`` to the delivering thread (worker thread)."""
        sequence = self._newest_published = next(self._published)
        self._scheduler.deliver(functools.partial(self._partial, job_id, sequence, value))

    def _partial(self, job_id: int, sequence: int, value: Any) -> None:
        if job_id == self._latest_id and self._busy and sequence == self._newest_published:
            self.partial.emit(value)

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)


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

    # -- used by Channel -----------------------------------------------------------------

    def _put(self, channel: Channel, job_id: int, task: Task) -> None:
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

    def _drop(self, channel: Channel) -> None:
        with self._condition:
            self._pending.pop(channel, None)
            self._stop_running(channel)
            self._condition.notify_all()

    def _runs(self, channel: Channel) -> bool:
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
            self.deliver(functools.partial(channel._progress, job.id, fraction, message))

        try:
            value = job.task(should_stop, progress)
        except EvaluationStopped:
            return
        except (InputError, ParamsError) as error:  # the message names the culprit
            self.deliver(functools.partial(channel._fail, job.id, str(error)))
            return
        except Exception as error:
            self.deliver(functools.partial(channel._fail, job.id,
                                           f"{type(error).__name__}: {error}"))
            return
        if not job.token.stopped:
            self.deliver(functools.partial(channel._finish, job.id, value))
