"""The case browser's table: a row per case in the browser's order, a column per method
(and observer, with the reference choice ``each``) and metric."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTableWidget, QTableWidgetItem

from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.engine.families import METRICS
from vesselview.research.statistics import method_label

#: The table always has room for this many rows (issue 26: 3 were shown when docked).
LEAST_ROWS = 8


class CaseTable(QTableWidget):
    """Rows in the browser's order; columns ``case`` then (method, observer) x metric.

    Clicking a row shows its case in the inspector. The table has room for
    `LEAST_ROWS` rows, the least height the docks and splitters keep.
    """

    def __init__(self, browser: DatasetBrowser) -> None:
        super().__init__()
        self.browser = browser
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.cellClicked.connect(lambda row, _col: browser.pick(browser.rows[row]))
        self._keep_room_for_rows(LEAST_ROWS)

    def set_headers(self) -> None:
        """Headers for the browser's groups and metrics (columns as wide as them); every row."""
        dataset, metrics = self.browser.dataset, self.browser.metrics
        if dataset is None:
            return
        groups = self.groups()
        self.setColumnCount(1 + len(groups) * len(metrics))
        self.setHorizontalHeaderLabels(["case"] + [
            f"{method_label(method, dataset.baselines)}\n{METRICS[metric].short_name}"
            + ("" if observer is None else f" vs {observer}")
            for method, observer in groups for metric in metrics])
        for column, metric in enumerate(metrics * len(groups), start=1):
            header = self.horizontalHeaderItem(column)
            if header is not None:
                header.setToolTip(METRICS[metric].definition)
        self._fit_headers()
        self.fill()

    def fill(self) -> None:
        """Every row again (a new order or dataset)."""
        browser, dataset = self.browser, self.browser.dataset
        if dataset is None:
            return
        self.setUpdatesEnabled(False)
        self.setRowCount(len(browser.rows))
        for row, case_id in enumerate(browser.rows):
            self.setItem(row, 0, QTableWidgetItem(case_id))
            for method in dataset.methods:
                self._set_cells(row, case_id, method)
        self.setUpdatesEnabled(True)
        self.select_current(browser.current)

    def update_cells(self, case_id: str, method: str) -> None:
        """One evaluation's cells (the rest of the table stays)."""
        if case_id in self.browser.rows and self.rowCount() == len(self.browser.rows):
            self._set_cells(self.browser.rows.index(case_id), case_id, method)

    def select_current(self, case_id: str | None) -> None:
        """Select and scroll to the shown case's row (wherever the order put it)."""
        if case_id in self.browser.rows:
            row = self.browser.rows.index(case_id)
            self.blockSignals(True)
            self.selectRow(row)
            self.blockSignals(False)
            self.scrollTo(self.model().index(row, 0))

    def groups(self) -> tuple[tuple[str, str | None], ...]:
        """The column groups (method, observer) of the browser's table."""
        table, dataset = self.browser.table, self.browser.dataset
        if table is not None:
            return table.groups
        return tuple((method, None) for method in (dataset.methods if dataset else ()))

    def _set_cells(self, row: int, case_id: str, method: str) -> None:
        browser = self.browser
        groups, metrics = self.groups(), browser.metrics
        flag = "" if browser.table is None else browser.table.flag_text(case_id, method)
        for index, (group_method, observer) in enumerate(groups):
            if group_method != method:
                continue
            for offset, metric in enumerate(metrics):
                item = QTableWidgetItem(browser.value_text(case_id, method, metric, observer))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                      | Qt.AlignmentFlag.AlignVCenter)
                if flag:
                    item.setToolTip(f"{method}: {flag}")
                self.setItem(row, 1 + index * len(metrics) + offset, item)

    def _keep_room_for_rows(self, rows: int) -> None:
        """Rows one line of text tall, and room for ``rows`` of them between the two-line
        column headers and the scroll bar of the many columns."""
        line = self.fontMetrics().height()
        rows_header = self.verticalHeader()
        rows_header.setMinimumSectionSize(line + 4)
        rows_header.setDefaultSectionSize(line + 6)
        headers = 2 * line + 8  # "method\nmetric"
        self.setMinimumHeight(headers + rows * rows_header.defaultSectionSize()
                              + self.horizontalScrollBar().sizeHint().height()
                              + 2 * self.frameWidth())

    def _fit_headers(self) -> None:
        """Widen each column to its header's longest line ("good" over "Dice vs observer2"
        was cut to "ice vs observe"); values are narrower than their headers."""
        header = self.horizontalHeader()
        for column in range(self.columnCount()):
            self.setColumnWidth(column, max(header.defaultSectionSize(),
                                            header.sectionSizeHint(column)))
