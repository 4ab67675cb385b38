"""The window shows physical size: a scale bar fitted to the zoom when the case's
spacing is known, and the spacing with its source in the status bar."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QRectF

from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.app.spacing_display import (
    BAR_FRACTION,
    SPACING_UNKNOWN,
    length_text,
    scale_bar_um,
    spacing_caption,
)
from vesselview.io.spacing import Spacing


@given(st.floats(0.5, 100.0), st.floats(20.0, 5000.0))
def test_the_bar_is_a_round_length_of_ten_to_twenty_percent_of_the_view(spacing, width):
    um = scale_bar_um(spacing, width)
    fraction = um / spacing / width
    assert BAR_FRACTION[0] * (1 - 1e-9) <= fraction <= BAR_FRACTION[1] * (1 + 1e-9)
    mantissa = float(f"{um:e}".split("e")[0])
    assert mantissa in (1.0, 2.0, 3.0, 5.0)


def test_lengths_read_in_um_then_mm():
    assert length_text(500.0) == "500 µm"
    assert length_text(2000.0) == "2 mm"


def test_captions_name_the_source(small_case):
    assert spacing_caption(small_case) == SPACING_UNKNOWN
    given_case = dataclasses.replace(small_case, spacing_um=6.9, sources={
        **small_case.sources, "spacing": "given"})
    assert spacing_caption(given_case) == "6.9 µm/px (given)"
    derived = Spacing.field_angle(45.0, "DRIVE").applied(
        dataclasses.replace(small_case, sources={**small_case.sources, "fov": "mask.gif"}))
    assert spacing_caption(derived).endswith(" µm/px (from DRIVE's 45° field angle)")


@pytest.fixture
def spaced_window(window, qtbot, small_case):
    """The window showing `small_case` at 10 µm per pixel."""
    case = dataclasses.replace(small_case, spacing_um=10.0,
                               sources={**small_case.sources, "spacing": "manifest"})
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(case)
    return window


def _bar_um(window) -> float:
    return scale_bar_um(10.0, window.view.view_rect()[2])


def test_the_bar_matches_its_length_on_screen_and_follows_the_zoom(spaced_window, qtbot):
    view = spaced_window.view
    bar = view.scale_bar
    assert bar.isVisible()
    assert spaced_window.spacing.text() == "10 µm/px (from the manifest)"
    whole_um = _bar_um(spaced_window)
    image_px_on_screen = 1 / view.main_box.viewPixelSize()[0]
    assert bar.text == length_text(whole_um)
    assert bar.bar_px == pytest.approx(whole_um / 10.0 * image_px_on_screen)
    x, y, width, height = view.view_rect()
    view.set_view_rect((x, y, width / 8, height / 8))
    qtbot.waitUntil(lambda: bar.text == length_text(_bar_um(spaced_window)))
    assert _bar_um(spaced_window) < whole_um
    assert bar.geometry().right() < view.canvas.width()
    assert bar.geometry().bottom() < view.canvas.height()


def test_no_bar_when_the_spacing_is_unknown(window, qtbot, small_case):
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(small_case)
    window.view.main_box.setRange(QRectF(0, 0, 10, 10))
    assert not window.view.scale_bar.isVisible()
    assert window.spacing.text() == SPACING_UNKNOWN
