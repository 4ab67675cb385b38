"""The compare modes draw their masks in a colour of their own (vivid green), never the
overlays' white "both agree": rendered offscreen, mask pixels are green in every mode."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from scipy import ndimage
from skimage.color import deltaE_ciede2000, rgb2lab

from vesselview.engine.layers import COLOUR_MEANINGS, COMPARE_MASK, RESERVED_COLOURS
from vesselview.gui.inspector.compare import MASK_RGBA, CompareMode


def render_box(window, box) -> np.ndarray:
    """The image area of view box ``box``, one render pixel per image pixel: RGB (H, W, 3)."""
    height, width = window.view.shape
    source = box.mapViewToScene(QRectF(0, 0, width, height)).boundingRect()
    image = QImage(width, height, QImage.Format.Format_RGBA8888)
    image.fill(0)
    painter = QPainter(image)
    window.view.canvas.scene().render(painter, QRectF(0, 0, width, height), source)
    painter.end()
    pixels = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes())
    return pixels.reshape(height, image.bytesPerLine() // 4, 4)[:, :width, :3].astype(int)


def green(rgb: np.ndarray) -> np.ndarray:
    """Pixels drawn in the compare colour over the fundus: green well above red and blue."""
    return (rgb[..., 1] > rgb[..., 0] + 60) & (rgb[..., 1] > rgb[..., 2] + 60)


def assert_drawn_green_exactly_on(rendered: np.ndarray, mask: np.ndarray,
                                  columns: slice = slice(None)) -> None:
    """Inside ``mask`` (away from its border, where rendering blends) the render is green;
    away from it, not."""
    inside = ndimage.binary_erosion(mask, iterations=1)[:, columns]
    outside = ~ndimage.binary_dilation(mask, iterations=2)[:, columns]
    drawn = green(rendered[:, columns])
    assert inside.any() and drawn[inside].all()
    assert not drawn[outside].any()


def test_the_compare_colour_has_one_meaning():
    lab = rgb2lab(np.array([[COMPARE_MASK[:3]]], np.float64) / 255.0)[0, 0]
    for name, colour in RESERVED_COLOURS.items():
        if colour == COMPARE_MASK:
            assert "compare mode" in COLOUR_MEANINGS[name]
            continue
        other = rgb2lab(np.array([[colour[:3]]], np.float64) / 255.0)[0, 0]
        assert deltaE_ciede2000(lab, other) >= 20.0, name
    assert MASK_RGBA[:3] == COMPARE_MASK[:3] != RESERVED_COLOURS["white"][:3]


@pytest.mark.parametrize("role", ["reference", "candidate"])
def test_flicker_draws_the_shown_mask_in_the_compare_colour(shown_window, small_case, role):
    window = shown_window
    window.compare.set_mode(CompareMode.FLICKER)
    if role == "candidate":
        window.compare.toggle_flicker()
    mask = small_case.reference if role == "reference" else \
        small_case.candidate_at(window.model.params.threshold)
    assert_drawn_green_exactly_on(render_box(window, window.view.main_box), mask)
    assert "rgb(0,255,68)" in window.view.legend.text()


def test_swipe_draws_both_masks_in_the_compare_colour(shown_window, small_case):
    window = shown_window
    window.compare.set_mode(CompareMode.SWIPE)
    width = window.view.shape[1]
    window.compare.divider.setValue(width // 2)
    rendered = render_box(window, window.view.main_box)
    candidate = small_case.candidate_at(window.model.params.threshold)
    margin = 3  # the divider (3 screen px) and the blending at its edges
    assert_drawn_green_exactly_on(rendered, small_case.reference,
                                  slice(0, width // 2 - margin))
    assert_drawn_green_exactly_on(rendered, candidate, slice(width // 2 + margin, None))


def test_side_by_side_draws_both_masks_in_the_compare_colour(shown_window, small_case):
    window = shown_window
    window.compare.set_mode(CompareMode.SIDE_BY_SIDE)
    window.view.canvas.grab()  # lay the second view box out
    candidate = small_case.candidate_at(window.model.params.threshold)
    assert_drawn_green_exactly_on(render_box(window, window.view.main_box),
                                  small_case.reference)
    assert_drawn_green_exactly_on(render_box(window, window.view.second_box), candidate)
