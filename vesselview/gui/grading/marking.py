"""Region marks drawn on the image: a brush, an eraser and a polygon, one label at a time.

`MarkEditor` owns the current item's masks (one bool (H, W) array per label) and shows
them as one uint8 index image (0 = unmarked, ``i + 1`` = label ``i``'s fill, then its
hatch lines; a later label is drawn over an earlier one) with a lookup table, so a
stroke repaints one array. Each label has a colour and a hatching of its own.
`MarkingBox` is the image's view box: while a drawing tool is chosen, the left mouse
button draws instead of panning (the wheel still zooms). A stroke or a closed polygon
ends in one ``marks_edited(label)`` signal, which the grading window saves.
"""

from __future__ import annotations

import enum

import cv2
import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from vesselview.engine.layers import CHROME
from vesselview.gui.grading.mark_style import VIEW_BACKGROUND, mark_index, mark_lookup_table
from vesselview.gui.widgets.canvas import LEVELS, index_item
from vesselview.io.grading_files import MARK_LABELS

DEFAULT_BRUSH_RADIUS = 4  # pixels of the image
_MARKS_Z = 500  # above the segmentation overlays
#: The outline of a polygon being drawn: window chrome (white would read as "both agree").
_POLYGON_PEN = QPen(QColor(*CHROME), 2)
_POLYGON_PEN.setCosmetic(True)  # two screen pixels wide at any zoom


class Tool(enum.Enum):
    """What the left mouse button does on the image."""

    NAVIGATE = "navigate"
    BRUSH = "brush"
    ERASER = "eraser"
    POLYGON = "polygon"


class MarkEditor(QObject):
    """The current item's marks, their display, and the drawing tools.

    Signals
    -------
    marks_edited(str)
        The masks of that label changed (a stroke ended, a polygon closed, a clear).
    """

    marks_edited = Signal(str)

    def __init__(self, box: pg.ViewBox) -> None:
        super().__init__()
        self.tool = Tool.NAVIGATE
        self.label = MARK_LABELS[0]
        self.brush_radius = DEFAULT_BRUSH_RADIUS
        self.masks: dict[str, np.ndarray] = {}
        self._shape = (1, 1)
        self._index = np.zeros(self._shape, np.uint8)
        self._last_point: tuple[int, int] | None = None  # (x, y) of the stroke so far
        self._vertices: list[QPointF] = []
        self.item = index_item(_MARKS_Z)
        self.item.setLookupTable(mark_lookup_table())
        box.addItem(self.item)
        self.polygon = QGraphicsPathItem()
        self.polygon.setPen(_POLYGON_PEN)
        self.polygon.setZValue(_MARKS_Z + 1)
        box.addItem(self.polygon)

    # -- the item's masks ------------------------------------------------------------

    def set_masks(self, shape: tuple[int, int], masks: dict[str, np.ndarray]) -> None:
        """Start editing the marks of an item of ``shape`` (label -> bool (H, W))."""
        self._shape = shape
        self.masks = {label: np.zeros(shape, bool) for label in MARK_LABELS}
        for label, mask in masks.items():
            self.masks[label] = mask.copy()
        self.cancel_polygon()
        self._refresh()

    def clear_label(self, label: str) -> None:
        """Remove every mark of ``label``."""
        if self.masks.get(label) is not None and self.masks[label].any():
            self.masks[label][:] = False
            self._refresh()
            self.marks_edited.emit(label)

    def marked(self, label: str) -> int:
        """How many pixels carry ``label``."""
        return int(np.count_nonzero(self.masks[label])) if label in self.masks else 0

    # -- drawing (called by MarkingBox with view coordinates: x = column) ------------

    def stroke_to(self, point: QPointF, *, finished: bool) -> None:
        """Extend the brush or eraser stroke to ``point``; ``finished`` ends it."""
        here = (int(np.floor(point.x())), int(np.floor(point.y())))
        start = self._last_point if self._last_point is not None else here
        self._paint_segment(start, here, erase=self.tool is Tool.ERASER)
        self._last_point = None if finished else here
        if finished:
            self.marks_edited.emit(self.label)

    def add_vertex(self, point: QPointF) -> None:
        """Add a polygon corner (the outline follows)."""
        self._vertices.append(QPointF(point))
        self._show_polygon()

    def close_polygon(self) -> None:
        """Fill the polygon drawn so far with the current label (3 corners at least)."""
        corners = np.array([[v.x(), v.y()] for v in self._vertices], np.float64)
        self.cancel_polygon()
        if len(corners) < 3:
            return
        canvas = np.zeros(self._shape, np.uint8)
        shift = 4  # sub-pixel corners: coordinates in 1/16 pixel
        points = np.round((corners - 0.5) * (1 << shift)).astype(np.int32)
        cv2.fillPoly(canvas, [points], 1, lineType=cv2.LINE_8, shift=shift)
        self.masks[self.label] |= canvas.astype(bool)
        self._refresh()
        self.marks_edited.emit(self.label)

    def cancel_polygon(self) -> None:
        """Forget the polygon being drawn."""
        self._vertices.clear()
        self.polygon.setPath(QPainterPath())

    @property
    def polygon_corners(self) -> int:
        """Corners of the polygon being drawn."""
        return len(self._vertices)

    def _paint_segment(self, start: tuple[int, int], end: tuple[int, int], *,
                       erase: bool) -> None:
        """Draw a round-capped line of the brush's width into a crop of the label's mask."""
        radius = self.brush_radius
        height, width = self._shape
        (x0, y0), (x1, y1) = start, end
        left, right = max(min(x0, x1) - radius, 0), min(max(x0, x1) + radius + 1, width)
        top, bottom = max(min(y0, y1) - radius, 0), min(max(y0, y1) + radius + 1, height)
        if left >= right or top >= bottom:
            return  # the stroke is outside the image
        crop = np.zeros((bottom - top, right - left), np.uint8)
        cv2.line(crop, (x0 - left, y0 - top), (x1 - left, y1 - top), 1,
                 thickness=2 * radius + 1, lineType=cv2.LINE_8)
        region = self.masks[self.label][top:bottom, left:right]
        if erase:
            region &= crop == 0
        else:
            region |= crop.astype(bool)
        self._refresh(top, bottom, left, right)

    def _refresh(self, top: int = 0, bottom: int | None = None, left: int = 0,
                 right: int | None = None) -> None:
        """Rebuild the index image (in a window of it) from the masks and show it."""
        if self._index.shape != self._shape:
            self._index = np.zeros(self._shape, np.uint8)
        window = (slice(top, bottom), slice(left, right))
        self._index[window] = mark_index({label: mask[window] for label, mask in
                                          self.masks.items()}, top, left)
        self.item.setImage(self._index, autoLevels=False, levels=LEVELS)

    def _show_polygon(self) -> None:
        path = QPainterPath()
        path.moveTo(self._vertices[0])
        for vertex in self._vertices[1:]:
            path.lineTo(vertex)
        if len(self._vertices) > 2:
            path.closeSubpath()
        self.polygon.setPath(path)


