"""The agreement of every metric with the graders: one sortable row per metric.

Columns as in the CLI's CSV (`vesselview.io.agreement_tables.AGREEMENT_FIELDS`):
Kendall tau-b, Spearman, Pearson, Paglieroni's Delta_R1 and Delta_R2 against the mean
human score, and n (subjects where metric and score are both defined). Cells shade from
vermillion (disagreement) to bluish green (agreement) as in the candidates window
(`agreement_shade`); every cell keeps its number in ``Qt.UserRole``, and a click on a
header sorts by it numerically, undefined values last.
"""

from __future__ import annotations

import math
from typing import Any, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QTableWidgetItem, QWidget

from vesselview.gui.research.metric_choice import short_label
from vesselview.gui.research.rank_table import STATISTIC_TITLES, agreement_shade, format_number
from vesselview.gui.widgets.metric_docs import metric_tooltip
from vesselview.research.ranking import Agreement, RankAgreement

#: Agreement attributes shown after the metric column, in order.
COLUMNS: tuple[str, ...] = ("kendall_tau_b", "spearman", "pearson", "mean_inconsistency",
                            "standard_inconsistency", "n")
_TITLES = {**STATISTIC_TITLES, "mean_inconsistency": "ΔR1",
           "standard_inconsistency": "ΔR2", "n": "n"}
_DECIMALS = 3


class NumberItem(QTableWidgetItem):
    """A cell that sorts by its number (``Qt.UserRole``); nan sorts after every number."""

    def __init__(self, value: float, text: str) -> None:
        super().__init__(text)
        self.setData(Qt.ItemDataRole.UserRole, value)
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = (float(item.data(Qt.ItemDataRole.UserRole)) for item in (self, other))
        if math.isnan(mine) or math.isnan(theirs):
            return not math.isnan(mine) and math.isnan(theirs)
        return mine < theirs


class AgreementTable(QTableWidget):
    """One row per metric, one column per agreement statistic; sortable."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 1 + len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(["metric", *(_TITLES[c] for c in COLUMNS)])
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.verticalHeader().hide()
        # unsorted (the registry's metric order) until a header is clicked
        self.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.setSortingEnabled(True)

    def show_agreement(self, agreement: RankAgreement) -> None:
        """Fill the table with ``agreement`` (the current sort order is kept)."""
        self.setSortingEnabled(False)
        self.setRowCount(len(agreement.rows))
        for row, entry in enumerate(agreement.rows):
            name = QTableWidgetItem(short_label(entry.metric))
            name.setData(Qt.ItemDataRole.UserRole, entry.metric)
            name.setToolTip(metric_tooltip(entry.metric))
            self.setItem(row, 0, name)
            for column, statistic in enumerate(COLUMNS, start=1):
                self.setItem(row, column, _cell(entry, statistic))
        self.setSortingEnabled(True)
        self.resizeColumnsToContents()

    def metric_order(self) -> list[str]:
        """Metric keys in the rows' current (sorted) order."""
        return [self._data(row, 0) for row in range(self.rowCount())]

    def column_values(self, statistic: str) -> list[float]:
        """The numbers of one column (a key of `COLUMNS`), in the rows' current order."""
        column = 1 + COLUMNS.index(statistic)
        return [float(self._data(row, column)) for row in range(self.rowCount())]

    def _data(self, row: int, column: int) -> Any:
        """The ``Qt.UserRole`` data of a filled cell."""
        return cast(QTableWidgetItem, self.item(row, column)).data(Qt.ItemDataRole.UserRole)


def _cell(entry: Agreement, statistic: str) -> NumberItem:
    value = float(getattr(entry, statistic))
    if statistic == "n":
        return NumberItem(value, str(entry.n))
    item = NumberItem(value, format_number(value, _DECIMALS))
    item.setBackground(agreement_shade(statistic, value, entry.n))
    return item
