"""The worker: newest request wins, stale results are never delivered, errors reported."""

from __future__ import annotations

import numpy as np
import pytest

from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.gui.worker import LiveEvaluation

from .conftest import RESULT_TIMEOUT_MS


@pytest.fixture
def live(qtbot):
    evaluation = LiveEvaluation()
    yield evaluation
    evaluation.shutdown()
    assert evaluation.stopped


def test_no_case_no_request(live):
    assert live.submit(params=Params(t=3)) == 0
    assert not live.busy
    assert live.params == Params(t=3)


def test_result_arrives_on_the_main_thread(live, qtbot, small_case):
    with qtbot.waitSignal(live.result_ready, timeout=RESULT_TIMEOUT_MS) as signal:
        request_id = live.submit(case=small_case, params=Params(t=1))
    response = signal.args[0]
    assert response.request.id == request_id
    assert response.result.params == Params(t=1, threshold=small_case.threshold)
    assert set(response.layers) == set(response.result.layers)
    assert response.seconds > 0
    assert live.response is response
    assert not live.busy


def test_only_the_newest_of_many_requests_is_delivered(live, qtbot, small_case):
    delivered = []
    live.result_ready.connect(delivered.append)
    ids = [live.submit(case=small_case, params=Params(t=t % 20)) for t in range(200)]
    qtbot.waitUntil(lambda: not live.busy, timeout=RESULT_TIMEOUT_MS)
    assert [response.request.id for response in delivered] == [ids[-1]]
    assert delivered[0].result.params == Params(t=199 % 20, threshold=small_case.threshold)
    assert live.evaluations_started < 20


def test_a_superseded_request_is_not_delivered(live, qtbot, small_case):
    delivered = []
    live.result_ready.connect(delivered.append)
    live.submit(case=small_case, params=Params(t=4))
    newest = live.submit(params=Params(t=5))
    qtbot.waitUntil(lambda: not live.busy, timeout=RESULT_TIMEOUT_MS)
    qtbot.wait(50)
    assert [response.request.id for response in delivered] == [newest]


def test_failure_is_reported_and_the_worker_lives_on(live, qtbot, small_case):
    broken = Case(reference=np.zeros((4, 4), bool), candidate=np.zeros((5, 5), bool),
                  fov=np.ones((4, 4), bool))
    with qtbot.waitSignal(live.failed, timeout=RESULT_TIMEOUT_MS) as signal:
        live.submit(case=broken)
    assert signal.args[0]
    assert not live.busy
    with qtbot.waitSignal(live.result_ready, timeout=RESULT_TIMEOUT_MS):
        live.submit(case=small_case)


def test_shutdown_is_idempotent(qtbot):
    evaluation = LiveEvaluation()
    evaluation.shutdown()
    evaluation.shutdown()
    assert evaluation.stopped
