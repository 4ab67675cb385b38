"""Tooltips follow the "Lengths in" choice as the labels and values do: a distance
metric's tooltip names the unit its value is shown in, and a length slider's (and its
label's) help names the chosen unit with the default in pixels and in that unit."""

from __future__ import annotations

import dataclasses

from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.engine.families import METRICS

SPACING = 10.0  # µm per pixel
PX, UM, FOV = 0, 1, 2  # indices of the unit choice
_NAME, _VALUE = 0, 1  # metrics panel columns


def _show_with_spacing(window, qtbot, case) -> None:
    case = dataclasses.replace(case, spacing_um=SPACING,
                               sources={**case.sources, "spacing": "given"})
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(case)


def _metric_tips(window, key: str) -> tuple[str, str]:
    row = window.metrics_panel.rows[key]
    return row.toolTip(_NAME), row.toolTip(_VALUE)


def _length_tips(window, key: str) -> tuple[str, str]:
    panel = window.params_panel
    return panel.sliders[key].toolTip(), panel.labels[key].toolTip()


def test_metric_tooltips_name_the_unit_shown(window, qtbot, small_case):
    _show_with_spacing(window, qtbot, small_case)
    assert METRICS["hausdorff"].unit == "px" and METRICS["mse"].unit == "px²"
    for tip in _metric_tips(window, "hausdorff"):
        assert "; in px</i>" in tip
    window.params_panel.length_units.choice.setCurrentIndex(UM)
    for tip in _metric_tips(window, "hausdorff"):
        assert "; in µm</i>" in tip and "in px" not in tip
    for tip in _metric_tips(window, "mse"):
        assert "; in µm²</i>" in tip
    assert all("µm" not in tip for tip in _metric_tips(window, "dice"))  # a ratio
    window.params_panel.length_units.choice.setCurrentIndex(FOV)  # distances back in px
    for tip in _metric_tips(window, "hausdorff"):
        assert "; in px</i>" in tip


def test_length_slider_tooltips_follow_the_unit(window, qtbot, small_case):
    _show_with_spacing(window, qtbot, small_case)
    for tip in _length_tips(window, "t"):
        assert "(pixels)" in tip and "(default 2;" in tip
    window.params_panel.length_units.choice.setCurrentIndex(UM)
    assert window.params_panel.labels["t"].text().startswith("t (tolerance, µm)")
    for tip in _length_tips(window, "t"):
        assert "(µm)" in tip and "pixels" not in tip
        assert f"(default 2 px, {2 * SPACING:g} µm on this case;" in tip
    window.params_panel.length_units.choice.setCurrentIndex(FOV)
    for tip in _length_tips(window, "nsd_tau"):
        assert "(% of the FOV diameter)" in tip and "% FOV on this case" in tip
    window.params_panel.length_units.choice.setCurrentIndex(PX)
    for tip in _length_tips(window, "t"):
        assert "(pixels)" in tip and "(default 2;" in tip


def test_a_changed_length_keeps_its_unit_in_the_tooltip(window, qtbot, small_case):
    _show_with_spacing(window, qtbot, small_case)
    window.params_panel.length_units.choice.setCurrentIndex(UM)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.params_panel.set_value("t", 3)
    tip = window.params_panel.labels["t"].toolTip()
    assert tip.startswith("Changed — default: 2") and "(µm)" in tip
