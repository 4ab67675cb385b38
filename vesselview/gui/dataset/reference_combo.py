"""The case browser's choice of the reference the cases are scored against."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from vesselview.app.dataset_browser import BROWSER_REFERENCES

#: How the reference choices read in the browser's combo box.
#: Short, so the controls row keeps the browser narrow enough to float beside the image.
_REFERENCE_LABELS = {"one": "observer", "each": "each", "majority": "majority",
                     "intersection": "all", "union": "any", "fuzzy": "fuzzy"}


def reference_combo() -> QComboBox:
    """A combo box of `BROWSER_REFERENCES` (item data the choice), labelled briefly."""
    combo = QComboBox()
    for choice in BROWSER_REFERENCES:
        combo.addItem(_REFERENCE_LABELS[choice], choice)
    combo.setToolTip(
        "The reference the cases are scored against: the chosen observer's, each "
        "observer's in turn (a column group per observer), a consensus of the "
        "dataset's observers (majority: strictly more than half of them, so with two "
        "the pixels both mark; all: their intersection; any: their union) or their "
        "fuzzy reference (the share of observers marking a pixel)")
    return combo
