"""The probability map of a soft candidate as a heat-map layer with a colour bar on which
the threshold is marked."""

from __future__ import annotations

import numpy as np

from vesselview.app.probability import probability_index
from vesselview.app.style import FUNDUS


def test_soft_candidate_has_a_probability_layer_just_above_the_fundus(small_window, small_case):
    model = small_window.model
    assert "probability" in model.response.layers
    assert model.layers.names[:2] == [FUNDUS, "probability"]
    model.layers.edit("probability", visible=True)
    item = small_window.view.main.items["probability"]
    assert np.array_equal(item.image, probability_index(small_case.candidate_soft))
    # more probable -> brighter (an ordered ramp)
    table = item.lut if item.lut is not None else None
    assert table is not None
    brightness = table[1:, :3].astype(float).sum(axis=1)
    assert np.all(np.diff(brightness) >= 0)


def test_the_colour_bar_marks_the_threshold(small_window, qtbot):
    model = small_window.model
    model.layers.edit("probability", visible=True)
    assert "threshold 0.5" in small_window.view.legend.text()
    with qtbot.waitSignal(small_window.result_applied, timeout=60_000):
        model.set_param("threshold", 0.7)
    assert "threshold 0.7" in small_window.view.legend.text()


def test_a_binary_candidate_has_no_probability_layer(window, qtbot, small_case):
    binary = small_case.__class__(reference=small_case.reference,
                                  candidate=small_case.candidate, fov=small_case.fov)
    with qtbot.waitSignal(window.result_applied, timeout=60_000):
        window.model.show_case(binary)
    assert "probability" not in window.model.response.layers
