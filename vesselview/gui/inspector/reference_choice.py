"""The inspector's "Reference" drop-down list: which observer (or consensus of the
observers, or their fuzzy reference) the shown case is scored against.

It offers what `vesselview.app.reference_switch.ReferenceSwitch` says the shown case
can be scored against, is enabled only when that is more than one reference, and
choosing an entry re-evaluates the case against it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from vesselview.app.inspector import ShownCase
from vesselview.app.reference_switch import ReferenceSwitch

#: How the derived references read in the list (observers read as their names).
_LABELS = {"majority": "majority of observers", "intersection": "intersection of observers",
           "union": "union of observers", "fuzzy": "fuzzy (observers' share)"}
_TOOLTIP = ("The reference the metrics compare with: one observer's tracing, a consensus "
            "of the case's observers (majority: strictly more than half of them, so with "
            "two the pixels both mark) or their fuzzy reference. Enabled when the case "
            "holds several observers (e.g. a DRIVE test, STARE or CHASE_DB1 case opened "
            "from its dataset).")


class ReferenceChoice(QWidget):
    """A labelled drop-down list over a `ReferenceSwitch`.

    Attributes
    ----------
    combo : QComboBox
        One entry per reference the shown case offers (item data: its name).
    """

    def __init__(self, switch: ReferenceSwitch, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.switch = switch
        self.combo = QComboBox()
        self.combo.setToolTip(_TOOLTIP)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Reference"))
        layout.addWidget(self.combo, 1)
        self._fill()
        switch.model.case_changed.connect(self._on_case)
        self.combo.currentIndexChanged.connect(self._on_choice)

    def _on_case(self, _shown: ShownCase) -> None:
        self._fill()

    def _fill(self) -> None:
        """The shown case's options, its current reference selected."""
        self.combo.blockSignals(True)
        self.combo.clear()
        for option in self.switch.options:
            self.combo.addItem(_LABELS.get(option, option), option)
        self.combo.setCurrentIndex(self.combo.findData(self.switch.chosen))
        self.combo.setEnabled(self.combo.count() > 1)
        self.combo.blockSignals(False)

    def _on_choice(self, index: int) -> None:
        if index >= 0:
            self.switch.choose(self.combo.itemData(index))
