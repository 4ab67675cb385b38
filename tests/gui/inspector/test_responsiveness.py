"""A full-resolution (3504x3390) case: the window stays live while it is evaluated.

The evaluation is held inside its worker thread at a gate until the test releases it;
meanwhile the main thread must go on ticking a timer and take a slider change, and the
result, once released, must be the one for the newest parameters. Nothing here is
timed: how long the main thread is busy between two ticks (the target is 100 ms at this
size) is measured by ``benchmarks/bench_event_loop_gap.py``.
"""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QTimer

from tests.large_case import upscaled_demo
from vesselview.app import live

GATE_TIMEOUT_S = 600  # only a safety net: the test always opens the gate


class Gate:
    """Holds every evaluation in its worker thread until `opened` is set; records the threads."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.opened = threading.Event()
        self.threads: list[int] = []

    def wrap(self, answer):
        def held(*args, **kwargs):
            self.threads.append(threading.get_ident())
            self.entered.set()
            if threading.current_thread() is not threading.main_thread():  # else: fail below
                assert self.opened.wait(GATE_TIMEOUT_S), "the test never opened the gate"
            return answer(*args, **kwargs)
        return held


@pytest.mark.slow
def test_the_window_stays_live_while_a_large_case_is_evaluated(window, qtbot, monkeypatch):
    gate = Gate()
    monkeypatch.setattr(live, "_answer", gate.wrap(live._answer))
    case = upscaled_demo()
    window.show()
    qtbot.waitExposed(window)
    ticks: list[int] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(len(ticks)))
    timer.start()
    window.model.show_case(case)
    qtbot.waitUntil(gate.entered.is_set, timeout=60_000)
    before = len(ticks)
    qtbot.waitUntil(lambda: len(ticks) >= before + 3)  # the event loop runs meanwhile
    new_t = window.model.params.t + 1
    window.model.set_param("t", new_t)  # and takes a slider change
    assert window.model.params.t == new_t
    gate.opened.set()
    qtbot.waitUntil(lambda: window.model.response is not None
                    and window.model.response.result.params.t == new_t, timeout=600_000)
    timer.stop()
    assert threading.get_ident() not in gate.threads
    assert window.model.response.result.params == window.model.params.with_case_threshold(
        case.threshold)
