"""The ranking table: tiers of an expected order, colours, cells equal to the engine's."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtCore import Qt

from vesselview.gui.research.metric_choice import format_value, short_label
from vesselview.gui.research.rank_table import (
    RANK_ROLE,
    STATISTIC_TITLES,
    RankTable,
    agreement_shade,
    tier_bounds,
)
from vesselview.research.ranking import rank_agreement, rank_candidates


def test_tier_bounds_by_hand():
    # ranks 1, 2, then four tied at 3 (the equal-change set's expected order)
    low, high = tier_bounds(np.array([1.0, 2.0, 3.0, 3.0, 3.0, 3.0]))
    assert low.tolist() == [1, 2, 3, 3, 3, 3]
    assert high.tolist() == [1, 2, 6, 6, 6, 6]


def test_tier_bounds_with_average_ties_and_unknowns():
    low, high = tier_bounds(np.array([2.5, 1.0, 2.5, np.nan]))
    assert low[:3].tolist() == [2, 1, 2] and high[:3].tolist() == [3, 1, 3]
    assert math.isnan(low[3]) and math.isnan(high[3])


def test_agreement_shades_go_from_vermillion_to_green():
    perfect, opposite, neutral = (agreement_shade("kendall_tau_b", v, 4) for v in (1, -1, 0))
    assert perfect.green() > perfect.red()
    assert opposite.red() > opposite.green()
    assert neutral.getRgb()[:3] == (255, 255, 255)
    # inconsistencies: 0 is agreement, n - 1 the worst
    assert agreement_shade("standard_inconsistency", 0.0, 4) == perfect
    assert agreement_shade("mean_inconsistency", 3.0, 4) == opposite
    assert agreement_shade("pearson", float("nan"), 4).getRgb()[:3] == (225, 225, 225)


@pytest.mark.parametrize(("value", "text"), [
    (0.91234, "0.9123"), (2.0, "2"), (0.0, "0"), (-3.5, "-3.5000"), (128.082, "128.1"),
    (12345.25, "12345.2"), (float("nan"), "n/a"), (float("inf"), "∞"), (float("-inf"), "−∞")])
def test_value_format(value, text):
    assert format_value(value) == text


SCORES = {"dice": [0.9, 0.7, 0.8], "hausdorff": [3.0, 1.0, float("nan")]}
NAMES = ["a", "b", "c"]


@pytest.fixture
def table(qtbot):
    widget = RankTable()
    qtbot.addWidget(widget)
    return widget


def test_cells_are_the_engine_values_and_ranks(table):
    ranking = rank_candidates(SCORES, NAMES)
    table.show_ranking(ranking, ["dice", "hausdorff"])
    assert table.columnCount() == 2 and table.rowCount() == 3
    assert table.horizontalHeaderItem(0).text() == short_label("dice")
    for i, name in enumerate(NAMES):
        assert table.value(name, "dice") == SCORES["dice"][i]
        assert table.rank(name, "dice") == ranking.ranks[i, 0]
    assert table.item(0, 0).text() == "0.9000 (1)"
    assert table.item(1, 1).text() == "1 (1)"  # Hausdorff: smaller is better
    assert table.item(2, 1).text() == "n/a"  # undefined: no rank
    assert math.isnan(table.rank("c", "hausdorff"))


def test_expected_column_colours_and_statistics_rows(table):
    ranking = rank_candidates(SCORES, NAMES)
    expected = np.array([1.0, 3.0, 2.0])
    agreement = rank_agreement(SCORES, expected)
    table.show_ranking(ranking, ["dice", "hausdorff"], expected, "expected rank",
                       agreement=agreement)
    assert table.horizontalHeaderItem(0).text() == "expected rank"
    assert [table.item(i, 0).text() for i in range(3)] == ["1", "3", "2"]
    # dice ranks 1, 3, 2 = expected: green; hausdorff ranks b first: vermillion
    dice_a, hausdorff_a = table.item(0, 1), table.item(0, 2)
    assert dice_a.background().color().green() > dice_a.background().color().red()
    assert hausdorff_a.background().color().red() > hausdorff_a.background().color().green()
    assert table.verticalHeaderItem(3).text() == STATISTIC_TITLES["kendall_tau_b"]
    assert table.value("kendall_tau_b", "dice") == agreement["dice"].kendall_tau_b == 1.0
    assert table.value("standard_inconsistency", "hausdorff") == \
        agreement["hausdorff"].standard_inconsistency
    assert table.item(3, 1).font().bold()
    assert table.item(3, 0) is None  # no statistic under the expected column
    assert table.item(0, 1).data(RANK_ROLE) == 1.0
    assert table.item(0, 1).data(Qt.ItemDataRole.UserRole) == 0.9
