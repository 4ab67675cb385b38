"""Reading the grading item's case on the shared scheduler (no Qt).

A large photograph takes a moment to decode; reading it on the scheduler's worker keeps
the window responsive, and a newer item replaces one still loading (latest wins), so
paging quickly through a dataset reads only the case that stays on screen. Once that
is asked for, the item after it is read ahead at the lowest priority, so the grader's
next key press finds its case in memory. The `GradingCases` cache is used by the worker
thread only.
"""

from __future__ import annotations

from vesselview.app.channel import Task
from vesselview.app.events import Event
from vesselview.app.grading_cases import GradingCases
from vesselview.app.scheduler import Scheduler
from vesselview.engine.pipeline import ProgressCallback, StopCallback
from vesselview.io.grading_files import ItemKey

#: Level with the inspector's case loading.
LOADING_PRIORITY = 1
#: Below everything else: reading ahead never delays what is on screen.
READ_AHEAD_PRIORITY = -1


class GradingLoading:
    """Reads items' cases; outcomes arrive through `done` and `failed`.

    Parameters
    ----------
    scheduler : Scheduler
    cases : GradingCases

    Attributes
    ----------
    done : Event
        ``((ItemKey, Case))`` of the newest request.
    failed : Event
        ``(message)`` naming the file that could not be read.
    """

    def __init__(self, scheduler: Scheduler, cases: GradingCases) -> None:
        self._cases = cases
        self._channel = scheduler.channel("grading case loading", LOADING_PRIORITY)
        # its outcomes stay in the cache; a failure is told when the item is shown
        self._ahead = scheduler.channel("grading read-ahead", READ_AHEAD_PRIORITY)
        self.done: Event = self._channel.done
        self.failed: Event = self._channel.failed

    @property
    def busy(self) -> bool:
        """True while the newest request has no outcome yet."""
        return self._channel.busy

    def load(self, item: ItemKey, ahead: ItemKey | None = None) -> int:
        """Read the case of ``item`` (replacing any request still pending), then read
        ``ahead`` into the cache (the item likely shown next; None: nothing)."""
        ticket = self._channel.submit(self._task(item))
        if ahead is None:
            self._ahead.cancel()
        else:
            self._ahead.submit(self._task(ahead))
        return ticket

    def cancel(self) -> None:
        """Drop the pending request and any reading ahead."""
        self._channel.cancel()
        self._ahead.cancel()

    def _task(self, item: ItemKey) -> Task:
        def task(should_stop: StopCallback, progress: ProgressCallback) -> object:
            return item, self._cases.load(item)
        return task
