"""A length given in µm or % FOV (a session, the API) shows on its slider in pixels of
the shown case, and never breaks the parameters panel."""

from __future__ import annotations

import dataclasses

from vesselview.app.spacing_display import shown_pixels
from vesselview.engine.lengths import Length, fov_diameter_px


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
