"""Overview mode: thin layers grow while zoomed out, are exact when zoomed in, switchable."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from PySide6.QtCore import QRectF

from vesselview.app.overview_image import overview_image, thickened


def test_thickening_grows_classes_into_empty_pixels_only():
    image = np.zeros((9, 9), np.uint8)
    image[4, 1:8] = 2  # a one-pixel line
    image[4, 4] = 1
    grown = thickened(image, 1)
    assert np.array_equal(grown[4, 1:8], image[4, 1:8])  # drawn pixels keep their class
    assert np.all(grown[3:6, 1:8] > 0) and grown[2].max() == 0 and grown[6].max() == 0


@given(arrays(np.uint8, st.tuples(st.integers(1, 20), st.integers(1, 20)),
              elements=st.sampled_from([0, 0, 0, 1, 2])), st.integers(2, 4))
def test_overview_blocks_keep_every_class_pixel_visible(image, radius):
    blocks = overview_image(image, radius)
    rows, cols = (-(-side // radius) for side in image.shape)
    assert blocks.shape == (rows, cols)
    for row, col in zip(*np.nonzero(image), strict=True):  # its block shows a class ...
        block = blocks[row // radius, col // radius]
        assert block >= image[row, col]
    # ... the largest in it; a block without a class pixel shows one only beside one that
    # has (grown by one block: its 4-neighbours)
    largest = np.array([[image[r * radius:(r + 1) * radius, c * radius:(c + 1) * radius].max()
                         for c in range(cols)] for r in range(rows)], np.uint8)
    assert np.array_equal(blocks[largest > 0], largest[largest > 0])
    near = np.pad(largest > 0, 1)
    beside = near[:-2, 1:-1] | near[2:, 1:-1] | near[1:-1, :-2] | near[1:-1, 2:]
    assert np.array_equal(blocks > 0, (largest > 0) | beside)


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
    radius = window.overview.radius
    # blocks of radius x radius pixels, stretched over the whole image
    assert np.count_nonzero(item.image) * radius ** 2 > np.count_nonzero(layer.image)
    assert item.mapRectToParent(item.boundingRect()) == QRectF(0, 0, cols, rows)
    window.view.set_view_rect((0, 0, 10, 10))  # close in: exact pixels
    qtbot.waitUntil(lambda: window.overview.radius == 0)
    assert np.array_equal(item.image, layer.image)
    assert item.mapRectToParent(item.boundingRect()) == QRectF(0, 0, cols, rows)


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
