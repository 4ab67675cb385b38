"""Compare modes: flicker, swipe and side by side between reference and candidate masks.

In every compare mode the overlays are hidden and the two masks are drawn in the same
colour over the fundus, so the eye sees only where they differ; that colour
(`vesselview.engine.layers.COMPARE_MASK`, vivid green) means "vessel of the shown
mask" and nothing else (white, for instance, is the overlays' "both agree"):

- flicker: one mask at a time; a key toggles, Space shows the other mask while held
  (caught in the main window while flicker is on, so it never presses a focused button;
  text inputs and dialogs keep their Space);
- swipe: the reference left of a draggable divider, the candidate right of it; the
  divider starts in the middle of the shown image area;
- side by side: reference on the left, candidate on the right, zoom and pan linked.

`CompareController.compare_with` puts another method's candidate where the reference
was (the case browser's method B), so two methods of one case can be compared.
"""

from __future__ import annotations

import enum
from typing import cast

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QPen
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGraphicsItem,
    QGraphicsRectItem,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from vesselview.engine.layers import CHROME, COMPARE_MASK
from vesselview.gui.inspector.view import InspectorView
from vesselview.gui.widgets.canvas import LEVELS, index_item

#: Colour of a vessel mask in compare modes (slightly translucent).
MASK_RGBA = (*COMPARE_MASK[:3], 230)
#: Colour of the swipe divider: window chrome, a neutral grey no layer draws with.
DIVIDER_RGBA = CHROME
_TEXT_INPUTS = (QLineEdit, QAbstractSpinBox, QTextEdit, QPlainTextEdit)


class CompareMode(enum.Enum):
    """How reference and candidate are shown."""

    OVERLAY = "overlay"
    FLICKER = "flicker"
    SWIPE = "swipe"
    SIDE_BY_SIDE = "side by side"


def _mask_item(z_value: float) -> pg.ImageItem:
    item = index_item(z_value)
    table = np.zeros((256, 4), np.uint8)
    table[1] = MASK_RGBA
    item.setLookupTable(table)
    return item


