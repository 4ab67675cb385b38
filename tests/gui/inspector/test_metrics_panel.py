"""Metrics panel: values, undefined reasons, change marks, headline."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtCore import Qt

from vesselview.engine.case import Case
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.gui.widgets.metric_text import changed, delta_text
from vesselview.gui.widgets.metrics_panel import HIGHLIGHT_MS, MetricsPanel


@pytest.fixture
def panel(qtbot):
    widget = MetricsPanel()
    qtbot.addWidget(widget)
    return widget


def square_case(candidate_box):
    """A 12x12 reference square; the candidate is the given box (or nothing)."""
    reference = np.zeros((12, 12), bool)
    reference[3:9, 3:9] = True
    candidate = np.zeros((12, 12), bool)
    if candidate_box is not None:
        candidate[candidate_box] = True
    return Case(reference=reference, candidate=candidate, fov=np.ones((12, 12), bool))


def test_undefined_values_show_their_reason(panel):
    result = Evaluator(square_case(None)).evaluate(Params())
    panel.show_result(result)
    undefined = [key for key in METRIC_KEYS if math.isnan(result.metrics[key])]
    assert "precision" in undefined
    for key in undefined:
        assert panel.displayed(key).startswith("undefined (")
        assert panel.displayed(key) == result.describe(key)
    assert "n/a" in panel.headline.text() or "0.000" in panel.headline.text()


def test_changed_values_are_marked_then_fade(panel, qtbot):
    evaluator = Evaluator(square_case(np.s_[4:10, 3:9]))
    panel.show_result(evaluator.evaluate(Params(t=0)))
    assert panel.changed_keys == set()
    after = evaluator.evaluate(Params(t=1))
    panel.show_result(after)
    assert "f1_t" in panel.changed_keys
    assert "dice" not in panel.changed_keys
    row = panel.rows["f1_t"]
    assert row.text(2).startswith("+")
    assert row.font(1).bold() and row.font(2).bold() and not row.font(0).bold()
    qtbot.waitUntil(lambda: not row.font(1).bold() and not row.font(2).bold(),
                    timeout=HIGHLIGHT_MS * 4)
    panel.show_result(after)
    assert panel.changed_keys == set() and row.text(2) == ""


def test_a_changed_value_is_cued_without_any_colour(panel):
    """Yellow is the image's highlight only: a changed row keeps its (default) colours."""
    evaluator = Evaluator(square_case(np.s_[4:10, 3:9]))
    panel.show_result(evaluator.evaluate(Params(t=0)))
    row = panel.rows["f1_t"]
    colours = [(row.background(c), row.foreground(c)) for c in range(3)]
    panel.show_result(evaluator.evaluate(Params(t=1)))
    assert "f1_t" in panel.changed_keys
    assert [(row.background(c), row.foreground(c)) for c in range(3)] == colours
    assert row.background(1).style() == Qt.BrushStyle.NoBrush


def test_clear_values(panel):
    panel.show_result(Evaluator(square_case(np.s_[3:9, 3:9])).evaluate(Params()))
    panel.clear_values()
    assert panel.displayed("dice") == "" and panel.headline.text() == ""


@pytest.mark.parametrize("before, after, expected", [
    (0.5, 0.5, False), (0.5, 0.6, True), (math.nan, math.nan, False), (math.nan, 0.1, True),
    (math.inf, math.inf, False), (1.0, math.inf, True), (1.0, 1.0 + 1e-15, False),
])
def test_changed(before, after, expected):
    assert changed(before, after) is expected


def test_delta_text():
    assert delta_text(0.5, 0.75) == "+0.2500"
    assert delta_text(0.5, 0.25) == "-0.2500"
    assert delta_text(1.0, math.inf) == ""
