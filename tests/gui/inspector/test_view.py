"""The view: readout, compare modes, keys, layer selection, legend, reset."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from tests.gui.conftest import hover
from vesselview.app.style import FUNDUS
from vesselview.gui.inspector.compare import CompareMode
from vesselview.gui.inspector.readout import format_readout, format_readout_details
from vesselview.gui.shortcuts import SHORTCUTS


def test_readout_describes_the_pixel_under_the_cursor(shown_window, small_case):
    rows, cols = small_case.reference.nonzero()
    row, col = int(rows[0]), int(cols[0])
    hover(shown_window, row, col)
    info = shown_window.model.response.result.explain(row, col)
    expected = format_readout(info)
    assert shown_window.readout.text() == expected
    assert "reference: vessel" in expected
    # the status bar may clip the line: the tooltip carries every fact, one per line
    assert shown_window.readout.toolTip() == format_readout_details(info)


def test_hovering_outside_the_image_changes_nothing(shown_window):
    before = shown_window.readout.text()
    hover(shown_window, -5, -5)
    assert shown_window.readout.text() == before


def test_reset_view_shows_the_whole_image(shown_window, small_case):
    shown_window.view.set_view_rect((5, 5, 10, 10))
    shown_window.menus.actions["reset_view"].trigger()
    x, y, width, height = shown_window.view.view_rect()
    rows, cols = small_case.shape
    assert x <= 0 and y <= 0 and x + width >= cols and y + height >= rows


def test_legend_follows_visible_layers(shown_window):
    legend = shown_window.view.legend
    assert legend.isVisible() and "TP: both" in legend.text()
    shown_window.layer_panel.toggle("confusion")
    assert not legend.isVisible()
    shown_window.layer_panel.toggle("tolerant")
    assert "FN beyond t" in legend.text()


def test_flicker_toggles_and_holds(shown_window, qtbot):
    compare = shown_window.compare
    shown_window.menus.actions["flicker"].trigger()
    assert compare.mode is CompareMode.FLICKER
    assert not shown_window.view.main.overlays.isVisible()
    assert compare.visible_role() == "reference"
    assert "reference" in shown_window.view.banner.text()
    reset = shown_window.params_panel.reset_button
    reset.setFocus()
    clicks = []
    reset.clicked.connect(lambda *_: clicks.append(1))
    qtbot.keyPress(reset, Qt.Key.Key_Space)
    assert compare.visible_role() == "candidate"
    assert "candidate" in shown_window.view.banner.text()
    qtbot.keyRelease(reset, Qt.Key.Key_Space)
    assert compare.visible_role() == "reference"
    assert clicks == []  # Space held for flicker never presses the focused button
    shown_window.menus.actions["flicker"].trigger()
    assert compare.visible_role() == "candidate"
    shown_window.menus.actions["overlay_mode"].trigger()
    assert compare.mode is CompareMode.OVERLAY
    assert shown_window.view.main.overlays.isVisible()
    assert not shown_window.view.banner.isVisible()
    qtbot.keyClick(reset, Qt.Key.Key_Space)
    assert len(clicks) == 1  # outside flicker mode Space is the button's again


def test_swipe_clips_the_candidate_at_the_divider(shown_window, small_case):
    compare = shown_window.compare
    shown_window.menus.actions["swipe_mode"].trigger()
    assert compare.divider.isVisible()
    rows, cols = small_case.shape
    assert compare.divider.value() == pytest.approx(cols / 2)  # the middle of the view
    compare.divider.setValue(30)
    clip = compare._clip.rect()
    assert (clip.left(), clip.width(), clip.height()) == (30, cols - 30, rows)
    assert "vessel" in shown_window.view.legend.text()


def test_side_by_side_links_zoom_and_pan(shown_window, qtbot):
    view = shown_window.view
    shown_window.menus.actions["side_by_side_mode"].trigger()
    assert view.second_box.scene() is not None
    view.set_view_rect((10, 10, 20, 20))
    qtbot.waitUntil(lambda: view.second_box.viewRect().x() == pytest.approx(
        view.main_box.viewRect().x()), timeout=2000)
    shown_window.compare.set_mode(CompareMode.OVERLAY)
    assert view.second_box.scene() is None


def test_layer_keys_and_selection(shown_window):
    panel = shown_window.layer_panel
    actions = shown_window.menus
    assert panel.names[0] == FUNDUS
    actions.toggle_layer_at(0)
    assert not panel.styles[FUNDUS].visible
    actions.toggle_layer_at(99)
    actions.actions["next_layer"].trigger()
    assert panel.current_name() == panel.names[1]
    actions.actions["previous_layer"].trigger()
    actions.actions["previous_layer"].trigger()
    assert panel.current_name() == panel.names[-1]
    before = panel.styles[panel.names[-1]].visible
    actions.actions["toggle_layer"].trigger()
    assert panel.styles[panel.names[-1]].visible != before


def test_real_key_press_toggles_a_layer(shown_window, qtbot):
    shown_window.activateWindow()
    shown_window.view.setFocus()
    second = shown_window.layer_panel.names[1]
    before = shown_window.layer_panel.styles[second].visible
    qtbot.keyClick(shown_window.view, Qt.Key.Key_2)
    assert shown_window.layer_panel.styles[second].visible != before


def test_menu_shortcuts_match_the_table(shown_window):
    for key, action in shown_window.menus.actions.items():
        assert action.shortcut() == QKeySequence(SHORTCUTS[key][0]), key
    assert set(shown_window.menus.actions) == set(SHORTCUTS)


def test_segments_table_lists_every_segment(shown_window):
    table = shown_window.model.response.result.skeletal.table
    model = shown_window.segments_table.model()
    assert model.rowCount() == len(table) > 0
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Label", "n_R", "n_S", "cs", "ts", "Score", "Valid"]
    first = [model.index(0, c).data() for c in range(model.columnCount())]
    row = table[0]
    assert first[0] == str(row["label"]) and first[1] == str(row["length"])
    assert first[-1] == ("yes" if row["valid"] else "no")


def test_selecting_a_segment_centres_and_highlights_it(shown_window):
    skeletal = shown_window.model.response.result.skeletal
    label = int(skeletal.table["label"][len(skeletal.table) // 2])
    shown_window.segments_table.select_label(label)
    highlight = shown_window.view.highlight
    assert highlight.isVisible()
    rows, cols = np.nonzero(skeletal.labels == label)
    rect = highlight.mapRectToParent(highlight.boundingRect())
    assert (rect.top(), rect.left()) == (rows.min() - 1, cols.min() - 1)  # one pixel wider
    assert (rect.height(), rect.width()) == (np.ptp(rows) + 3, np.ptp(cols) + 3)
    segment = np.zeros_like(highlight.image, bool)
    segment[rows - rows.min() + 1, cols - cols.min() + 1] = True
    assert not highlight.image[segment].any()  # an outline: the segment keeps its classes
    ring = cv2.dilate(segment.view(np.uint8), np.ones((3, 3), np.uint8)).astype(bool) & ~segment
    assert (highlight.image.astype(bool) == ring).all()
    x, y, width, height = shown_window.view.view_rect()
    assert x <= cols.mean() <= x + width and y <= rows.mean() <= y + height


def test_sorting_by_score_keeps_selection_on_the_right_segment(shown_window):
    table_view = shown_window.segments_table
    table_view.sortByColumn(5, Qt.SortOrder.AscendingOrder)
    selected = []
    table_view.segment_selected.connect(selected.append)
    table_view.selectRow(0)
    lowest = shown_window.model.response.result.skeletal.table
    assert selected == [int(lowest["label"][np.argmin(lowest["score"])])]


def test_readout_on_a_segment_names_it(shown_window):
    skeletal = shown_window.model.response.result.skeletal
    label = int(skeletal.table["label"][0])
    rows, cols = np.nonzero(skeletal.labels == label)
    hover(shown_window, int(rows[0]), int(cols[0]))
    assert f"reference segment {label}," in shown_window.readout.text()


def test_segment_model_sorts_with_undefined_values_last():
    from vesselview.gui.inspector.segments_table import SegmentsModel

    table = np.zeros(3, [("label", np.int32), ("length", np.int64), ("n_s", np.int64),
                         ("cs", np.float64), ("ts", np.float64), ("score", np.float64),
                         ("valid", np.bool_)])
    table["label"] = [1, 2, 3]
    table["cs"] = [0.5, np.nan, 0.2]
    model = SegmentsModel()
    model.set_table(table)
    model.sort(3)
    assert [model.label_at(row) for row in range(3)] == [3, 1, 2]
    assert model.index(2, 3).data() == "n/a" and model.index(0, 6).data() == "no"
    model.sort(0, Qt.SortOrder.DescendingOrder)
    assert [model.label_at(row) for row in range(3)] == [3, 2, 1]
    assert model.row_of(1) == 2 and model.row_of(9) is None
