"""Distances follow the "Lengths in" choice: the metrics panel gives them in µm when µm is
chosen and the spacing is known (labels say the unit), in px otherwise; the cursor readout
gives its distances and the SS segment's length in µm or % FOV too; the choice is
remembered in the settings; teaching cases state their spacing."""

from __future__ import annotations

import dataclasses
import json
import math

import numpy as np

from tests.gui.conftest import RESULT_TIMEOUT_MS, hover
from vesselview.app.length_units import LengthScale
from vesselview.engine.families import METRICS
from vesselview.engine.params import Params
from vesselview.engine.result import Result
from vesselview.gui.inspector.length_units import UNIT_SETTING
from vesselview.gui.inspector.teaching_bar import SYNTHETIC_SPACING
from vesselview.gui.inspector.window import MainWindow
from vesselview.gui.widgets.metrics_panel import MetricsPanel
from vesselview.synth import TEACHING_CASES

SPACING = 10.0  # µm per pixel
PX, UM, FOV = 0, 1, 2  # indices of the unit choice


def _show(window, qtbot, case, spacing=None):
    if spacing is not None:
        case = dataclasses.replace(case, spacing_um=spacing,
                                   sources={**case.sources, "spacing": "given"})
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(case)


def _finite_distance_keys(result):
    return [key for key, info in METRICS.items()
            if info.kind in ("length", "area") and math.isfinite(result.metrics[key])]


def test_metrics_follow_the_unit_choice(window, qtbot, small_case):
    _show(window, qtbot, small_case, SPACING)
    result = window.model.response.result
    panel, keys = window.metrics_panel, _finite_distance_keys(result)
    assert "hausdorff" in keys and "mse" in keys
    px_texts = {key: panel.displayed(key) for key in keys}
    dice = panel.displayed("dice")
    window.params_panel.length_units.choice.setCurrentIndex(UM)
    for key in keys:
        power = 2 if METRICS[key].kind == "area" else 1
        unit = "µm²" if power == 2 else "µm"
        assert panel.displayed(key) == f"{result.metrics[key] * SPACING ** power:.1f} {unit}"
    assert panel.displayed("dice") == dice
    window.params_panel.length_units.choice.setCurrentIndex(FOV)  # distances in px
    assert {key: panel.displayed(key) for key in keys} == px_texts
    assert all(text.endswith(("px", "px²")) for text in px_texts.values())


def test_unknown_spacing_keeps_distances_in_px(window, qtbot, small_case):
    _show(window, qtbot, small_case, SPACING)
    window.params_panel.length_units.choice.setCurrentIndex(UM)
    _show(window, qtbot, small_case)  # spacing unknown: µm is greyed
    assert window.metrics_panel.displayed("hausdorff").endswith(" px")


def test_panel_without_spacing_shows_px_even_in_um():
    params = Params()
    result = Result(params, "test", {key: 1.5 for key in METRICS}, {})
    panel = MetricsPanel()
    panel.show_result(result)
    panel.set_length_scale(LengthScale("um", SPACING))
    assert panel.displayed("hausdorff") == "1.5000 px"


def test_readout_distances_follow_the_unit(window, qtbot, small_case):
    _show(window, qtbot, small_case, SPACING)
    row, col = small_case.shape[0] // 2, small_case.shape[1] // 2
    info = window.model.response.result.explain(row, col)
    hover(window, row, col)
    assert f"to candidate {info['distance_to_candidate']:.2f} px" in window.readout.text()
    window.params_panel.length_units.choice.setCurrentIndex(UM)
    in_um = f"to candidate {info['distance_to_candidate'] * SPACING:.1f} µm"
    assert in_um in window.readout.text()


def _on_a_segment(result, case) -> tuple[int, int]:
    """A reference skeleton pixel of ``result`` that lies on an SS segment."""
    for row, col in zip(*np.nonzero(case.reference), strict=True):
        if result.explain(row, col)["segment"] is not None:
            return int(row), int(col)
    raise AssertionError("no reference pixel on an SS segment")


def test_the_plain_segment_length_follows_the_unit(window, qtbot, small_case):
    _show(window, qtbot, small_case, SPACING)
    result = window.model.response.result
    row, col = _on_a_segment(result, small_case)
    info = result.explain(row, col)
    length, to_reference = info["segment"]["length"], info["distance_to_reference"]
    hover(window, row, col)
    assert f", {length} px long: " in window.readout.text()
    window.params_panel.length_units.choice.setCurrentIndex(UM)
    assert f", {length * SPACING:.1f} µm long: " in window.readout.text()
    window.params_panel.length_units.choice.setCurrentIndex(FOV)
    per_px = 100.0 / window.model.case.fov_diameter_px
    text = window.readout.text()
    assert f", {length * per_px:.2f} % FOV long: " in text
    assert f"distance to reference {to_reference * per_px:.2f} % FOV" in text
    assert " px" not in text  # every length of the line follows the unit
    assert f"n_R {length}," in window.readout.toolTip()  # the rule's pixel count stays


def test_the_unit_is_remembered_in_settings(window, qtbot, small_case, settings):
    _show(window, qtbot, small_case, SPACING)
    window.params_panel.length_units.choice.setCurrentIndex(UM)
    assert settings.value(UNIT_SETTING) == "um"
    _show(window, qtbot, small_case)  # a fall back to px is not the user's choice
    assert settings.value(UNIT_SETTING) == "um"
    reopened = MainWindow(settings)
    qtbot.addWidget(reopened)
    try:
        _show(reopened, qtbot, small_case, SPACING)
        assert reopened.params_panel.length_units.unit == "um"
        assert reopened.metrics_panel.displayed("hausdorff").endswith(" µm")
        _show(reopened, qtbot, small_case)
        assert reopened.params_panel.length_units.unit == "px"
        _show(reopened, qtbot, small_case, SPACING)  # the choice comes back
        assert reopened.params_panel.length_units.unit == "um"
    finally:
        reopened.scheduler.shutdown()


def test_teaching_case_states_its_spacing(window, qtbot):
    window.model.teaching_shape = (96, 92)
    name, entry = next(iter(TEACHING_CASES.items()))
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.teaching.load(name, entry.severity_range[0])
    assert window.teaching.spacing.text() == "synthetic: spacing unknown: lengths in px"
    assert window.teaching.spacing.toolTip() == SYNTHETIC_SPACING
    assert window.teaching.spacing.isVisibleTo(window)


def test_a_session_brings_its_unit_back(small_window, qtbot, tmp_path, settings):
    units = small_window.params_panel.length_units
    units.choice.setCurrentIndex(FOV)
    path = tmp_path / "unit.json"
    small_window.menus.save_session(str(path))
    assert json.loads(path.read_text(encoding="utf-8"))["length_unit"] == "%fov"
    units.choice.setCurrentIndex(PX)
    with qtbot.waitSignal(small_window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert small_window.model.load_session(str(path))
    assert units.unit == "%fov" and "% FOV" in small_window.params_panel.labels["t"].text()
    assert settings.value(UNIT_SETTING) == "%fov"
