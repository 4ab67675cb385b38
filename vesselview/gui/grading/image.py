"""The grading window's image: fundus, segmentation and marks in one view box.

The fundus is dimmed so the segmentation (`segmentation_classes`, one lookup table
per `SegmentationView`) and the grader's marks (`MarkEditor`) stand out. Marking is
enabled only while an item's case is shown, so a stroke can never land on the
previous item's masks.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QWidget

from vesselview.engine.case import Case
from vesselview.gui.grading.marking import MarkEditor, MarkingBox
from vesselview.gui.grading.segmentation import (
    SegmentationView,
    segmentation_classes,
    segmentation_lookup_table,
)
from vesselview.gui.widgets.canvas import LEVELS, index_item

_SEGMENTATION_Z = 10
_FUNDUS_OPACITY = 0.6
_BACKGROUND = (16, 16, 16)


class GradingImage(pg.GraphicsLayoutWidget):
    """One case's image with the segmentation and the marks over it.

    Attributes
    ----------
    box : MarkingBox
    editor : MarkEditor
        The marks of the shown item.
    view_mode : SegmentationView
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setBackground(_BACKGROUND)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.box = MarkingBox()
        self.addItem(self.box)
        self.fundus = pg.ImageItem(levels=LEVELS, autoDownsample=False)
        self.fundus.setOpacity(_FUNDUS_OPACITY)
        self.box.addItem(self.fundus)
        self.segmentation = index_item(_SEGMENTATION_Z)
        self.box.addItem(self.segmentation)
        self.editor = MarkEditor(self.box)
        self.view_mode = SegmentationView.CONFUSION
        self.set_view_mode(self.view_mode)

    def show_case(self, case: Case, marks: dict[str, np.ndarray]) -> None:
        """Show ``case`` whole with its item's ``marks`` (label -> bool (H, W)); mark on."""
        if case.fundus is None:
            self.fundus.clear()
        else:
            self.fundus.setImage(case.fundus, autoLevels=False, levels=LEVELS)
        self.segmentation.setImage(segmentation_classes(case), autoLevels=False, levels=LEVELS)
        height, width = case.shape
        self.box.setRange(QRectF(0, 0, width, height), padding=0.01)
        self.editor.set_masks(case.shape, marks)
        self.box.editor = self.editor

    def stop_marking(self) -> None:
        """Ignore the mouse's drawing until the next `show_case` (a case is loading)."""
        self.editor.cancel_polygon()
        self.box.editor = None

    def set_view_mode(self, mode: SegmentationView) -> None:
        """Show the segmentation as ``mode`` (a table swap; nothing is recomputed)."""
        self.view_mode = mode
        self.segmentation.setLookupTable(segmentation_lookup_table(mode))
