"""The live loop end to end: demo start, every slider, a storm of changes, cosmetic edits."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication

from vesselview.app.style import FUNDUS
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.gui.widgets.metric_text import value_text

from ..conftest import RESULT_TIMEOUT_MS

#: A new value for every slider (none is its default) and for the distance choice.
NEW_VALUES = {
    "t": 3, "cal_alpha": 3, "cal_beta": 1, "ss_alpha": 0.5, "ss_R": 3, "ss_min_length": 6,
    "ss_max_length": 20, "tversky_alpha": 1.0, "tversky_beta": 0.25, "threshold": 0.6,
}


def assert_shows(window, evaluator: Evaluator, params: Params) -> None:
    """The metrics panel shows exactly what a direct evaluation with ``params`` gives."""
    direct = evaluator.evaluate(params)
    shown = window.model.response.result
    assert shown.params == params.with_case_threshold(window.model.case.threshold)
    for key in METRIC_KEYS:
        assert window.metrics_panel.displayed(key) == value_text(direct, key), key


def wait_for_params(qtbot, window, params: Params) -> None:
    """Block until a result computed with ``params`` (threshold resolved) is on screen."""
    params = params.with_case_threshold(window.model.case.threshold)
    if window.model.response is not None and window.model.response.result.params == params:
        return
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS,
                          check_params_cb=lambda r: r.result.params == params):
        pass


def test_demo_starts_and_every_control_recomputes(window, qtbot):
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.open_demo()
    case = window.model.shown.case
    assert case.shape == (584, 565)
    evaluator = Evaluator(case)
    assert_shows(window, evaluator, Params())
    expected = Params()
    for key, value in NEW_VALUES.items():
        window.params_panel.sliders[key].setValue(value)
        expected = expected.replace(**{key: value})
        wait_for_params(qtbot, window, expected)
        assert_shows(window, evaluator, expected)
    window.params_panel.choices["distance"].setCurrentText("cityblock")
    expected = expected.replace(distance="cityblock")
    wait_for_params(qtbot, window, expected)
    assert_shows(window, evaluator, expected)


def test_reset_restores_default_results(small_window, qtbot, small_case):
    small_window.params_panel.sliders["t"].setValue(5)
    wait_for_params(qtbot, small_window, Params(t=5))
    small_window.params_panel.reset_button.click()
    wait_for_params(qtbot, small_window, Params())
    assert small_window.params_panel.sliders["t"].value() == 2
    assert_shows(small_window, Evaluator(small_case), Params())


def test_slider_storm_ends_on_final_params_with_few_evaluations(small_window, qtbot, small_case):
    started = small_window.model.live.started
    slider = small_window.params_panel.sliders["t"]
    values = [(3 * i) % 21 for i in range(1, 200)] + [7]
    for value in values:
        slider.setValue(value)
        QApplication.processEvents()
    final = Params(t=7)
    wait_for_params(qtbot, small_window, final)
    qtbot.waitUntil(lambda: not small_window.model.live.busy, timeout=RESULT_TIMEOUT_MS)
    assert small_window.model.response.result.params == final.with_case_threshold(
        small_case.threshold)
    assert_shows(small_window, Evaluator(small_case), final)
    assert small_window.model.live.started - started < 50


def test_cosmetic_changes_never_recompute(small_window, qtbot):
    started = small_window.model.live.started
    panel = small_window.layer_panel
    panel.toggle("band_t")  # (showing "tolerant" would hide "confusion": same pixels)
    panel.set_style("confusion", dataclasses.replace(panel.styles["confusion"], opacity=0.3,
                                                     outline=True))
    panel.set_colour("confusion", 3, (0, 0, 0, 255))
    panel.toggle(FUNDUS)
    qtbot.wait(100)
    assert small_window.model.live.started == started
    assert not small_window.model.live.busy
    item = small_window.view.main.items["band_t"]
    assert item.isVisible()
    confusion = small_window.view.main.items["confusion"]
    assert tuple(confusion.lut[3]) == (0, 0, 0, round(255 * 0.3))
    outline = small_window.model.response.layers["confusion"].outline
    assert np.array_equal(confusion.image, outline) and outline.any()
    assert not small_window.view.main.fundus.isVisible()


def test_busy_indicator_follows_the_worker(small_window, qtbot):
    states = []
    small_window.model.live.busy_changed.connect(states.append)
    small_window.params_panel.sliders["ss_R"].setValue(4)
    wait_for_params(qtbot, small_window, Params(ss_R=4))
    qtbot.waitUntil(lambda: states == [True, False], timeout=RESULT_TIMEOUT_MS)
    assert small_window.busy.isHidden()


@pytest.mark.parametrize("key", ["ss_min_length", "ss_max_length"])
def test_segment_length_sliders_stay_ordered(small_window, qtbot, key):
    panel = small_window.params_panel
    panel.sliders[key].setValue(50 if key == "ss_min_length" else 3)
    params = panel.params
    assert params.ss_min_length <= params.ss_max_length
    wait_for_params(qtbot, small_window, params)
