"""Choosing the case browser's metric columns: every metric, grouped by family.

A dialog with one checkable row per metric of `vesselview.engine.families.FAMILIES`
(the family's title as a bold, unselectable header row), its definition as tooltip.
The chosen keys come back in the registry's order, which is also the order of the
CLI's columns.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from vesselview.engine.families import FAMILIES

_KEY_ROLE = Qt.ItemDataRole.UserRole


class MetricPicker(QDialog):
    """Tick the metrics the case browser computes and shows.

    Parameters
    ----------
    chosen : tuple of str
        The metric keys ticked at first.
    parent : QWidget, optional

    Attributes
    ----------
    metrics : QListWidget
        Family header rows (not checkable) and one checkable row per metric.
    buttons : QDialogButtonBox
        OK (disabled while nothing is ticked) and Cancel.
    """

    def __init__(self, chosen: tuple[str, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Metrics of the case browser")
        self.metrics = QListWidget()
        for family in FAMILIES:
            self.metrics.addItem(_header(family.title))
            for info in family.metrics:
                item = QListWidgetItem(f"{info.name} ({info.key})")
                item.setData(_KEY_ROLE, info.key)
                item.setToolTip(info.definition)
                item.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
                item.setCheckState(Qt.CheckState.Checked if info.key in chosen
                                   else Qt.CheckState.Unchecked)
                self.metrics.addItem(item)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.metrics.itemChanged.connect(lambda _item: self._enable_ok())
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Columns of the table (computed for every case and method; "
                                "values computed before are reused):"))
        layout.addWidget(self.metrics, 1)
        layout.addWidget(self.buttons)
        self.resize(420, 560)
        self._enable_ok()

    def chosen(self) -> tuple[str, ...]:
        """The ticked metric keys, in the registry's order."""
        items = (self.metrics.item(row) for row in range(self.metrics.count()))
        return tuple(item.data(_KEY_ROLE) for item in items
                     if item.data(_KEY_ROLE) and item.checkState() == Qt.CheckState.Checked)

    def _enable_ok(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.chosen()))
        ok.setToolTip("" if self.chosen() else "Tick one metric or more")


def _header(title: str) -> QListWidgetItem:
    """A bold family title row that cannot be ticked or selected."""
    item = QListWidgetItem(title)
    font = QFont()
    font.setBold(True)
    item.setFont(font)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled)
    return item
