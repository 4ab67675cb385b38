"""Layer titles (panel, legend) and the reasons of undefined values give their lengths in
the "Lengths in" unit, on the shown case: "junction_r = 3 px" is 30 µm at 10 µm/px."""

from __future__ import annotations

import dataclasses

from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.engine.lengths import fov_diameter_px

PX, UM, FOV = 0, 1, 2  # indices of the unit choice
THIN_WIDTH = 20.0  # px: no vessel of the small case is thicker, se_thick is undefined


def _show(window, qtbot, case, spacing):
    case = dataclasses.replace(case, spacing_um=spacing,
                               sources={**case.sources, "spacing": "given"})
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(case)


def _shown_texts(window) -> tuple[str, str, str]:
    """The junction layer's title in the panel, the legend and se_thick's value."""
    return (window.layer_panel._items["junctions"].text(0), window.layer_display.legend(),
            window.metrics_panel.displayed("se_thick"))


def _assert_lengths(window, junction_r: str, thin_width: str) -> None:
    title, legend, se_thick = _shown_texts(window)
    assert title == f"Junctions (matched within junction_r = {junction_r})"
    assert f"junction_r = {junction_r}" in legend
    assert se_thick == ("undefined (no thick reference vessel inside the FOV (width > "
                        f"thin_width = {thin_width}))")


def test_titles_and_reasons_follow_the_unit_choice(window, qtbot, small_case):
    _show(window, qtbot, small_case, 10.0)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS,
                          check_params_cb=lambda r: r.result.params.thin_width == THIN_WIDTH):
        window.model.set_param("thin_width", THIN_WIDTH)
    window.layer_panel.toggle("junctions")  # shown: in the legend
    units = window.params_panel.length_units.choice
    _assert_lengths(window, "3 px", "20 px")
    units.setCurrentIndex(UM)
    _assert_lengths(window, "30.0 µm", "200.0 µm")
    per_pixel = 100 / fov_diameter_px(small_case.fov)
    units.setCurrentIndex(FOV)
    _assert_lengths(window, f"{3 * per_pixel:.2f} % FOV", f"{20 * per_pixel:.2f} % FOV")
    units.setCurrentIndex(UM)
    _show(window, qtbot, small_case, 20.0)  # µm stays chosen, a pixel is longer
    _assert_lengths(window, "60.0 µm", "400.0 µm")
    units.setCurrentIndex(PX)
    _assert_lengths(window, "3 px", "20 px")
