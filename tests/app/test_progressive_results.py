"""Progressive live results without Qt: partials in family order, latest request wins.

The scheduler runs on its worker thread; outcomes are either delivered at once (in the
worker) or queued and run by the test (standing in for the Qt event loop). Orderings
are forced with `tests.gated_evaluation` gates; nothing sleeps.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable

import pytest

from tests.gated_evaluation import TIMEOUT_S, GatedEvaluators
from vesselview.app.inspector import Inspector
from vesselview.app.live import Request, Response, progressive_evaluation_task
from vesselview.app.scheduler import Scheduler
from vesselview.engine.families import EVALUATION_ORDER
from vesselview.engine.families.base import layer_name
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator


class Queued:
    """A `Deliver` that queues outcome callbacks until the test runs them (`drain`)."""

    def __init__(self) -> None:
        self._callbacks: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def __call__(self, callback: Callable[[], None]) -> None:
        with self._lock:
            self._callbacks.append(callback)

    def drain(self) -> None:
        with self._lock:
            callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback()


@pytest.fixture
def queued():
    return Queued()


@pytest.fixture
def scheduler(queued):
    runner = Scheduler(deliver=queued)
    yield runner
    runner.shutdown()


def applied(model: Inspector) -> list[Response]:
    """Every response the model applies (partial or complete), in order."""
    seen: list[Response] = []
    model.partial_changed.connect(seen.append)
    model.result_changed.connect(seen.append)
    return seen


def test_partials_arrive_in_family_order_then_the_complete_result(small_case):
    scheduler = Scheduler()  # outcomes delivered at once: nothing is coalesced
    channel = scheduler.channel("live")
    seen: list[Response] = []
    channel.partial.connect(seen.append)
    channel.done.connect(seen.append)
    request = Request(small_case, Params(threshold=0.3), frozenset({"confusion"}))
    channel.submit_progressive(progressive_evaluation_task(Evaluator(small_case), request))
    assert scheduler.wait_idle(TIMEOUT_S)
    scheduler.shutdown()
    *partials, complete = (response.result for response in seen)
    assert complete.complete and not channel.busy
    assert len(partials) == len(EVALUATION_ORDER) - 1
    for done, partial in enumerate(partials, start=1):
        finished = {key for family in EVALUATION_ORDER[:done] for key in family.keys}
        assert partial.pending == frozenset(complete.metrics) - finished
        for key in finished:
            value, final = partial.metrics[key], complete.metrics[key]
            assert value == final or (math.isnan(value) and math.isnan(final)), key
    first = seen[0]  # pixel metrics and the confusion layer, its pixels prepared
    engine_layers = set(first.layers) - {"probability"}  # the soft candidate's, app-made
    assert engine_layers == {layer_name(stage) for stage in EVALUATION_ORDER[0].layers}
    assert "confusion" in first.layers and "image" in vars(first.layers["confusion"])


def test_a_superseded_requests_partials_are_never_applied(settings, scheduler, queued,
                                                           small_case):
    model = Inspector(scheduler, settings)
    gates = GatedEvaluators(hold_after=1)
    model.evaluators = gates
    seen = applied(model)
    model.show_case(small_case)
    first = gates.current
    assert first.held.wait(TIMEOUT_S)  # its first partial is queued for delivery
    second = gates.next_gate()
    second.release()
    model.set_param("threshold", 0.7)  # supersedes the held evaluation
    first.release()
    assert scheduler.wait_idle(TIMEOUT_S)
    queued.drain()
    newest = Params(threshold=0.7)
    assert seen and all(response.request.params == newest for response in seen)
    assert seen[-1].result.complete and model.response is seen[-1] and model.partial is None


def test_an_older_partial_shown_first_is_replaced_by_the_newer_requests(
        settings, scheduler, queued, small_case):
    model = Inspector(scheduler, settings)
    gates = GatedEvaluators(hold_after=1)
    model.evaluators = gates
    seen = applied(model)
    model.show_case(small_case)
    first = gates.current
    assert first.held.wait(TIMEOUT_S)
    queued.drain()  # the first request's first partial is on screen
    assert [response.request.params for response in seen] == [Params()]
    assert model.partial is seen[0] and not seen[0].result.complete
    second = gates.next_gate()
    model.set_param("threshold", 0.7)
    first.release()
    assert second.held.wait(TIMEOUT_S)
    queued.drain()
    second.release()
    assert scheduler.wait_idle(TIMEOUT_S)
    queued.drain()
    later = [response.request.params for response in seen[1:]]
    assert later and all(params == Params(threshold=0.7) for params in later)
    assert model.response is seen[-1] and seen[-1].result.complete


def test_partials_waiting_when_the_result_is_ready_are_dropped(settings, scheduler, queued,
                                                               small_case):
    model = Inspector(scheduler, settings)
    seen = applied(model)
    model.show_case(small_case)
    assert scheduler.wait_idle(TIMEOUT_S)
    queued.drain()  # every partial was still waiting: only the complete result is applied
    assert len(seen) == 1 and seen[0].result.complete


def test_partials_reuse_the_shown_display_layers(settings, small_case):
    model = Inspector(Scheduler(synchronous=True), settings)
    model.show_case(small_case)
    shown = model.response.layers["confusion"]
    partials: list[Response] = []
    model.partial_changed.connect(partials.append)
    model.set_param("t", 5)  # the confusion layer does not depend on t
    assert partials[0].layers["confusion"] is shown
    assert model.response.layers["confusion"] is shown
