"""Length sliders in px, µm or % FOV: the unit switch rescales values and labels (the later
clean-up and unit lengths too, each giving the engine the same physical length), an edit
is stored as a Length, and a length given in another unit than the sliders' shows
converted for the shown case without breaking the parameters panel."""

from __future__ import annotations

import dataclasses

import pytest

from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.app.spacing_display import shown_pixels
from vesselview.engine.lengths import Length, fov_diameter_px
from vesselview.engine.params import PARAM_SPECS

#: The length sliders the scale-consistent settings added (graph clean-up, unit lengths).
LATER_LENGTHS = ("spur_length", "junction_merge", "fom_length", "norm_length")


def test_shown_pixels_converts_lengths_for_the_case(small_case):
    spaced = dataclasses.replace(small_case, spacing_um=10.0)
    assert shown_pixels(3, None) == 3
    assert shown_pixels(Length(30, "um"), spaced) == 3.0
    assert shown_pixels(Length(30, "um"), small_case) is None  # spacing unknown
    assert shown_pixels(Length(1, "%fov"), None) is None
    assert shown_pixels(Length(1, "%fov"), small_case) == fov_diameter_px(small_case.fov) / 100


def test_sliders_show_lengths_in_pixels_of_the_shown_case(small_window, small_case):
    panel = small_window.params_panel
    diameter = fov_diameter_px(small_case.fov)
    panel.set_value("nsd_tau", "1%fov")
    assert panel.sliders["nsd_tau"].value() == round(diameter / 100, 1)
    panel.set_value("t", "2%fov")
    assert panel.sliders["t"].value() == round(diameter * 0.02)


def test_a_length_in_um_without_spacing_leaves_the_slider(small_window):
    slider = small_window.params_panel.sliders["t"]
    before = slider.value()
    small_window.params_panel.set_value("t", "30um")
    assert slider.value() == before
    assert small_window.model.params.t == Length(30, "um")


def _spaced(window, qtbot, case, spacing):
    spaced = dataclasses.replace(case, spacing_um=spacing,
                                 sources={**case.sources, "spacing": "given"})
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(spaced)


def test_the_unit_switch_rescales_values_and_labels(window, qtbot, small_case):
    _spaced(window, qtbot, small_case, 10.0)
    panel = window.params_panel
    units = panel.length_units
    units.choice.setCurrentIndex(1)  # µm
    assert units.unit == "um"
    assert panel.sliders["t"].value() == 20.0  # default 2 px at 10 µm/px
    assert panel.sliders["t"].maximum() == 200.0
    assert "µm" in panel.labels["t"].text() and "px" not in panel.labels["t"].text()
    panel.sliders["t"].setValue(35.0)
    assert window.model.params.t == Length(35.0, "um")
    units.choice.setCurrentIndex(2)  # % FOV
    diameter = fov_diameter_px(small_case.fov)
    assert panel.sliders["t"].value() == pytest.approx(3.5 * 100 / diameter)
    assert "% FOV" in panel.labels["t"].text()
    units.choice.setCurrentIndex(0)
    assert panel.sliders["t"].value() == 4  # 3.5 px on a whole-pixel slider
    assert "px" in panel.labels["t"].text()


def test_um_is_greyed_without_spacing_and_falls_back_to_px(window, qtbot, small_case):
    _spaced(window, qtbot, small_case, 10.0)
    units = window.params_panel.length_units
    units.choice.setCurrentIndex(1)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(small_case)
    assert units.unit == "px"
    assert not units.choice.model().item(1).isEnabled()


def _engine_gets(window, qtbot, key: str, pixels: float) -> None:
    """Block until a result evaluated with ``key`` = ``pixels`` px is on screen."""
    if getattr(window.model.response.result.params, key) == pytest.approx(pixels):
        return
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS,
                          check_params_cb=lambda response: getattr(
                              response.result.params, key) == pytest.approx(pixels)):
        pass


@pytest.mark.parametrize("key", LATER_LENGTHS)
def test_later_length_sliders_follow_the_unit_and_give_the_engine_the_same_length(
        window, qtbot, small_case, key):
    _spaced(window, qtbot, small_case, 10.0)
    panel, spec = window.params_panel, PARAM_SPECS[key]
    slider, label, units = panel.sliders[key], panel.labels[key], panel.length_units
    low, high = spec.slider_bounds
    units.choice.setCurrentIndex(1)  # µm, 10 per pixel
    assert (slider.minimum(), slider.maximum()) == (low * 10, high * 10)
    assert slider.value() == spec.default * 10
    assert "µm" in label.text() and "px" not in label.text()
    assert "µm" in slider.toolTip() and "pixels" not in slider.toolTip()
    slider.setValue(35.0)
    assert getattr(window.model.params, key) == Length(35.0, "um")
    _engine_gets(window, qtbot, key, 3.5)
    units.choice.setCurrentIndex(2)  # % FOV
    per_pixel = 100 / fov_diameter_px(small_case.fov)
    assert slider.maximum() == pytest.approx(high * per_pixel)
    assert slider.value() == pytest.approx(3.5 * per_pixel, abs=0.005)
    assert "% FOV" in label.text() and "px" not in label.text()
    slider.setValue(2.0)
    assert getattr(window.model.params, key) == Length(2.0, "%fov")
    _engine_gets(window, qtbot, key, 2.0 / per_pixel)
    units.choice.setCurrentIndex(0)  # px
    assert (slider.minimum(), slider.maximum()) == (low, high)
    assert slider.value() == pytest.approx(2.0 / per_pixel, abs=0.05)
    assert "px" in label.text() and "µm" not in label.text()