class MarkingBox(pg.ViewBox):
    """An image view box whose left mouse button draws with the `MarkEditor`'s tool.

    With `Tool.NAVIGATE` it pans as usual; the wheel zooms with every tool. A polygon
    gets a corner per click and closes on a double click (or Enter, see the window).
    """

    def __init__(self) -> None:
        super().__init__(lockAspect=True, invertY=True, enableMenu=False)
        self.setBackgroundColor(VIEW_BACKGROUND)
        self.editor: MarkEditor | None = None

    def _drawing(self, button: Qt.MouseButton) -> MarkEditor | None:
        editor = self.editor
        if editor is None or editor.tool is Tool.NAVIGATE or button != Qt.MouseButton.LeftButton:
            return None
        return editor

    def mouseDragEvent(self, ev, axis=None) -> None:
        """Brush / eraser strokes follow the drag; otherwise pan."""
        editor = self._drawing(ev.button())
        if editor is None or editor.tool is Tool.POLYGON:
            super().mouseDragEvent(ev, axis)
            return
        ev.accept()
        if ev.isStart():  # the stroke begins where the button went down
            editor.stroke_to(self.mapSceneToView(ev.buttonDownScenePos()), finished=False)
        editor.stroke_to(self.mapSceneToView(ev.scenePos()), finished=ev.isFinish())

    def mouseClickEvent(self, ev) -> None:
        """A click paints a dot (brush, eraser) or adds / closes a polygon corner."""
        editor = self._drawing(ev.button())
        if editor is None:
            super().mouseClickEvent(ev)
            return
        ev.accept()
        point = self.mapSceneToView(ev.scenePos())
        if editor.tool is Tool.POLYGON:
            if ev.double():
                editor.close_polygon()
            else:
                editor.add_vertex(point)
        else:
            editor.stroke_to(point, finished=True)