class CompareController(QObject):
    """Owns the mask items and the divider of the compare modes.

    Signals
    -------
    mode_changed(CompareMode)
    """

    mode_changed = Signal(object)

    def __init__(self, view: InspectorView) -> None:
        super().__init__(view)
        self._view = view
        self.mode = CompareMode.OVERLAY
        self.shown_role = "reference"
        self._held = False
        self.other_name: str | None = None
        #: Whose candidate is shown (a method's name), for the banners; None: "candidate".
        self.candidate_name: str | None = None
        self._other: np.ndarray | None = None
        self._masks: tuple[np.ndarray, np.ndarray] | None = None
        self._reference = _mask_item(500)
        view.main_box.addItem(self._reference, ignoreBounds=True)
        self._clip = QGraphicsRectItem()
        self._clip.setFlag(QGraphicsItem.GraphicsItemFlag.ItemClipsChildrenToShape)
        self._clip.setPen(QPen(pg.mkColor(0, 0, 0, 0)))
        self._clip.setZValue(501)
        view.main_box.addItem(self._clip, ignoreBounds=True)
        self._candidate = _mask_item(0)
        self._candidate.setParentItem(self._clip)
        self._side_candidate = _mask_item(500)
        view.second_box.addItem(self._side_candidate, ignoreBounds=True)
        self.divider = pg.InfiniteLine(angle=90, movable=True,
                                       pen=pg.mkPen(DIVIDER_RGBA, width=3))
        self.divider.setZValue(600)
        view.main_box.addItem(self.divider, ignoreBounds=True)
        self.divider.sigPositionChanged.connect(self._update_clip)
        self._refresh()

    def set_masks(self, reference: np.ndarray, candidate: np.ndarray) -> None:
        """The masks to compare (bool, shape (H, W)); the divider stays where it is.

        While `compare_with` set another mask of this size, it is shown instead of
        ``reference``.
        """
        self._masks = (reference, candidate)
        width = reference.shape[1]
        other = self._other
        left = other if other is not None and other.shape == reference.shape else reference
        self._reference.setImage(left.view(np.uint8), autoLevels=False, levels=LEVELS)
        for item in (self._candidate, self._side_candidate):
            item.setImage(candidate.view(np.uint8), autoLevels=False, levels=LEVELS)
        self.divider.setBounds((0, width))
        self._update_clip()

    def compare_with(self, name: str | None, mask: np.ndarray | None) -> None:
        """Compare the candidate with ``mask`` (bool (H, W), e.g. another method's
        candidate, called ``name``) instead of the reference; None: the reference again."""
        self.other_name, self._other = (name, mask) if mask is not None else (None, None)
        if self._masks is not None:
            self.set_masks(*self._masks)
        self._refresh()

    def set_candidate_name(self, name: str | None) -> None:
        """Name the shown candidate in the banners (a method's name; None: "candidate")."""
        self.candidate_name = name
        self._refresh()

    def set_mode(self, mode: CompareMode) -> None:
        """Switch to ``mode`` (flicker starts on the reference, swipe in the view's middle)."""
        flicker_on, flicker_was = mode is CompareMode.FLICKER, self.mode is CompareMode.FLICKER
        if mode is CompareMode.SWIPE and self.mode is not CompareMode.SWIPE:
            self.centre_divider()
        if flicker_on and not flicker_was:
            self.shown_role = "reference"
            _application().installEventFilter(self)
        elif flicker_was and not flicker_on:
            _application().removeEventFilter(self)
            self._held = False
        self.mode = mode
        self._refresh()
        self.mode_changed.emit(mode)

    def toggle_flicker(self) -> None:
        """Enter flicker mode, or swap the mask it shows."""
        if self.mode is not CompareMode.FLICKER:
            self.set_mode(CompareMode.FLICKER)
            return
        self.shown_role = "candidate" if self.shown_role == "reference" else "reference"
        self._refresh()

    def centre_divider(self) -> None:
        """Put the swipe divider in the middle of the shown image area (within the image)."""
        x, _y, width, _height = self._view.view_rect()
        self.divider.setValue(min(max(x + width / 2, 0.0), float(self._view.shape[1])))

    def hold_other(self, held: bool) -> None:
        """While ``held`` (a key is down) flicker mode shows the other mask."""
        self._held = held
        self._refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """In flicker mode, Space in the main window (but not in text inputs) holds the
        other mask."""
        key = cast(QKeyEvent, event)  # read only for the two key event types
        if event.type() in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease) and \
                key.key() == Qt.Key.Key_Space and self._space_is_ours(watched):
            if not key.isAutoRepeat():
                self.hold_other(event.type() == QEvent.Type.KeyPress)
            return True
        return super().eventFilter(watched, event)

    def _space_is_ours(self, receiver: QObject) -> bool:
        """True for key events sent to a widget of the view's window that is not for text.

        Key events reach the platform window first and then its focus widget; only the
        widget (a `QWidget`) says whether the key is typed text.
        """
        if not isinstance(receiver, QWidget) or receiver.window() is not self._view.window():
            return False
        editable_combo = isinstance(receiver, QComboBox) and receiver.isEditable()
        return not (isinstance(receiver, _TEXT_INPUTS) or editable_combo)

    def visible_role(self) -> str:
        """The mask flicker mode shows right now."""
        if self._held:
            return "candidate" if self.shown_role == "reference" else "reference"
        return self.shown_role

    def _refresh(self) -> None:
        mode, view = self.mode, self._view
        comparing = mode is not CompareMode.OVERLAY
        flicker_role = self.visible_role()
        view.main.set_overlays_shown(not comparing)
        view.set_side_by_side(mode is CompareMode.SIDE_BY_SIDE)
        self._reference.setVisible(
            mode in (CompareMode.SWIPE, CompareMode.SIDE_BY_SIDE)
            or (mode is CompareMode.FLICKER and flicker_role == "reference"))
        self._clip.setVisible(mode in (CompareMode.SWIPE, CompareMode.FLICKER))
        self._update_clip()
        self.divider.setVisible(mode is CompareMode.SWIPE)
        left = f"method {self.other_name}" if self.other_name else "reference (manual)"
        right = f"method {self.candidate_name}" if self.candidate_name else "candidate"
        shown = left if flicker_role == "reference" else right
        view.set_banner({
            CompareMode.OVERLAY: "",
            CompareMode.FLICKER: f"FLICKER: showing the <b>{shown}</b> "
                                 "(F toggles, hold Space for the other)",
            CompareMode.SWIPE: f"◀ {left} &nbsp;|&nbsp; {right} ▶ (drag the grey line)",
            CompareMode.SIDE_BY_SIDE: f"Left: <b>{left}</b> &nbsp;&nbsp; Right: <b>{right}</b>",
        }[mode])

    def _update_clip(self) -> None:
        """Clip the candidate to the right of the divider (swipe) or show it whole (flicker)."""
        height, width = self._view.shape
        if self.mode is CompareMode.FLICKER:
            left = 0.0 if self.visible_role() == "candidate" else float(width)
        else:
            left = min(max(self.divider.value(), 0.0), float(width))
        self._clip.setRect(QRectF(left, 0, width - left, height))


def _application() -> QApplication:
    """The running application (a compare view exists only inside one)."""
    return cast(QApplication, QApplication.instance())
