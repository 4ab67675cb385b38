"""Review item 21: right/wrong marks, one number format per column, names, empty-box hints."""

from __future__ import annotations

import numpy as np
import pytest

from vesselview.engine.families import METRICS
from vesselview.gui.research.behaviour_view import EQUAL_CHANGE
from vesselview.gui.research.rank_table import (
    RIGHT_MARK,
    WRONG_MARK,
    RankTable,
    column_decimals,
    format_number,
)
from vesselview.research.ranking import rank_agreement, rank_candidates

NAMES = ["a", "b", "c"]
SCORES = {"dice": [0.9, 0.7, 0.8], "hausdorff": [10.0, 128.082, 8.48528],
          "betti0_error": [0.0, 2.0, 1.0]}


@pytest.fixture
def table(qtbot):
    widget = RankTable()
    qtbot.addWidget(widget)
    return widget


@pytest.mark.parametrize(("values", "metric", "decimals"), [
    ([0.9, 0.71234], "dice", 4), ([10.0, 128.082, 8.48528], "hausdorff", 2),
    ([3.0, 1.0, np.nan], "hausdorff", 0), ([1.5, 2.0], "betti0_error", 0),
    ([1234.5, 2.25], "mse", 1), ([np.nan, np.inf], "dice", 0), ([0.0, 1.0, 0.5], "dice", 4)])
def test_column_decimals(values, metric, decimals):
    assert column_decimals(np.array(values), metric) == decimals


def test_format_number():
    assert format_number(8.48528, 2) == "8.49"
    assert format_number(float("nan"), 2) == "n/a"
    assert format_number(float("inf"), 2) == "∞"


def test_cells_mark_right_and_wrong_and_share_a_format(table):
    ranking = rank_candidates(SCORES, NAMES)
    expected = np.array([1.0, 3.0, 2.0])
    table.show_ranking(ranking, list(SCORES), expected, "expected rank",
                       agreement=rank_agreement(SCORES, expected))
    dice = [table.item(row, 1).text() for row in range(3)]
    assert dice == [f"0.9000 (1) {RIGHT_MARK}", f"0.7000 (3) {RIGHT_MARK}",
                    f"0.8000 (2) {RIGHT_MARK}"]
    hausdorff = [table.item(row, 2).text() for row in range(3)]
    assert hausdorff == [f"10.00 (2) {WRONG_MARK}", f"128.08 (3) {RIGHT_MARK}",
                         f"8.49 (1) {WRONG_MARK}"]
    assert table.item(0, 3).text() == f"0 (1) {RIGHT_MARK}"
    assert table.item(3, 1).text() == "1.000"  # Kendall tau-b: three decimals


def test_headers_use_the_main_window_names(table):
    table.show_ranking(rank_candidates(SCORES, NAMES), ["betti0_error"])
    assert table.horizontalHeaderItem(0).text() == METRICS["betti0_error"].name


def test_notes_explain_the_marks_not_colour_names(view):
    for key in (EQUAL_CHANGE, "gap"):
        view.choose_set(key)
        text = view.note.text()
        assert RIGHT_MARK in text and WRONG_MARK in text and "vermillion" not in text


def test_disabled_boxes_say_what_they_are_for(view):
    view.choose_set(EQUAL_CHANGE)
    assert not view.severities_edit.isEnabled() and view.severities_edit.text() == ""
    assert "severity series" in view.severities_edit.placeholderText()
    assert "severity series" in view.severities_edit.toolTip()
    view.choose_set("gap")
    assert not view.pixels_box.isEnabled() and "equal-pixel-change" in view.pixels_box.toolTip()
