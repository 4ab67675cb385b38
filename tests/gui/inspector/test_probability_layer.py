"""The probability map of a soft candidate as a heat-map layer with a colour bar on which
the threshold is marked, and the threshold's contour drawn on the image."""

from __future__ import annotations

import numpy as np
from scipy import ndimage

from vesselview.app.overview_image import thickened
from vesselview.app.probability import probability_index
from vesselview.app.style import FUNDUS
from vesselview.engine.layers import COLOUR_MEANINGS, RESERVED_COLOURS, THRESHOLD_CONTOUR


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


def independent_contour(soft: np.ndarray, threshold: float) -> np.ndarray:
    """Candidate pixels with a 4-neighbour outside the candidate (the image's edge is not
    a crossing), by scipy's binary erosion."""
    mask = soft > threshold
    cross = ndimage.generate_binary_structure(2, 1)
    return mask & ~ndimage.binary_erosion(mask, cross, border_value=1)


def shown_contour(window) -> np.ndarray:
    item = window.view.main.contours["probability"]
    assert item.isVisible() and item.parentItem() is window.view.main.items["probability"]
    return np.asarray(item.image) == 1


def test_the_threshold_contour_follows_the_slider(small_window, qtbot, small_case):
    model = small_window.model
    model.layers.edit("probability", visible=True)
    soft = small_case.candidate_soft
    contour = shown_contour(small_window)
    assert np.array_equal(contour, independent_contour(soft, 0.5))
    assert contour.any() and np.array_equal(contour & small_case.candidate, contour)
    with qtbot.waitSignal(small_window.result_applied, timeout=60_000):
        small_window.params_panel.sliders["threshold"].setValue(0.7)  # as a drag ends
    after = shown_contour(small_window)
    assert np.array_equal(after, independent_contour(soft, 0.7))
    assert not np.array_equal(after, contour)


def test_the_contour_has_a_colour_of_its_own_named_in_the_legend(small_window):
    small_window.model.layers.edit("probability", visible=True)
    table = small_window.view.main.contours["probability"].lut
    assert tuple(table[1]) == THRESHOLD_CONTOUR and table[0, 3] == 0
    assert "cyan" in COLOUR_MEANINGS and RESERVED_COLOURS["cyan"] == THRESHOLD_CONTOUR
    red, green, blue = THRESHOLD_CONTOUR[:3]
    legend = small_window.view.legend.text()
    assert f"rgb({red},{green},{blue})" in legend and "crosses the threshold" in legend
    ramp = small_window.view.main.items["probability"].lut
    assert tuple(THRESHOLD_CONTOUR) not in {tuple(row) for row in ramp}


def test_the_contour_stays_opaque_and_hides_with_the_map(small_window):
    layers = small_window.model.layers
    layers.edit("probability", visible=True, opacity=0.0)  # only the contour on the fundus
    assert tuple(small_window.view.main.contours["probability"].lut[1]) == THRESHOLD_CONTOUR
    layers.edit("probability", visible=False)
    assert not small_window.view.main.items["probability"].isVisible()


def test_zoomed_out_the_contour_grows_to_about_a_screen_pixel(shown_window, qtbot, small_case):
    window = shown_window
    window.model.layers.edit("probability", visible=True)
    contour = window.model.response.layers["probability"].contour
    rows, cols = small_case.shape
    window.view.set_view_rect((-6 * cols, -6 * rows, 13 * cols, 13 * rows))  # far out
    qtbot.waitUntil(lambda: window.overview.radius > 1)
    grown = shown_contour(window)
    assert np.array_equal(grown, thickened(contour, window.overview.radius - 1) == 1)
    window.view.set_view_rect((0, 0, 10, 10))  # close in: the exact line
    qtbot.waitUntil(lambda: window.overview.radius == 0)
    assert np.array_equal(shown_contour(window), contour == 1)
