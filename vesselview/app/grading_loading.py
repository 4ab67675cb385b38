"""Reading the grading item's case on the shared scheduler (no Qt).

A large photograph takes a moment to decode; reading it on the scheduler's worker keeps
the window responsive, and a newer item replaces one still loading (latest wins), so
paging quickly through a dataset reads only the case that stays on screen. The
`GradingCases` cache is used by the worker thread only.
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
        self.done: Event = self._channel.done
        self.failed: Event = self._channel.failed

    @property
    def busy(self) -> bool:
        """True while the newest request has no outcome yet."""
        return self._channel.busy

    def load(self, item: ItemKey) -> int:
        """Read the case of ``item`` (replacing any request still pending)."""
        return self._channel.submit(self._task(item))

    def cancel(self) -> None:
        """Drop the pending request."""
        self._channel.cancel()

    def _task(self, item: ItemKey) -> Task:
        def task(should_stop: StopCallback, progress: ProgressCallback) -> object:
            return item, self._cases.load(item)
        return task
