"""A full-resolution (3504x3390) case: the window never freezes while it is evaluated.

A 10 ms timer ticks on the main thread from the moment the case is shown until its
result is on screen (showing the case and applying the result on the main thread
included). Two numbers per gap between ticks:

- the main thread's CPU time (`time.thread_time`): the work the GUI did between two
  ticks, what this code controls; at most `MAX_GAP_MS`;
- the wall-clock gap: that work plus waiting for a core and for the GIL (held by the
  evaluation thread inside some numpy calls). On the shared 2-core CI box, loaded 5-6x,
  it measured 240-480 ms; it must stay under `MAX_FREEZE_MS`, a freeze anyone would see.
"""

from __future__ import annotations

import os
import time

import cv2
import numpy as np
import pytest
from PySide6.QtCore import QTimer

from vesselview.engine.case import Case
from vesselview.synth import demo_case

LARGE_SHAPE = (3504, 3390)  # 6x DRIVE's 584x565 in each direction
TICK_MS = 10
#: Most main-thread work (milliseconds) between two ticks while a large case is evaluated.
MAX_GAP_MS = 100
#: Longest wall-clock gap (milliseconds) between two ticks, whatever the machine's load.
MAX_FREEZE_MS = 1000


def upscaled_demo(shape: tuple[int, int]) -> Case:
    """The demo case enlarged by nearest-neighbour resampling (fast; vessels get thicker)."""
    small = demo_case()
    size = (shape[1], shape[0])

    def enlarge(array: np.ndarray) -> np.ndarray:
        return cv2.resize(array, size, interpolation=cv2.INTER_NEAREST)

    return Case(reference=enlarge(small.reference.view(np.uint8)).astype(bool),
                candidate=enlarge(small.candidate.view(np.uint8)).astype(bool),
                fov=enlarge(small.fov.view(np.uint8)).astype(bool),
                fundus=enlarge(small.fundus),
                sources={"reference": "upscaled demo", "candidate": "upscaled demo"})


@pytest.mark.slow
def test_event_loop_gap_stays_short_during_a_large_evaluation(window, qtbot):
    case = upscaled_demo(LARGE_SHAPE)
    window.show()
    qtbot.waitExposed(window)
    ticks: list[tuple[float, float]] = []  # (wall clock, main thread CPU time) in s
    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(lambda: ticks.append((time.perf_counter(), time.thread_time())))
    timer.start()
    qtbot.waitUntil(lambda: len(ticks) >= 2)
    window.model.show_case(case)
    with qtbot.waitSignal(window.result_applied, timeout=600_000) as signal:
        pass
    applied = len(ticks)
    qtbot.waitUntil(lambda: len(ticks) > applied)  # the tick after the result was applied
    timer.stop()
    wall_ms, busy_ms = (np.diff(np.array(ticks), axis=0) * 1000).T
    load = os.getloadavg()[0] / (os.cpu_count() or 1)
    print(f"evaluation {signal.args[0].seconds:.2f} s, {len(ticks)} ticks, longest "
          f"event-loop gap {wall_ms.max():.0f} ms wall clock, {busy_ms.max():.0f} ms of "
          f"main-thread work; load {load:.1f}x the cores")
    assert window.model.response.result.params == window.model.params.with_case_threshold(
        case.threshold)
    assert busy_ms.max() < MAX_GAP_MS
    assert wall_ms.max() < MAX_FREEZE_MS
