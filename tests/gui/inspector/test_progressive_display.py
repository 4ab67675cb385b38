"""Partial results on screen: pixel metrics at once, SS marked pending, then every value.

The evaluation is held after its first partial result by a gate
(`tests.gated_evaluation`), so "SS still pending" is certain, not a race.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt

from tests.gated_evaluation import GatedEvaluators
from vesselview.engine.families import METRIC_KEYS, pixel
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.gui.widgets.metric_text import PENDING_TEXT, PENDING_TIP, value_text

from ..conftest import RESULT_TIMEOUT_MS

_VALUE = 1  # the metrics panel's value column


def test_threshold_change_shows_pixel_metrics_while_ss_is_pending(small_window, qtbot,
                                                                   small_case):
    gates = GatedEvaluators(hold_after=1)
    small_window.model.evaluators = gates
    with qtbot.waitSignal(small_window.partial_applied, timeout=RESULT_TIMEOUT_MS) as shown:
        small_window.params_panel.sliders["threshold"].setValue(0.7)
    partial = shown.args[0].result
    direct = Evaluator(small_case).evaluate(Params(threshold=0.7))
    panel = small_window.metrics_panel
    assert "ss" in partial.pending and "dice" not in partial.pending
    for key in pixel.FAMILY.keys:
        assert panel.displayed(key) == value_text(direct, key), key
    ss = panel.rows["ss"]
    assert panel.displayed("ss") == PENDING_TEXT and ss.toolTip(_VALUE) == PENDING_TIP
    assert ss.foreground(_VALUE).style() != Qt.BrushStyle.NoBrush  # greyed
    assert PENDING_TEXT in panel.headline.text()
    confusion = shown.args[0].layers["confusion"]
    assert np.array_equal(small_window.view.main.items["confusion"].image, confusion.image)
    assert small_window.model.response.result.complete  # exports still see a whole result
    with qtbot.waitSignal(small_window.result_applied, timeout=RESULT_TIMEOUT_MS):
        gates.current.release()
    for key in METRIC_KEYS:
        assert panel.displayed(key) == value_text(direct, key), key
    assert small_window.model.partial is None
