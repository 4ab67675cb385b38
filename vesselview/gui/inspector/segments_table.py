"""Skeletal-similarity segments table: one sortable row per reference segment.

Selecting a row emits the segment's label; the window centres the view on the
segment and highlights it (`segment_region` finds its pixels).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from vesselview.engine.skeletal import SkeletalProducts
from vesselview.engine.skeletal.matching import COVERAGE, MIN_CANDIDATES

#: Column key -> (header, header tooltip), in display order; keys are fields of
#: ``SkeletalProducts.table`` (``docs/metrics.md`` §5 step 9).
COLUMNS: dict[str, tuple[str, str]] = {
    "label": ("Label", "Reference skeleton segment label"),
    "length": ("n_R", "Segment length: its skeleton pixels inside the FOV"),
    "n_s": ("n_S", "Candidate skeleton pixels assigned to the segment"),
    "cs": ("cs", "Curve similarity of the fitted cubics (n/a: nothing assigned)"),
    "ts": ("ts", "Thickness similarity (n/a: nothing assigned)"),
    "score": ("Score", "(1 - SS weight α)·cs + α·ts; 0 when not valid "
              "(hover an invalid row for the failed rule)"),
    "valid": ("Valid", "n_S > 0.6·n_R and n_S > 3"),
}
_KEYS = tuple(COLUMNS)
#: A table with no segments (no result yet, or no SS products).
EMPTY_TABLE = np.zeros(0, [(key, np.float64) for key in _KEYS])
_Index = QModelIndex | QPersistentModelIndex


def invalid_reason(n_r: float, n_s: float) -> str:
    """Why a segment of ``n_r`` reference and ``n_s`` assigned pixels is not valid.

    A segment is valid when ``n_S > 0.6·n_R`` and ``n_S > 3``
    (``docs/metrics.md`` §5 step 9g); an invalid one scores 0.

    Returns
    -------
    str
        The failed rules ("" when the segment is valid).

    Examples
    --------
    >>> invalid_reason(15, 5)
    'n_S 5 ≤ 0.6·n_R = 9'
    >>> invalid_reason(4, 2)
    'n_S 2 ≤ 0.6·n_R = 2.4; n_S 2 ≤ 3'
    >>> invalid_reason(4, 4)
    ''
    """
    failed = []
    if not n_s > COVERAGE * n_r:
        failed.append(f"n_S {n_s:g} ≤ {COVERAGE:g}·n_R = {COVERAGE * n_r:.3g}")
    if not n_s > MIN_CANDIDATES:
        failed.append(f"n_S {n_s:g} ≤ {MIN_CANDIDATES}")
    return "; ".join(failed)


def segment_region(labels: np.ndarray, label: int) -> tuple[int, int, np.ndarray]:
    """Bounding box and mask of segment ``label``.

    Parameters
    ----------
    labels : ndarray of int32, shape (H, W)
        SS segment label image.
    label : int
        A label present in ``labels``.

    Returns
    -------
    top, left : int
        Upper-left corner of the bounding box (row, column).
    mask : ndarray of bool, shape (h, w)
        The segment's pixels inside the box.
    """
    rows, cols = np.nonzero(labels == label)
    top, left = int(rows.min()), int(cols.min())
    mask = np.zeros((int(rows.max()) - top + 1, int(cols.max()) - left + 1), bool)
    mask[rows - top, cols - left] = True
    return top, left, mask


class SegmentsModel(QAbstractTableModel):
    """Table model over the SS segment table of one result (a structured array).

    Sorting is an index permutation computed by numpy (`sort`), so a new table of
    thousands of segments is shown and kept sorted without per-row Python calls.
    """

    def __init__(self) -> None:
        super().__init__()
        self._table = EMPTY_TABLE
        self._order = np.arange(0)
        self._sort_key, self._descending = _KEYS[0], False

    @property
    def table(self) -> np.ndarray:
        """The structured array shown (unsorted)."""
        return self._table

    def set_table(self, table: np.ndarray) -> None:
        """Replace the rows: a structured array with (at least) the fields of `COLUMNS`."""
        self.beginResetModel()
        self._table = table
        self._order = self._sorted_order()
        self.endResetModel()

    def label_at(self, row: int) -> int:
        """Segment label shown in ``row``."""
        return int(self._table["label"][self._order[row]])

    def row_of(self, label: int) -> int | None:
        """Row showing segment ``label`` (None when absent)."""
        rows = np.nonzero(self._table["label"][self._order] == label)[0]
        return int(rows[0]) if len(rows) else None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order the rows by ``column`` (stable; undefined values last when ascending)."""
        self.layoutAboutToBeChanged.emit()
        self._sort_key = _KEYS[column]
        self._descending = order == Qt.SortOrder.DescendingOrder
        self._order = self._sorted_order()
        self.layoutChanged.emit()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt API
        return 0 if parent.isValid() else len(self._table)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt API
        return 0 if parent.isValid() else len(_KEYS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        header, tooltip = COLUMNS[_KEYS[section]]
        if role == Qt.ItemDataRole.DisplayRole:
            return header
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        entry = self._table[self._order[index.row()]]
        if role == Qt.ItemDataRole.ToolTipRole:
            return None if entry["valid"] else ("Not valid, so its score is 0: "
                                                + invalid_reason(entry["length"], entry["n_s"]))
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        key = _KEYS[index.column()]
        if key == "score" and not entry["valid"]:
            return "0 (invalid)"
        value = entry[key]
        if isinstance(value, np.bool_):
            return "yes" if value else "no"
        if isinstance(value, np.floating):
            return "n/a" if np.isnan(value) else f"{value:.3f}"
        return str(value)

    def _sorted_order(self) -> np.ndarray:
        order = np.argsort(self._table[self._sort_key], kind="stable")
        return order[::-1] if self._descending else order


class SegmentsTable(QTableView):
    """Sortable segments table.

    Signals
    -------
    segment_selected(int)
        The label of the segment whose row was selected.
    """

    segment_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.segments = SegmentsModel()
        self.setModel(self.segments)
        self.setSortingEnabled(True)
        self.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().hide()
        self.setWordWrap(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # "0 (invalid)" is wider than the numbers; its column fits it, the others share the rest
        header.setSectionResizeMode(_KEYS.index("score"), QHeaderView.ResizeMode.ResizeToContents)
        # fit the rows in view only: a 3504x3390 case has thousands of segments, and
        # measuring them all froze the window for a third of a second
        header.setResizeContentsPrecision(0)
        self.selectionModel().currentRowChanged.connect(self._on_current_row)

    def show_segments(self, skeletal: SkeletalProducts | None) -> None:
        """Show the segment table of a result's SS products (None clears the table).

        The pipeline hands back the same products object while no SS parameter
        changed; then the table (and the selection) stay as they are.
        """
        table = skeletal.table if skeletal is not None else EMPTY_TABLE
        if table is not self.segments.table:
            self.segments.set_table(table)

    def select_label(self, label: int) -> None:
        """Select the row of segment ``label`` (as a click would)."""
        row = self.segments.row_of(label)
        if row is not None:
            self.selectRow(row)

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.segment_selected.emit(self.segments.label_at(current.row()))
