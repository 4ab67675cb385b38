"""Choosing which metrics a research view shows, and formatting their numbers.

The research computations always produce every metric (one evaluation gives them
all); these widgets only choose what is drawn or which table columns are shown, so
changing the choice never recomputes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QListWidget, QListWidgetItem, QWidget

from vesselview.engine.families import FAMILIES, METRIC_KEYS, METRICS
from vesselview.gui.widgets.metric_docs import metric_tooltip

#: The metrics of the papers' comparison tables plus one of each newer family.
MAIN_METRICS: tuple[str, ...] = ("se", "sp", "acc", "dice", "mcc", "hausdorff", "fom", "f1_t",
                                 "cal", "ss", "cldice", "betti0_error")
#: Column sets offered by `MetricSetBox`, title -> metric keys.
METRIC_SETS: dict[str, tuple[str, ...]] = {
    "Main metrics": MAIN_METRICS,
    "All metrics": METRIC_KEYS,
    **{family.title: family.keys for family in FAMILIES},
}



def format_value(value: float) -> str:
    """A metric value for a table cell: whole numbers as such, else 4 decimals (1 from 10 on).

    ``n/a`` when undefined, ``∞`` for an infinite distance.
    """
    if math.isnan(value):
        return "n/a"
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    if value == int(value):
        return str(int(value))
    return f"{value:.1f}" if abs(value) >= 10 else f"{value:.4f}"


def short_label(key: str) -> str:
    """A compact column header of metric ``key`` (the registry's short name)."""
    return METRICS[key].short_name


class MetricChecklist(QListWidget):
    """Every metric as a checkable row (display name, definition as tooltip).

    Signals
    -------
    changed()
        The set of checked metrics changed.
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        for key in METRIC_KEYS:
            item = QListWidgetItem(METRICS[key].name)
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setToolTip(metric_tooltip(key))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.addItem(item)
        self.itemChanged.connect(lambda _item: self.changed.emit())

    def showEvent(self, event: QShowEvent) -> None:
        """Scroll to the first checked metric once the list has its size."""
        super().showEvent(event)
        self._scroll_to_checked()

    def checked(self) -> tuple[str, ...]:
        """Checked metric keys, in ``METRIC_KEYS`` order."""
        return tuple(self.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.count())
                     if self.item(i).checkState() == Qt.CheckState.Checked)

    def set_checked(self, keys: Iterable[str]) -> None:
        """Check exactly ``keys`` (one ``changed`` signal) and scroll to the first."""
        wanted = set(keys)
        self.blockSignals(True)
        for i in range(self.count()):
            item = self.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in wanted
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.blockSignals(False)
        self._scroll_to_checked()
        self.changed.emit()

    def _scroll_to_checked(self) -> None:
        checked = [self.item(i) for i in range(self.count())
                   if self.item(i).checkState() == Qt.CheckState.Checked]
        if checked:
            self.scrollToItem(checked[0], QAbstractItemView.ScrollHint.PositionAtTop)


class MetricSetBox(QComboBox):
    """A choice among `METRIC_SETS` (which metric columns a table shows)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.addItems(list(METRIC_SETS))
        self.setToolTip("Which metrics the table shows (all are computed)")

    def keys(self) -> tuple[str, ...]:
        """The metric keys of the chosen set."""
        return METRIC_SETS[self.currentText()]
