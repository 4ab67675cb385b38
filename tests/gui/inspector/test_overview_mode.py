"""Overview mode: thin layers grow while zoomed out, are exact when zoomed in, switchable."""

from __future__ import annotations

import numpy as np

from vesselview.app.display import thickened


def test_thickening_grows_classes_into_empty_pixels_only():
    image = np.zeros((9, 9), np.uint8)
    image[4, 1:8] = 2  # a one-pixel line
    image[4, 4] = 1
    grown = thickened(image, 1)
    assert np.array_equal(grown[4, 1:8], image[4, 1:8])  # drawn pixels keep their class
    assert np.all(grown[3:6, 1:8] > 0) and grown[2].max() == 0 and grown[6].max() == 0


def _show_skeleton(window):
    window.model.layers.edit("reference_skeleton", visible=True)
    return window.view.main.items["reference_skeleton"]


def test_zoomed_out_thin_layers_grow_and_zoomed_in_they_do_not(shown_window, qtbot):
    window = shown_window
    layer = window.model.response.layers["reference_skeleton"]
    item = _show_skeleton(window)
    rows, cols = window.view.shape
    window.view.set_view_rect((-6 * cols, -6 * rows, 13 * cols, 13 * rows))  # far out
    qtbot.waitUntil(lambda: window.overview.radius > 0)
    assert np.count_nonzero(item.image) > np.count_nonzero(layer.image)
    window.view.set_view_rect((0, 0, 10, 10))  # close in: exact pixels
    qtbot.waitUntil(lambda: window.overview.radius == 0)
    assert np.array_equal(item.image, layer.image)


def test_overview_is_switchable_from_the_view_menu(shown_window, qtbot):
    window = shown_window
    item = _show_skeleton(window)
    rows, cols = window.view.shape
    window.view.set_view_rect((-6 * cols, -6 * rows, 13 * cols, 13 * rows))
    qtbot.waitUntil(lambda: window.overview.radius > 0)
    action = window.menus.actions["overview"]
    assert action.isChecked()
    action.trigger()
    assert not action.isChecked() and window.overview.radius == 0
    assert np.array_equal(item.image, window.model.response.layers["reference_skeleton"].image)
