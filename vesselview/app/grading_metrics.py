"""Metrics of the grading item on screen, evaluated on the shared scheduler (no Qt).

The grading window shows them unless the study is blinded. Each item's case gets its
own `Evaluator` (a few are kept, `CaseEvaluators`); a newer request replaces an older
one still running (the scheduler's latest-wins channel), so paging quickly through
cases never queues work.
"""

from __future__ import annotations

from vesselview.app.events import Event
from vesselview.app.live import CaseEvaluators, Request, evaluation_task
from vesselview.app.scheduler import Scheduler
from vesselview.engine.case import Case
from vesselview.engine.params import Params

#: Below the inspector's live view (2), level with case loading and research work.
GRADING_PRIORITY = 1


class GradingMetrics:
    """Evaluates the shown item's case; outcomes arrive through `done` and `failed`.

    Parameters
    ----------
    scheduler : Scheduler
        The application's scheduler (the inspector's, when grading from it).
    params : Params, optional
        The metrics' parameters (default: `Params()`).

    Attributes
    ----------
    done : Event
        ``(Response)`` of the newest evaluation (`vesselview.app.live.Response`).
    failed : Event
        ``(message)`` when the newest evaluation raised.
    """

    def __init__(self, scheduler: Scheduler, params: Params | None = None) -> None:
        self.params = params if params is not None else Params()
        self._channel = scheduler.channel("grading metrics", GRADING_PRIORITY)
        self._evaluators = CaseEvaluators()
        self.done: Event = self._channel.done
        self.failed: Event = self._channel.failed

    @property
    def busy(self) -> bool:
        """True while the newest evaluation has no outcome yet."""
        return self._channel.busy

    def evaluate(self, case: Case) -> int:
        """Evaluate ``case`` with `params` (replacing any evaluation still pending)."""
        request = Request(case, self.params)
        return self._channel.submit(evaluation_task(self._evaluators.get(case), request))

    def cancel(self) -> None:
        """Drop the pending evaluation (nothing more is delivered for it)."""
        self._channel.cancel()
