"""Metrics of the grading item on screen, evaluated on the shared scheduler (no Qt).

The grading window shows them unless the study is blinded. The grader's "ignore"
marks are added to the case's ignore region (`Case.ignore`: left out of every metric),
so drawing one recomputes the metrics without it. Each evaluated case gets its own
`Evaluator` (a few are kept, `CaseEvaluators`); a newer request replaces an older one
still running (the scheduler's latest-wins channel), so paging quickly through cases
never queues work.
"""

from __future__ import annotations

import dataclasses

import numpy as np

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
        self._last: tuple[Case, np.ndarray | None, Case] | None = None  # case, marks, evaluated
        self.done: Event = self._channel.done
        self.failed: Event = self._channel.failed

    @property
    def busy(self) -> bool:
        """True while the newest evaluation has no outcome yet."""
        return self._channel.busy

    def evaluate(self, case: Case, ignore: np.ndarray | None = None) -> int:
        """Evaluate ``case`` with `params` (replacing any evaluation still pending).

        Parameters
        ----------
        case : Case
        ignore : ndarray of bool, shape (H, W), or None
            The grader's "ignore" marks, left out of every metric together with the
            case's own ignore region.
        """
        evaluated = self._with_ignored(case, ignore)
        request = Request(evaluated, self.params)
        return self._channel.submit(evaluation_task(self._evaluators.get(evaluated), request))

    def _with_ignored(self, case: Case, ignore: np.ndarray | None) -> Case:
        """``case`` with ``ignore`` added to its ignore region; the same object for the same
        marks, so showing an item again reuses its evaluator's cached stages."""
        last = self._last
        if last is not None and last[0] is case and _same_marks(last[1], ignore):
            return last[2]
        evaluated = case
        if ignore is not None and ignore.any():
            region = ignore if case.ignore is None else case.ignore | ignore
            sources = {**case.sources, "ignore": "the grader's ignore marks"}
            evaluated = dataclasses.replace(case, ignore=region, sources=sources)
        self._last = (case, None if ignore is None else ignore.copy(), evaluated)
        return evaluated

    def cancel(self) -> None:
        """Drop the pending evaluation (nothing more is delivered for it)."""
        self._channel.cancel()


def _same_marks(before: np.ndarray | None, now: np.ndarray | None) -> bool:
    if before is None or now is None:
        return before is now
    return np.array_equal(before, now)
