"""The ranking table shared by the behaviour view and the candidates window.

As in the papers' tables (tolerance-F1 paper Tables 1, 2 and 4; CAL paper Tables III
and IV): one row per case or candidate, one column per metric, each cell the metric's
value and, in brackets, its rank (1 = best, from `vesselview.research.ranking`; a human
baseline's row says so and shows no rank); an "expected" column; below, one row per
agreement statistic of each metric with the expected order. A rank inside the expected
one's tier is marked ✓ on bluish green, outside it ✗ on vermillion (Okabe-Ito; the marks
carry the meaning without colour); statistics shade from vermillion (disagreement)
through white to bluish green (agreement). The values of one metric column share one
number of decimals (`column_decimals`); statistics show three. Every cell keeps its
number in ``Qt.UserRole`` (value) and ``RANK_ROLE`` (rank).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QTableWidgetItem, QWidget

from vesselview.engine.families import METRICS
from vesselview.engine.layers import OKABE_ITO
from vesselview.gui.research.metric_choice import short_label
from vesselview.gui.widgets.metric_docs import metric_tooltip
from vesselview.research.ranking import AGREEMENT_STATISTICS, RankAgreement, Ranking
from vesselview.research.statistics import method_label

RANK_ROLE = Qt.ItemDataRole.UserRole + 1
STATISTIC_TITLES: dict[str, str] = {
    "kendall_tau_b": "Kendall τ-b",
    "spearman": "Spearman ρ",
    "pearson": "Pearson r",
    "mean_inconsistency": "mean inconsistency ΔR1",
    "standard_inconsistency": "standard inconsistency ΔR2",
}
_AGREE = QColor(*OKABE_ITO["bluish_green"][:3])
_DISAGREE = QColor(*OKABE_ITO["vermillion"][:3])
_TINT = 0.35  # strength of a cell's colour over white
_UNDEFINED = QColor(225, 225, 225)
RIGHT_MARK, WRONG_MARK = "✓", "✗"
_SIGNIFICANT = 5  # digits of a column's largest value (4 decimals below 10)
def column_title(metric: str) -> str:
    """Header of a metric column: its short label (the registry's)."""
    return short_label(metric)


def column_decimals(values: np.ndarray, metric: str) -> int:
    """Decimals for every value of one metric column.

    Counts and columns of whole numbers get none; otherwise the largest finite
    magnitude keeps `_SIGNIFICANT` significant digits (4 decimals below 10, 1 from
    1000), so a column never mixes "10", "128.1" and "8.4853".

    Parameters
    ----------
    values : ndarray of float, shape (n,)
        The column (``nan``/``inf`` ignored).
    metric : str
    """
    finite = values[np.isfinite(values)]
    if METRICS[metric].count or finite.size == 0 or np.all(finite == np.round(finite)):
        return 0
    largest = float(np.abs(finite).max())
    digits = math.floor(math.log10(largest)) + 1 if largest >= 1 else 1
    return max(0, _SIGNIFICANT - digits)


def format_number(value: float, decimals: int) -> str:
    """``value`` with ``decimals`` decimals; ``n/a`` when undefined, ``∞`` when infinite."""
    if math.isnan(value):
        return "n/a"
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    return f"{value:.{decimals}f}"


def tier_bounds(expected_ranks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ranks each case may take without contradicting the expected order.

    A case tied with k - 1 others at expected position p may rank p .. p + k - 1.

    Parameters
    ----------
    expected_ranks : ndarray of float, shape (n,)
        1 = best, ties allowed, ``nan`` = unknown.

    Returns
    -------
    low, high : ndarray of float64, shape (n,)
        ``nan`` where the expected rank is unknown.
    """
    known = expected_ranks[~np.isnan(expected_ranks)]
    better = (known[None, :] < expected_ranks[:, None]).sum(axis=1)
    as_good = (known[None, :] <= expected_ranks[:, None]).sum(axis=1)
    unknown = np.isnan(expected_ranks)
    return (np.where(unknown, np.nan, better + 1.0), np.where(unknown, np.nan, as_good * 1.0))


def agreement_shade(statistic: str, value: float, n: int) -> QColor:
    """Cell colour of one agreement statistic (``n`` candidates took part)."""
    if math.isnan(value):
        return _UNDEFINED
    if statistic.endswith("inconsistency"):  # 0 (agree) .. n - 1 (disagree)
        value = 1.0 - 2.0 * value / max(n - 1, 1)
    return _tint(_AGREE if value >= 0 else _DISAGREE, min(abs(value), 1.0))


class RankTable(QTableWidget):
    """Values and ranks of every metric, the expected order, and the agreement rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.metrics: tuple[str, ...] = ()
        self.row_names: tuple[str, ...] = ()

    def show_ranking(self, ranking: Ranking, metrics: Sequence[str],
                     expected: np.ndarray | None = None, expected_title: str = "expected rank",
                     expected_ranks: np.ndarray | None = None,
                     agreement: RankAgreement | None = None) -> None:
        """Fill the table.

        Parameters
        ----------
        ranking : Ranking
            Rows; only ``metrics`` become columns.
        metrics : sequence of str
        expected : ndarray of float, shape (n_candidates,), optional
            Shown in the first column under ``expected_title``.
        expected_ranks : ndarray of float, shape (n_candidates,), optional
            The expected order as ranks (1 = best), for the colours; default ``expected``.
        agreement : RankAgreement, optional
            Appended as one row per statistic.
        """
        self.clear()
        self.metrics = tuple(metrics)
        statistics = AGREEMENT_STATISTICS if agreement is not None else ()
        self.row_names = (*ranking.candidates, *statistics)
        offset = 0 if expected is None else 1
        self.setRowCount(len(self.row_names))
        self.setColumnCount(offset + len(self.metrics))
        headers = [expected_title] * offset + [column_title(m) for m in self.metrics]
        self.setHorizontalHeaderLabels(headers)
        self.setVerticalHeaderLabels([STATISTIC_TITLES.get(n, method_label(n, ranking.baselines))
                                      for n in self.row_names])
        for column, metric in enumerate(self.metrics, start=offset):
            header = cast(QTableWidgetItem, self.horizontalHeaderItem(column))  # labels set above
            header.setToolTip(metric_tooltip(metric))
        bounds = None
        if expected is not None:
            ranks = expected if expected_ranks is None else expected_ranks
            bounds = tier_bounds(ranks)
            for row, value in enumerate(expected):
                self.setItem(row, 0, _cell("?" if math.isnan(value) else f"{value:g}", value))
        self._fill_ranks(ranking, offset, bounds)
        if agreement is not None:
            self._fill_statistics(agreement, len(ranking.candidates), offset)
        self.resizeColumnsToContents()

    def value(self, row_name: str, metric: str) -> float:
        """The number in the cell of ``row_name`` (candidate or statistic) and ``metric``."""
        return float(self._cell(row_name, metric).data(Qt.ItemDataRole.UserRole))

    def rank(self, candidate: str, metric: str) -> float:
        """The rank shown for ``candidate`` by ``metric``."""
        return float(self._cell(candidate, metric).data(RANK_ROLE))

    def _cell(self, row_name: str, metric: str) -> QTableWidgetItem:
        """The filled cell of ``row_name`` and ``metric``."""
        item = self.item(self.row_names.index(row_name), self._column(metric))
        if item is None:
            raise ValueError(f"no cell for {row_name!r} and {metric!r}")
        return item

    def _column(self, metric: str) -> int:
        return self.columnCount() - len(self.metrics) + self.metrics.index(metric)

    def _fill_ranks(self, ranking: Ranking, offset: int,
                    bounds: tuple[np.ndarray, np.ndarray] | None) -> None:
        for column, metric in enumerate(self.metrics, start=offset):
            j = ranking.metrics.index(metric)
            decimals = column_decimals(ranking.scores[:, j], metric)
            for row in range(len(ranking.candidates)):
                value, rank = ranking.scores[row, j], ranking.ranks[row, j]
                text = format_number(value, decimals)
                text += "" if math.isnan(rank) else f" ({rank:g})"
                colour = None
                if bounds is not None and not math.isnan(bounds[0][row]):
                    colour = _UNDEFINED
                    if not math.isnan(rank):
                        inside = bounds[0][row] <= rank <= bounds[1][row]
                        colour = _AGREE if inside else _DISAGREE
                        text += f" {RIGHT_MARK if inside else WRONG_MARK}"
                item = _cell(text, value)
                item.setData(RANK_ROLE, float(rank))
                if colour is not None:
                    item.setBackground(QBrush(_tint(colour, 1.0)))
                self.setItem(row, column, item)

    def _fill_statistics(self, agreement: RankAgreement, first_row: int, offset: int) -> None:
        bold = QFont()
        bold.setBold(True)
        for column, metric in enumerate(self.metrics, start=offset):
            row_agreement = agreement[metric]
            for row, statistic in enumerate(AGREEMENT_STATISTICS, start=first_row):
                value = getattr(row_agreement, statistic)
                item = _cell(format_number(value, 3), value)
                item.setBackground(QBrush(agreement_shade(statistic, value, row_agreement.n)))
                if statistic == "kendall_tau_b":
                    item.setFont(bold)
                self.setItem(row, column, item)


def _cell(text: str, value: float) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setData(Qt.ItemDataRole.UserRole, float(value))
    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


def _tint(colour: QColor, strength: float) -> QColor:
    """``colour`` blended over white by ``strength * _TINT`` (text stays readable)."""
    weight = strength * _TINT
    red, green, blue = colour.red(), colour.green(), colour.blue()
    return QColor(*(round(255 + (c - 255) * weight) for c in (red, green, blue)))
