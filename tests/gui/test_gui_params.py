"""The parameters panel on its own: controls -> Params, throttled signal, reset."""

from __future__ import annotations

import pytest

from vesselview.engine.params import DEFAULT_THRESHOLD, Params
from vesselview.gui.params_dock import GROUPS, ParamsPanel


@pytest.fixture
def panel(qtbot):
    widget = ParamsPanel()
    qtbot.addWidget(widget)
    return widget


def test_controls_start_at_the_defaults(panel):
    assert panel.params == Params()
    for key, slider in panel.sliders.items():
        default = getattr(Params(), key)
        # threshold None ("the case's threshold") shows the default load threshold
        shown = DEFAULT_THRESHOLD if default is None else default
        assert slider.value() == pytest.approx(shown), key
    assert panel.distance_box.currentText() == "euclidean"


def test_every_grouped_slider_exists():
    keys = [spec.key for specs in GROUPS.values() for spec in specs]
    assert len(keys) == len(set(keys)) == 10
    assert "SS weight α" in GROUPS["Skeletal similarity"][0].label


def test_a_slider_edit_emits_the_new_snapshot(panel, qtbot):
    with qtbot.waitSignal(panel.params_changed, timeout=2000) as signal:
        panel.sliders["cal_beta"].setValue(5)
    assert signal.args[0] == Params(cal_beta=5)


def test_float_values_are_rounded_to_the_step(panel, qtbot):
    with qtbot.waitSignal(panel.params_changed, timeout=2000,
                          check_params_cb=lambda p: p.ss_alpha == 0.33) as signal:
        panel.sliders["ss_alpha"].setValue(0.3300000001)
    assert signal.args[0].ss_alpha == 0.33


def test_many_edits_emit_few_snapshots_ending_with_the_last(panel, qtbot):
    emitted = []
    panel.params_changed.connect(emitted.append)
    for value in range(21):
        panel.sliders["t"].setValue(value)
    qtbot.waitUntil(lambda: emitted and emitted[-1] == Params(t=20), timeout=2000)
    assert len(emitted) <= 3


def test_min_length_above_max_pushes_max(panel):
    panel.sliders["ss_min_length"].setValue(40)
    assert panel.params.ss_min_length == 40 and panel.params.ss_max_length == 40
    assert panel.sliders["ss_max_length"].value() == 40


def test_max_length_below_min_pulls_min(panel):
    panel.sliders["ss_max_length"].setValue(3)
    assert panel.params.ss_min_length == 3 and panel.params.ss_max_length == 3


def test_set_params_shows_values_out_of_slider_range_without_losing_them(panel, qtbot):
    params = Params(ss_max_length=500, tversky_alpha=7.0, fom_k=0.5)
    with qtbot.waitSignal(panel.params_changed, timeout=2000) as signal:
        panel.set_params(params)
    assert signal.args[0] == params
    panel.sliders["t"].setValue(4)
    assert panel.params == params.replace(t=4)


def test_reset(panel, qtbot):
    panel.sliders["t"].setValue(9)
    panel.distance_box.setCurrentText("chessboard")
    with qtbot.waitSignal(panel.params_changed, timeout=2000,
                          check_params_cb=lambda p: p == Params()):
        panel.reset_button.click()
    assert panel.sliders["t"].value() == 2
    assert panel.distance_box.currentText() == "euclidean"


def test_threshold_only_for_soft_candidates(panel):
    panel.set_soft_candidate(False)
    assert not panel.sliders["threshold"].isEnabled()
    assert "binary" in panel.sliders["threshold"].toolTip()
    panel.set_soft_candidate(True)
    assert panel.sliders["threshold"].isEnabled()
