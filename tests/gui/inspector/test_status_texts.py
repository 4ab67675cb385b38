"""The status bar speaks plainly: timings in ms or s, what is still computing."""

from __future__ import annotations

from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.gui.inspector.status_widgets import complete_timing, duration, partial_timing


def test_durations_read_as_ms_below_a_second_and_seconds_above():
    assert duration(0.34) == "340 ms"
    assert duration(2.106) == "2.1 s"


def test_partial_and_complete_timings():
    assert partial_timing(2.106, 28) == "Computing 28 more metrics\N{HORIZONTAL ELLIPSIS} " \
                                         "(first shown after 2.1 s)"
    assert partial_timing(0.05, 1).startswith("Computing 1 more metric\N{HORIZONTAL ELLIPSIS}")
    assert complete_timing(0.8) == "All metrics in 800 ms"


def test_the_window_shows_the_complete_timing(small_window, qtbot):
    qtbot.waitUntil(lambda: small_window.timing.text().startswith("All metrics in"),
                    timeout=RESULT_TIMEOUT_MS)



def test_a_line_separates_the_timing_from_the_spacing(small_window):
    from PySide6.QtWidgets import QFrame

    timing, spacing = small_window.timing, small_window.spacing
    assert timing.parent() is spacing.parent()
    lines = [frame for frame in timing.parent().findChildren(QFrame)
             if frame.frameShape() == QFrame.Shape.VLine]
    assert any(timing.x() < line.x() < spacing.x() for line in lines)
