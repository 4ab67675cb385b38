"""Review fixes in the view: readout after new results, swipe divider, side by side keeps
the zoom, legend and banner apart, compact legend, stale segment outline, Space in flicker."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QDialog, QLineEdit, QVBoxLayout

from tests.gui.conftest import RESULT_TIMEOUT_MS, hover
from vesselview.gui.inspector.compare import CompareMode
from vesselview.gui.inspector.legend import compact_legend_html
from vesselview.gui.inspector.readout import format_readout
from vesselview.gui.inspector.view import LEGEND_MAX_FRACTION


def change_params(window, qtbot, **changes):
    params = dataclasses.replace(window.params_panel.params, **changes)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.set_params(params)


def paint(view):
    """Render the canvas once (pyqtgraph updates auto-ranges just before painting)."""
    view.canvas.grab()


def test_readout_follows_a_new_result_for_the_pixel_under_the_cursor(shown_window, qtbot,
                                                                     small_case):
    soft = small_case.candidate_soft
    rows, cols = np.nonzero(small_case.reference & (soft > 0.5) & (soft <= 0.8))
    row, col = int(rows[0]), int(cols[0])  # TP at threshold 0.5, FN at 0.8
    hover(shown_window, row, col)
    assert "TP" in shown_window.readout.text()
    change_params(shown_window, qtbot, threshold=0.8)  # a partial result may come first
    first = shown_window.model.response.result
    assert shown_window.readout.text() == format_readout(first.explain(row, col))
    assert "candidate: background" in shown_window.readout.text()
    qtbot.waitUntil(lambda: not shown_window.model.response.result.pending,
                    timeout=RESULT_TIMEOUT_MS)
    complete = shown_window.model.response.result
    qtbot.waitUntil(lambda: shown_window.readout.text() == format_readout(
        complete.explain(row, col)), timeout=RESULT_TIMEOUT_MS)
    assert "pending" not in shown_window.readout.text()


def test_the_readout_of_a_partial_result_says_what_is_pending():
    info = {"row": 1, "col": 2, "inside_fov": True, "reference": True, "candidate": False,
            "distance_to_reference": None, "distance_to_candidate": None, "bands": [],
            "segment": None, "layers": {"confusion": "FN: reference only"}}
    assert "distance to reference pending, to candidate pending" in format_readout(info)


def test_a_new_case_forgets_the_hovered_pixel(shown_window, qtbot, small_case):
    hover(shown_window, 3, 4)
    with qtbot.waitSignal(shown_window.result_applied, timeout=RESULT_TIMEOUT_MS):
        shown_window.model.show_case(small_case)
    assert "row 3, col 4" not in shown_window.readout.text()


@pytest.mark.parametrize("rect", [(10, 10, 20, 20), (90, 60, 20, 20)])
def test_swipe_divider_starts_in_the_middle_of_the_shown_area(shown_window, rect):
    view, compare = shown_window.view, shown_window.compare
    view.set_view_rect(rect)
    shown_window.menus.actions["swipe_mode"].trigger()
    x, _y, width, _height = view.view_rect()
    assert compare.divider.value() == pytest.approx(x + width / 2)
    assert x < compare.divider.value() < x + width
    assert compare._clip.rect().left() == pytest.approx(compare.divider.value())


def test_swipe_divider_stays_within_the_image(shown_window, small_case):
    shown_window.view.set_view_rect((-200, 0, 20, 20))  # panned left of the image
    shown_window.menus.actions["swipe_mode"].trigger()
    assert shown_window.compare.divider.value() == 0


def test_a_new_threshold_leaves_the_swipe_divider_in_place(shown_window, qtbot):
    compare = shown_window.compare
    shown_window.menus.actions["swipe_mode"].trigger()
    compare.divider.setValue(30)
    change_params(shown_window, qtbot, threshold=0.7)
    assert compare.divider.value() == 30


def test_side_by_side_keeps_the_zoom_and_leaving_restores_it(shown_window):
    view = shown_window.view
    view.set_view_rect((10, 10, 20, 20))
    before = view.view_rect()
    shown_window.menus.actions["side_by_side_mode"].trigger()
    paint(view)
    x, y, width, height = view.view_rect()
    # the narrower box still shows the area shown before, fitted to one side
    bx, by, bwidth, bheight = before
    assert x <= bx + 1e-6 and x + width >= bx + bwidth - 1e-6
    assert y <= by + 1e-6 and y + height >= by + bheight - 1e-6
    assert width == pytest.approx(bwidth) or height == pytest.approx(bheight)
    shown_window.menus.actions["overlay_mode"].trigger()
    paint(view)
    assert view.view_rect() == pytest.approx(before)


def test_leaving_side_by_side_keeps_pan_and_zoom_made_there(shown_window):
    view = shown_window.view
    view.set_view_rect((10, 10, 40, 40))
    before = view.view_rect()
    shown_window.compare.set_mode(CompareMode.SIDE_BY_SIDE)
    x, y, width, height = view.view_rect()
    view.set_view_rect((x + 5 + width / 4, y + height / 4, width / 2, height / 2))  # 2x, moved
    shown_window.compare.set_mode(CompareMode.OVERLAY)
    paint(view)
    centre = (before[0] + before[2] / 2 + 5, before[1] + before[3] / 2)
    x, y, width, height = view.view_rect()
    assert (x + width / 2, y + height / 2) == pytest.approx(centre)
    assert width == pytest.approx(before[2] / 2)


def test_home_in_side_by_side_then_leaving_shows_the_whole_image_large(shown_window,
                                                                      small_case):
    view = shown_window.view
    view.set_view_rect((10, 10, 20, 20))
    shown_window.compare.set_mode(CompareMode.SIDE_BY_SIDE)
    shown_window.menus.actions["reset_view"].trigger()
    shown_window.compare.set_mode(CompareMode.OVERLAY)
    paint(view)
    x, y, width, height = view.view_rect()
    rows, cols = small_case.shape
    assert x <= 0 and y <= 0 and x + width >= cols and y + height >= rows
    assert min(width / cols, height / rows) < 1.05  # fills the view in one direction


@pytest.mark.parametrize("size", [(1200, 800), (1600, 960)])
@pytest.mark.parametrize("mode", [CompareMode.FLICKER, CompareMode.SWIPE,
                                  CompareMode.SIDE_BY_SIDE])
def test_banner_and_legend_do_not_overlap(shown_window, size, mode):
    shown_window.resize(*size)
    shown_window.compare.set_mode(mode)
    view = shown_window.view
    legend, banner = view.legend.geometry(), view.banner.geometry()
    assert view.legend.isVisible() and view.banner.isVisible()
    assert not legend.intersects(banner)
    canvas = QRect(0, 0, view.canvas.width(), view.canvas.height())
    assert canvas.contains(legend) and canvas.contains(banner)


def show_all_layers(window):
    panel = window.layer_panel
    for name in panel.names:
        if not panel.styles[name].visible:
            panel.toggle(name)


def test_many_layers_give_a_compact_legend_that_leaves_the_image_in_sight(shown_window):
    view = shown_window.view
    assert not view.legend_compact  # the default layer fits in full
    show_all_layers(shown_window)
    assert view.legend_compact
    assert view.legend.height() <= LEGEND_MAX_FRACTION * view.canvas.height()
    styles = shown_window.model.layers
    for name, layer in shown_window.model.response.layers.items():
        # of strict and tolerant agreement (same pixels) only the one shown last is on;
        # a class layer painting nothing takes no line
        listed = styles[name].visible and not (layer.kind == "classes"
                                                and not layer.counts[1:].any())
        assert (layer.title.split(" (")[0] in view.legend.text()) == listed, name
    shown_window.resize(1200, 3000)  # tall enough for the full legend
    assert not view.legend_compact and "px)" in view.legend.text()


def test_legend_key_hides_and_shows_the_legend(shown_window):
    legend, action = shown_window.view.legend, shown_window.menus.actions["toggle_legend"]
    action.trigger()
    assert not legend.isVisible()
    shown_window.layer_panel.toggle("tolerant")  # a new legend stays hidden
    assert not legend.isVisible()
    action.trigger()
    assert legend.isVisible() and "FN beyond t" in legend.text()


def test_compact_legend_of_nothing_is_empty():
    assert compact_legend_html([]) == ""


def select_a_segment(window):
    skeletal = window.model.response.result.skeletal
    window.segments_table.select_label(int(skeletal.table["label"][0]))
    assert window.view.highlight.isVisible()


def test_segment_outline_goes_when_the_segments_change(shown_window, qtbot):
    select_a_segment(shown_window)
    change_params(shown_window, qtbot, t=3)  # no SS parameter: same segments
    assert shown_window.view.highlight.isVisible()
    change_params(shown_window, qtbot, ss_min_length=6)  # segments renumbered
    assert not shown_window.view.highlight.isVisible()


def test_segment_outline_hides_in_compare_modes(shown_window):
    select_a_segment(shown_window)
    for mode in (CompareMode.FLICKER, CompareMode.SWIPE, CompareMode.SIDE_BY_SIDE):
        shown_window.compare.set_mode(mode)
        assert not shown_window.view.highlight.isVisible(), mode
    shown_window.compare.set_mode(CompareMode.OVERLAY)
    assert shown_window.view.highlight.isVisible()


def test_space_types_into_text_inputs_during_flicker(shown_window, qtbot):
    shown_window.menus.actions["flicker"].trigger()
    in_window = QLineEdit(shown_window.statusBar())
    dialog = QDialog(shown_window)
    in_dialog = QLineEdit(dialog)
    QVBoxLayout(dialog).addWidget(in_dialog)
    dialog.show()
    for edit in (in_window, in_dialog):
        qtbot.keyClicks(edit, "a b")
        assert edit.text() == "a b"
    assert shown_window.compare.visible_role() == "reference"
    dialog.close()
