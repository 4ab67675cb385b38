"""Metrics panel: every metric grouped by family, with definitions and change marks.

Undefined values read "undefined (reason)"; defined ones carry their unit (px, %).
Distances follow the window's length unit (`set_length_scale`): in µm when µm is chosen
and the result's spacing is known, in px otherwise (`vesselview.app.metric_units`); the
lengths a reason gives ("thin_width = 3 px") are in the chosen unit.
A partial result's pending values read ``PENDING_TEXT``, greyed, with the tooltip
``PENDING_TIP`` (`vesselview.gui.widgets.metric_text`). Values that differ from the
previous complete result are shown in bold for ``HIGHLIGHT_MS`` and their change is in
the Δ column, as soon as a partial result has them (bold, not a colour: yellow is the
image's highlight and means nothing else).
The Δ column and the value column are as wide as their numbers in bold; metric names
(and long undefined reasons) are elided instead, their full text is in the tooltip.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from vesselview.app.absent_families import absent_families
from vesselview.app.length_units import LengthScale
from vesselview.app.metric_units import shown_unit, shown_value
from vesselview.engine.families import FAMILIES, METRICS
from vesselview.engine.lengths import LengthUnit
from vesselview.engine.result import Result
from vesselview.gui.widgets.metric_docs import metric_tooltip
from vesselview.gui.widgets.metric_text import (
    PENDING_TEXT,
    PENDING_TIP,
    changed,
    delta_text,
    headline_html,
    value_text,
)

HIGHLIGHT_MS = 1500
_UNDEFINED = QColor(150, 150, 150)
_NAME, _VALUE, _DELTA = range(3)
_CELL_MARGIN = 16  # px around a cell's text (item padding of the common styles)


class _Cells(NamedTuple):
    """What one metric row shows."""

    text: str
    grey: bool
    tooltip: str
    delta: str
    name_tooltip: str


class MetricsPanel(QWidget):
    """Headline numbers above a tree of metric families and values.

    Attributes
    ----------
    headline : QLabel
        Dice, tolerance F1, CAL and SS, large.
    tree : QTreeWidget
        Families (top level) and metrics: name, value text, change.
    rows : dict of str to QTreeWidgetItem
        The tree row of every metric key.
    groups : dict of str to QTreeWidgetItem
        The tree row of every family (by name); a family whose inputs the shown case
        lacks (`vesselview.app.absent_families`) is folded into it, saying why.
    changed_keys : set of str
        Metrics shown with a value that differs from the previous complete result's.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = QLabel()
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        self.headline.setToolTip("Dice, tolerance F1, CAL and skeletal similarity: "
                                 "1 is perfect agreement. Details below.")
        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Metric", "Value", "Δ"])
        self.tree.setAlternatingRowColors(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.headline)
        layout.addWidget(self.tree)
        self.rows: dict[str, QTreeWidgetItem] = {}
        self.groups: dict[str, QTreeWidgetItem] = {}
        self._result: Result | None = None  # shown: complete or partial
        self._baseline: Result | None = None  # the last complete result shown
        self._shown_cells: dict[str, _Cells] = {}
        self.length_unit: LengthUnit = "px"
        self.length_scale = LengthScale()
        self.changed_keys: set[str] = set()
        self._fade = QTimer(self)
        self._fade.setSingleShot(True)
        self._fade.setInterval(HIGHLIGHT_MS)
        self._fade.timeout.connect(self._clear_highlights)
        self._build()

    def show_result(self, result: Result) -> None:
        """Display ``result`` (complete or partial), marking pending values and the values
        that differ from the previous complete result.

        Only the cells whose text, colour or tooltip change are touched (partial results
        follow each other quickly while the evaluation still runs beside the GUI).
        """
        if self._result is None or self._result.complete:  # a new evaluation's first result
            self._clear_highlights()
            self.changed_keys = set()
        self._result = result
        headline = headline_html(result)
        if headline != self.headline.text():
            self.headline.setText(headline)
        for key, item in self.rows.items():
            self._show_cells(key, item, self._cells_of(key, result))
            if key not in result.pending:
                self._mark_change(key, item, result.metrics[key])
        self._fold_absent(absent_families(result))
        if self.changed_keys:
            self._fade.start()
        if result.complete:
            self._baseline = result
            self._fit_values(result)

    def set_length_scale(self, scale: LengthScale) -> None:
        """Show distances in ``scale``'s unit (µm when the spacing is known, else px) and
        the lengths of undefined values' reasons in it from now on, the shown result
        included."""
        self.length_unit, self.length_scale = scale.unit, scale
        if self._result is not None:
            for key, item in self.rows.items():
                self._show_cells(key, item, self._cells_of(key, self._result))
            if self._result.complete:
                self._fit_values(self._result)

    def _cells_of(self, key: str, result: Result) -> _Cells:
        """What row ``key`` shows for ``result``: value text, greyed, tooltip, Δ text (in
        the unit of the value)."""
        described = metric_tooltip(key, shown_unit(result, key, self.length_unit))
        if key in result.pending:
            return _Cells(PENDING_TEXT, True, PENDING_TIP, "", described)
        value = shown_value(result, key, self.length_unit)
        undefined = math.isnan(result.metrics[key])
        before = (shown_value(self._baseline, key, self.length_unit)
                  if self._baseline is not None else value)
        delta = delta_text(before, value) if changed(before, value) else ""
        text, tooltip = value_text(result, key, self.length_unit), described
        if undefined:  # the reason, its lengths in the chosen unit
            text = tooltip = self.length_scale.in_text(result.describe(key))
        return _Cells(text, undefined, tooltip, delta, described)

    def _show_cells(self, key: str, item: QTreeWidgetItem, cells: _Cells) -> None:
        shown = self._shown_cells.get(key)
        if shown == cells:
            return
        self._shown_cells[key] = cells
        if shown is None or shown.text != cells.text:
            item.setText(_VALUE, cells.text)
        if shown is None or shown.grey != cells.grey:
            item.setForeground(_VALUE, QBrush(_UNDEFINED) if cells.grey else QBrush())
        if shown is None or shown.tooltip != cells.tooltip:
            item.setToolTip(_VALUE, cells.tooltip)
        if shown is None or shown.name_tooltip != cells.name_tooltip:
            item.setToolTip(_NAME, cells.name_tooltip)
        if shown is None or shown.delta != cells.delta:
            item.setText(_DELTA, cells.delta)

    def _mark_change(self, key: str, item: QTreeWidgetItem, value: float) -> None:
        """Embolden row ``key`` when ``value`` differs from the previous complete result's."""
        before = self._baseline.metrics[key] if self._baseline is not None else value
        if not changed(before, value):
            if key in self.changed_keys:  # a superseded evaluation's change
                self.changed_keys.discard(key)
                self._set_bold(item, False)
        elif key not in self.changed_keys:
            self.changed_keys.add(key)
            self._set_bold(item, True)

    def _fold_absent(self, absent: dict[str, str]) -> None:
        """Fold each family of ``absent`` (name -> reason) into its title line saying why;
        unfold the others."""
        for family in FAMILIES:
            group, reason = self.groups[family.name], absent.get(family.name, "")
            title = f"{family.title}: {reason}" if reason else family.title
            if group.text(_NAME) != title:
                group.setText(_NAME, title)
                group.setToolTip(_NAME, title if reason else "")  # the line may be elided
                group.setForeground(_NAME, QBrush(_UNDEFINED) if reason else QBrush())
                for key in family.keys:
                    self.rows[key].setHidden(bool(reason))

    def displayed(self, key: str) -> str:
        """The value text shown for metric ``key``."""
        return self.rows[key].text(_VALUE)

    def clear_values(self) -> None:
        """Forget the shown result (a new case starts)."""
        self._result = self._baseline = None
        self._shown_cells.clear()
        self.headline.setText("")
        for item in self.rows.values():
            item.setText(_VALUE, "")
            item.setText(_DELTA, "")

    def _build(self) -> None:
        bold = QFont()
        bold.setBold(True)
        for family in FAMILIES:
            group = QTreeWidgetItem(self.tree, [family.title])
            group.setFont(_NAME, bold)
            group.setFirstColumnSpanned(True)
            self.groups[family.name] = group
            for key in family.keys:
                item = QTreeWidgetItem(group, [METRICS[key].name, "", ""])
                item.setToolTip(_NAME, metric_tooltip(key))
                item.setTextAlignment(_DELTA, Qt.AlignmentFlag.AlignRight)
                item.setData(_NAME, Qt.ItemDataRole.UserRole, key)
                self.rows[key] = item
        self.tree.expandAll()
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(_NAME, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(_VALUE, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(_DELTA, QHeaderView.ResizeMode.ResizeToContents)
        self._fit_value_column([])

    def _fit_values(self, result: Result) -> None:
        """Fit the value column to the defined values of complete ``result``."""
        self._fit_value_column([value_text(result, key, self.length_unit)
                                for key in self.rows if not math.isnan(result.metrics[key])])

    def _fit_value_column(self, numbers: list[str]) -> None:
        """Make the value column as wide as the widest of ``numbers`` in bold (a changed
        value's weight; undefined reasons elide)."""
        bold = self.tree.font()
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        widest = max(metrics.horizontalAdvance(text) for text in [*numbers, "undefined", "Value"])
        self.tree.setColumnWidth(_VALUE, widest + _CELL_MARGIN)

    def _clear_highlights(self) -> None:
        for item in self.rows.values():
            self._set_bold(item, False)

    @staticmethod
    def _set_bold(item: QTreeWidgetItem, bold: bool) -> None:
        """Show a row's value and change in bold (a changed value) or the normal weight."""
        for column in (_VALUE, _DELTA):
            font = item.font(column)
            if font.bold() != bold:
                font.setBold(bold)
                item.setFont(column, font)
