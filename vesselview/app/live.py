"""Live evaluation as scheduler tasks: one shared `Evaluator` per case, frozen answers.

The inspector snapshots ``(case, params)`` into a `Request`; `evaluation_task` turns it
into a `vesselview.app.scheduler.Task` that evaluates with the case's shared
`Evaluator` (`CaseEvaluators`) and prepares the display layers, all on the scheduler's
worker thread. The research tools ask `CaseEvaluators` for the same `Evaluator`, so the
shown case's skeletons and distance transforms are computed once.
"""

from __future__ import annotations

import dataclasses
import time
from collections import OrderedDict
from collections.abc import Mapping

from vesselview.app.display import DisplayLayer, prepare_layers
from vesselview.app.scheduler import Task
from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator, ProgressCallback, StopCallback
from vesselview.engine.result import Result
from vesselview.errors import EvaluationStopped


@dataclasses.dataclass(frozen=True, eq=False)
class Request:
    """One evaluation asked for by the inspector.

    Attributes
    ----------
    case : Case
    params : Params
    warm_layers : frozenset of str
        Layers whose display products are prepared with the result (the visible ones).
    """

    case: Case
    params: Params
    warm_layers: frozenset[str] = frozenset()


@dataclasses.dataclass(frozen=True, eq=False)
class Response:
    """A finished evaluation with its display layers.

    Attributes
    ----------
    request : Request
    result : Result
    layers : Mapping[str, DisplayLayer]
    seconds : float
        Wall time of evaluation plus layer preparation, in seconds.
    """

    request: Request
    result: Result
    layers: Mapping[str, DisplayLayer]
    seconds: float


class CaseEvaluators:
    """One `Evaluator` per case (by identity), the most recently used few kept.

    Use the evaluators only on the scheduler's worker thread (an `Evaluator` is not
    thread-safe); asking for one is safe from any thread.

    Parameters
    ----------
    keep : int
        How many cases' evaluators (and their stage caches) stay in memory.
    """

    def __init__(self, keep: int = 4) -> None:
        self._keep = keep
        self._evaluators: OrderedDict[int, Evaluator] = OrderedDict()

    def get(self, case: Case) -> Evaluator:
        """The shared evaluator of ``case`` (created on first use)."""
        key = id(case)
        evaluator = self._evaluators.get(key)
        if evaluator is None or evaluator.case is not case:
            evaluator = self._evaluators[key] = Evaluator(case)
        self._evaluators.move_to_end(key)
        while len(self._evaluators) > self._keep:
            self._evaluators.popitem(last=False)
        return evaluator


def evaluation_task(evaluator: Evaluator, request: Request) -> Task:
    """The scheduler task answering ``request`` with ``evaluator`` (its case's)."""
    def task(should_stop: StopCallback, progress: ProgressCallback) -> Response:
        began = time.perf_counter()
        result = evaluator.evaluate(request.params, should_stop=should_stop)
        if should_stop():  # nobody will see it: skip building its layers
            raise EvaluationStopped("superseded before its layers were prepared")
        layers = prepare_layers(result, request.warm_layers)
        return Response(request, result, layers, time.perf_counter() - began)
    return task
