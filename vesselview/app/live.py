"""Live evaluation as scheduler tasks: one shared `Evaluator` per case, frozen answers.

The inspector snapshots ``(case, params)`` into a `Request`;
`progressive_evaluation_task` turns it into a
`vesselview.app.channel.ProgressiveTask` that evaluates with the case's shared
`Evaluator` (`CaseEvaluators`) and prepares the display layers, all on the scheduler's
worker thread. After each metric family but the last it publishes a partial `Response`
(the finished families' values and layers, the other values pending), so the window
shows the cheap values at once; the complete `Response` is the task's value. The
research tools ask `CaseEvaluators` for the same `Evaluator`, so the shown case's
skeletons and distance transforms are computed once. After publishing its first partial
the evaluation waits (briefly, `Request.screen_wait_s`) for the window to paint it.
"""

from __future__ import annotations

import dataclasses
import functools
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping

from vesselview.app.channel import ProgressiveTask, Publish, Task
from vesselview.app.display import DisplayLayer, prepare_layers
from vesselview.app.probability import probability_layer
from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator, StopCallback
from vesselview.engine.result import Result
from vesselview.errors import EvaluationStopped

_WAIT_STEP_S = 0.01  # how often a wait for the screen looks whether it was stopped


@dataclasses.dataclass(frozen=True, eq=False)
class Request:
    """One evaluation asked for by the inspector.

    Attributes
    ----------
    case : Case
    params : Params
    warm_layers : frozenset of str
        Layers whose display products are prepared with the result (the visible ones).
    shown_layers : Mapping[str, DisplayLayer]
        The display layers on screen: those whose engine layer comes back unchanged
        (from the stage cache) are re-used, with their prepared pixels.
    overview_radius : int
        Thin visible layers are drawn grown by this many pixels (0: as they are); their
        grown images are prepared with the result.
    screen_wait_s : float
        At most this many seconds the evaluation waits after publishing its first frame
        until the window has it on screen (`Response.on_screen`): the next stages would
        otherwise hold the interpreter while the window repaints (0: no wait).
    """

    case: Case
    params: Params
    warm_layers: frozenset[str] = frozenset()
    shown_layers: Mapping[str, DisplayLayer] = dataclasses.field(default_factory=dict)
    overview_radius: int = 0
    screen_wait_s: float = 0.0


@dataclasses.dataclass(frozen=True, eq=False)
class Response:
    """An evaluation with its display layers: complete, or partial (``result.pending``).

    Attributes
    ----------
    request : Request
    result : Result
        Complete, or partial: ``result.complete`` is False and ``layers`` holds the
        finished families' layers only.
    layers : Mapping[str, DisplayLayer]
    seconds : float
        Wall time of evaluation plus layer preparation up to this response, in seconds.
    on_screen : threading.Event
        Set by the window once it has painted this response.
    """

    request: Request
    result: Result
    layers: Mapping[str, DisplayLayer]
    seconds: float
    on_screen: threading.Event = dataclasses.field(default_factory=threading.Event)


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
    """The scheduler task answering ``request`` with its complete `Response` only."""
    return lambda should_stop, progress: _answer(evaluator, request, should_stop, None)


def progressive_evaluation_task(evaluator: Evaluator, request: Request) -> ProgressiveTask:
    """The task answering ``request`` with ``evaluator`` (its case's), partials published.

    For `vesselview.app.channel.Channel.submit_progressive`: after each metric family
    but the last it publishes a partial `Response`; its value is the complete one.
    """
    return lambda should_stop, progress, publish: _answer(evaluator, request, should_stop,
                                                           publish)


def _answer(evaluator: Evaluator, request: Request, should_stop: StopCallback,
            publish: Publish | None) -> Response:
    """Evaluate ``request`` and prepare its layers, publishing partial responses (if
    ``publish``); ``should_stop`` is polled before each stage and each preparation."""
    began = time.perf_counter()
    prepared = dict(request.shown_layers)
    radius = request.overview_radius

    def respond(result: Result) -> Response:
        if should_stop():  # nobody will see it: skip building its layers
            raise EvaluationStopped("superseded before its layers were prepared")
        layers = prepare_layers(result, request.warm_layers, prepared, radius)
        probability = probability_layer(request.case, result.params.threshold)
        if probability is not None:
            layers[probability.name] = probability
            if probability.name in request.warm_layers:  # its contour, off the main thread
                probability.warm(radius)
        prepared.update(layers)
        return Response(request, result, layers, time.perf_counter() - began)

    first_frame = True

    def publish_partial(partial: Result, send: Publish) -> None:
        nonlocal first_frame
        response = respond(partial)
        send(response)
        if first_frame:
            first_frame = False
            _wait_on_screen(response, request.screen_wait_s, should_stop)

    on_partial = None if publish is None else functools.partial(publish_partial, send=publish)
    return respond(evaluator.evaluate(request.params, should_stop=should_stop,
                                      on_partial=on_partial))


def _wait_on_screen(response: Response, seconds: float, should_stop: StopCallback) -> None:
    """Wait until ``response`` is on screen, at most ``seconds``, or until a newer request
    stops the evaluation (looked at every `_WAIT_STEP_S`)."""
    deadline = time.perf_counter() + seconds
    while not should_stop():
        left = deadline - time.perf_counter()
        if left <= 0 or response.on_screen.wait(min(_WAIT_STEP_S, left)):
            return
