"""A full-resolution (3504x3390) case: the window never freezes while it is evaluated."""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest
from PySide6.QtCore import QTimer

from vesselview.app.files import CaseFiles
from vesselview.engine.case import Case
from vesselview.synth import demo_case

LARGE_SHAPE = (3504, 3390)  # 6x DRIVE's 584x565 in each direction


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
def test_event_loop_keeps_ticking_during_a_large_evaluation(window, qtbot):
    case = upscaled_demo(LARGE_SHAPE)
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    window.show_case(case, CaseFiles())
    timer.start()
    with qtbot.waitSignal(window.result_applied, timeout=600_000) as signal:
        pass
    timer.stop()
    seconds = signal.args[0].seconds
    gaps = np.diff(ticks) if len(ticks) > 1 else np.array([np.nan])
    print(f"evaluation {seconds:.2f} s, {len(ticks)} ticks, "
          f"longest gap {gaps.max() * 1000:.0f} ms")
    assert window.model.response.result.params == window.model.params.with_case_threshold(
        case.threshold)
    assert len(ticks) >= 20
