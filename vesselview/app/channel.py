"""Latest-wins channels: one kind of background work each (no Qt).

A `Channel` (made by `vesselview.app.scheduler.Scheduler.channel`) keeps only its newest
*task* ``task(should_stop, progress) -> value``: submitting supersedes the one still
waiting and stops the running one at its next ``should_stop`` poll. It passes on only the
outcome of its newest task (value, failure message, progress, partials), so a stale result
is never seen.

A *progressive* task (`Channel.submit_progressive`) also gets ``publish(value)`` to hand
over intermediate values (partial results) as they arrive; the channel passes on only
the newest one still waiting, and none once the task's own value is on its way.

A channel and its scheduler talk through a small internal interface: the channel hands
tasks to a `JobQueue` (the scheduler), and the scheduler reports each task's outcome
through the channel's ``job_*`` methods. Neither touches the other's private members.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any, Protocol

from vesselview.app.events import Event
from vesselview.engine.pipeline import ProgressCallback, StopCallback

#: What a task runs: polls ``should_stop`` (and raises `EvaluationStopped` when it is
#: True), reports ``progress(fraction, message)``, returns its value.
Task = Callable[[StopCallback, ProgressCallback], Any]
#: Hands an intermediate value of a running task to its channel (any number of times).
Publish = Callable[[Any], None]
#: A `Task` that also publishes intermediate values: ``task(should_stop, progress, publish)``.
ProgressiveTask = Callable[[StopCallback, ProgressCallback, Publish], Any]
#: Runs a zero-argument callback in the thread that should see outcomes.
Deliver = Callable[[Callable[[], None]], None]


class JobQueue(Protocol):
    """What a `Channel` needs of its scheduler (internal to `vesselview.app`).

    `vesselview.app.scheduler.Scheduler` implements it; it reports outcomes back through
    `Channel.job_done`, `Channel.job_failed` and `Channel.job_progress`.
    """

    #: Runs outcome callbacks where the caller wants them (the GUI: its main thread).
    deliver: Deliver

    def enqueue(self, channel: Channel, job_id: int, task: Task) -> None:
        """Run ``task`` as job ``job_id`` of ``channel``, superseding its older jobs."""

    def withdraw(self, channel: Channel) -> None:
        """Drop ``channel``'s waiting job and stop its running ones."""

    def is_running(self, channel: Channel) -> bool:
        """True while one of ``channel``'s jobs runs."""


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

    def __init__(self, queue: JobQueue, name: str, priority: int) -> None:
        self.name = name
        self.priority = priority
        self._queue = queue
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
        self._queue.enqueue(self, self._latest_id, task)
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
        self._queue.withdraw(self)
        self._set_busy(False)

    @property
    def running(self) -> bool:
        """True while one of this channel's tasks runs on the worker thread."""
        return self._queue.is_running(self)

    # -- outcomes, reported by the scheduler where they are delivered (internal) ---------

    def job_done(self, job_id: int, value: Any) -> None:
        """Job ``job_id`` returned ``value``: passed on (``done``) if it is the newest."""
        if job_id == self._latest_id:
            self._set_busy(False)
            self.done.emit(value)

    def job_failed(self, job_id: int, message: str) -> None:
        """Job ``job_id`` raised: ``message`` passed on (``failed``) if it is the newest."""
        if job_id == self._latest_id:
            self._set_busy(False)
            self.failed.emit(message)

    def job_progress(self, job_id: int, fraction: float, message: str) -> None:
        """Job ``job_id`` reached ``fraction`` (0-1): passed on if it is the newest, busy."""
        if job_id == self._latest_id and self._busy:
            self.progress.emit(fraction, message)

    def _publish(self, job_id: int, value: Any) -> None:
        """Send ``value`` of task ``job_id`` to the delivering thread (worker thread)."""
        sequence = self._newest_published = next(self._published)
        self._queue.deliver(functools.partial(self._partial, job_id, sequence, value))

    def _partial(self, job_id: int, sequence: int, value: Any) -> None:
        if job_id == self._latest_id and self._busy and sequence == self._newest_published:
            self.partial.emit(value)

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)
