"""The image view: fundus plus overlays, zoom and pan, legend (and the other labels over
the image: `vesselview.gui.inspector.overlay_labels`), hover position.

One `pg.GraphicsLayoutWidget` holds a main view box and, in side-by-side compare
mode, a second one with linked zoom and pan. Both lock the aspect ratio and put
row 0 at the top (row-major images, ``imageAxisOrder='row-major'``).
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from vesselview.app.spacing_display import scale_bar_um
from vesselview.engine.layers import HIGHLIGHT
from vesselview.gui.inspector.legend_place import FovCounts, fov_integral
from vesselview.gui.inspector.overlay_labels import (
    OVERLAY_FONT_PX,
    OVERLAY_MARGIN,
    overlay_label,
    overlay_label_style,
    place_labels,
)
from vesselview.gui.inspector.scale_bar import ScaleBar
from vesselview.gui.widgets.canvas import LEVELS, LayerStack, index_item

#: An image area ``(x, y, width, height)`` in pixels (x = column).
Rect = tuple[float, float, float, float]

#: Colour of the highlighted SS segment (Okabe-Ito yellow, opaque), drawn as a one-pixel
#: outline around the segment so that the segment's own pixels keep their classes.
HIGHLIGHT_RGBA = HIGHLIGHT
_MIN_FOCUS_SIZE = 80  # pixels of image shown around a focused segment, at least
#: The full legend gives way to its compact form when taller than this part of the view.
LEGEND_MAX_FRACTION = 0.5


def _image_box(invert_y: bool = True) -> pg.ViewBox:
    """A view box for images: aspect locked, row 0 on top, no context menu."""
    box = pg.ViewBox(lockAspect=True, invertY=invert_y, enableMenu=False)
    box.setBackgroundColor((16, 16, 16))
    return box


class InspectorView(QWidget):
    """Fundus, overlays, a legend and a banner; reports the pixel under the cursor.

    The segment highlight is drawn in the overlay group, so it hides with the overlays
    (compare modes). Toggling side by side keeps the zoom: the shown image area stays.

    Signals
    -------
    hovered(int, int)
        Row and column of the image pixel under the mouse.
    """

    hovered = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.canvas = pg.GraphicsLayoutWidget()
        self.canvas.setBackground((16, 16, 16))
        self.canvas.ci.layout.setSpacing(4)
        self.main_box = _image_box()
        self.second_box = _image_box()
        self.canvas.addItem(self.main_box, row=0, col=0)
        self.main = LayerStack(self.main_box)
        self.second = LayerStack(self.second_box)
        self.highlight = index_item(900)
        table = np.zeros((256, 4), np.uint8)
        table[1] = HIGHLIGHT_RGBA
        self.highlight.setLookupTable(table)
        self.highlight.setParentItem(self.main.overlays)
        self._shape = (1, 1)
        self._side_rects: tuple[Rect, Rect] | None = None  # view before / after side by side
        self._legend_texts = ("", "")  # full and compact legend
        self._fov_integral: FovCounts | None = None  # where the legend should not go
        self.legend_hidden = False
        self.legend = overlay_label(self.canvas, Qt.AlignmentFlag.AlignLeft)
        self.banner = overlay_label(self.canvas, Qt.AlignmentFlag.AlignHCenter)
        self.caption = overlay_label(self.canvas, Qt.AlignmentFlag.AlignLeft)
        self.headline = overlay_label(self.canvas, Qt.AlignmentFlag.AlignRight)
        self.scale_bar = ScaleBar(self.canvas)
        self._spacing_um: float | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.canvas)
        self.canvas.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.main_box.sigRangeChanged.connect(lambda *_: self._place_overlays())

    @property
    def shape(self) -> tuple[int, int]:
        """Shape ``(H, W)`` of the displayed image."""
        return self._shape

    def set_images(self, shape: tuple[int, int], fundus: np.ndarray | None,
                   fov: np.ndarray | None = None, spacing_um: float | None = None) -> None:
        """Start showing a case of ``shape`` (the fundus may be None) and reset the view;
        the legend avoids covering ``fov`` (bool (H, W)) where it can; a scale bar shows
        when ``spacing_um`` (µm per pixel) is known."""
        self._shape = shape
        self._spacing_um = spacing_um
        self.scale_bar.setVisible(spacing_um is not None)
        self._fov_integral = fov_integral(fov)
        self.main.set_fundus(fundus)
        self.second.set_fundus(fundus)
        self.clear_highlight()
        self.reset_view()

    def paint_now(self) -> None:
        """Paint the image view at once, not on the next pass of the event loop."""
        self.canvas.viewport().repaint()

    def reset_view(self) -> None:
        """Zoom to the whole image."""
        height, width = self._shape
        self.main_box.setRange(QRectF(0, 0, width, height), padding=0.01)

    def view_rect(self) -> Rect:
        """The visible image area as ``(x, y, width, height)`` in pixels (x = column)."""
        rect = self.main_box.viewRect()
        return (rect.x(), rect.y(), rect.width(), rect.height())

    def set_view_rect(self, rect: Rect) -> None:
        """Show the image area ``(x, y, width, height)``."""
        self.main_box.setRange(QRectF(*rect), padding=0)

    def focus_region(self, top: int, left: int, mask: np.ndarray) -> None:
        """Outline ``mask`` (bool, placed at ``(top, left)``) and centre the view on it."""
        height, width = mask.shape
        padded = np.pad(mask, 1).view(np.uint8)
        outline = cv2.dilate(padded, np.ones((3, 3), np.uint8)) - padded  # the ring around it
        self.highlight.setImage(outline, autoLevels=False, levels=LEVELS)
        self.highlight.setRect(QRectF(left - 1, top - 1, width + 2, height + 2))
        self.highlight.setVisible(True)
        size = max(_MIN_FOCUS_SIZE, 3 * max(height, width))
        centre = QPointF(left + width / 2, top + height / 2)
        self.main_box.setRange(QRectF(centre.x() - size / 2, centre.y() - size / 2, size, size),
                               padding=0)

    def clear_highlight(self) -> None:
        """Remove the segment highlight."""
        self.highlight.setVisible(False)

    def set_side_by_side(self, enabled: bool) -> None:
        """Show the second view box next to the main one, zoom and pan linked.

        The two boxes share the canvas's width. When the whole image was in view on
        entering, each box fits the whole image to its half (as large as the half
        allows); else the image area shown before stays in view. On leaving, the area
        shown before entering returns, moved and zoomed as the user did meanwhile (the
        whole image if the whole image was in view).
        """
        if enabled == (self.second_box.scene() is not None):
            return
        before = self.view_rect()
        height, width = self._shape
        whole = _covers(before, (0, 0, width, height))
        if enabled:
            # Linked boxes follow each other both ways: the second box's auto-range
            # would otherwise pull the main view out to the whole image on the next paint.
            self.second_box.disableAutoRange()
            self.canvas.addItem(self.second_box, row=0, col=1)  # activates the layout
            self.second_box.setXLink(self.main_box)
            self.second_box.setYLink(self.main_box)
            if whole:
                self.reset_view()  # fitted to the narrower box, not kept as wide as before
            else:
                self.set_view_rect(before)
            self._side_rects = (before, self.view_rect())
            return
        self.second_box.setXLink(None)
        self.second_box.setYLink(None)
        self.canvas.removeItem(self.second_box)
        self.canvas.ci.layout.activate()
        if whole:
            self.reset_view()  # the whole image was in view: it stays whole, as large as fits
        elif self._side_rects is not None:
            self.set_view_rect(_moved_like(*self._side_rects, before))

    def set_legend(self, html: str, compact: str = "") -> None:
        """Rich text of the legend drawn over the image's top-left corner ("" hides it).

        ``compact`` (if given) is shown instead while ``html`` would cover more than
        `LEGEND_MAX_FRACTION` of the view's height.
        """
        self._legend_texts = (html, compact)
        self._show_legend()

    def toggle_legend(self) -> None:
        """Hide the legend, or show it again."""
        self.legend_hidden = not self.legend_hidden
        self._show_legend()

    @property
    def legend_compact(self) -> bool:
        """True while the compact legend is shown."""
        compact = self._legend_texts[1]
        return bool(compact) and self.legend.isVisible() and self.legend.text() == compact

    def set_banner(self, text: str) -> None:
        """Text drawn over the top centre of the image ("" hides it)."""
        self._set_overlay_text(self.banner, text)

    def set_caption(self, text: str) -> None:
        """Text drawn over the image's bottom-left corner, e.g. the teaching case ("" hides
        it); exports and screenshots of the view include it."""
        self._set_overlay_text(self.caption, text)

    def set_headline(self, text: str) -> None:
        """Rich text drawn over the bottom-right corner: the headline metrics in
        presentation mode ("" hides it); the legend then keeps to the top corners."""
        self._set_overlay_text(self.headline, text)

    def set_text_scale(self, scale: float) -> None:
        """Draw the legend and banner text ``scale`` times the normal size (presentation)."""
        for label in (self.legend, self.banner, self.caption):
            label.setStyleSheet(overlay_label_style(round(OVERLAY_FONT_PX * scale)))
            label.adjustSize()
        self.scale_bar.set_text_scale(scale)
        self._show_legend()

    def resizeEvent(self, event) -> None:
        """Keep the legend (full or compact, as fits) and banner in place."""
        super().resizeEvent(event)
        self._show_legend()

    def _set_overlay_text(self, label: QLabel, text: str) -> None:
        label.setText(text)
        label.setVisible(bool(text))
        label.adjustSize()
        self._place_overlays()

    def _show_legend(self) -> None:
        full, compact = ("", "") if self.legend_hidden else self._legend_texts
        self.legend.setText(full)  # measured before it is shown
        too_tall = self.legend.sizeHint().height() > LEGEND_MAX_FRACTION * self.canvas.height()
        self._set_overlay_text(self.legend, compact if compact and too_tall else full)

    def _place_overlays(self) -> None:
        """Legend in the corner where it hides the least of the FOV (`legend_rect`);
        banner top centre, else beside the legend, else below it; caption bottom left."""
        place_labels(self.canvas, self.legend, self.banner, self.caption, self.headline,
                     self._to_image, self._fov_integral)
        self._place_scale_bar()

    def _place_scale_bar(self) -> None:
        """Size the scale bar to the zoom (`scale_bar_um`) and put it bottom right,
        above the headline when that shows."""
        if self._spacing_um is None:
            return
        image_px_per_screen_px = self.main_box.viewPixelSize()[0]
        if not image_px_per_screen_px > 0:
            return
        um = scale_bar_um(self._spacing_um, self.view_rect()[2])
        self.scale_bar.show_length(um, um / self._spacing_um / image_px_per_screen_px)
        bottom = self.canvas.height() - OVERLAY_MARGIN
        if self.headline.isVisible():
            bottom = self.headline.y() - OVERLAY_MARGIN
        self.scale_bar.move(self.canvas.width() - self.scale_bar.width() - OVERLAY_MARGIN,
                            bottom - self.scale_bar.height())

    def _to_image(self, point: QPointF) -> QPointF:
        """A canvas pixel's position in image coordinates (x = column, y = row)."""
        return self.main_box.mapSceneToView(self.canvas.mapToScene(point.toPoint()))

    def _on_mouse_moved(self, scene_pos: QPointF) -> None:
        for box in (self.main_box, self.second_box):
            if box.scene() is not None and box.sceneBoundingRect().contains(scene_pos):
                point = box.mapSceneToView(scene_pos)
                row, col = math.floor(point.y()), math.floor(point.x())
                height, width = self._shape
                if 0 <= row < height and 0 <= col < width:
                    self.hovered.emit(row, col)
                return


def _covers(outer: Rect, inner: Rect) -> bool:
    """True when rectangle ``outer`` contains ``inner``."""
    return (outer[0] <= inner[0] and outer[1] <= inner[1]
            and outer[0] + outer[2] >= inner[0] + inner[2]
            and outer[1] + outer[3] >= inner[1] + inner[3])


def _moved_like(original: Rect, start: Rect, now: Rect) -> Rect:
    """``original`` panned and zoomed as the view went from ``start`` to ``now``.

    Keeps the centre of ``now`` and scales ``original`` by ``now``'s width over
    ``start``'s: with no change in between, ``original`` itself.
    """
    scale = now[2] / start[2]
    width, height = original[2] * scale, original[3] * scale
    centre_x, centre_y = now[0] + now[2] / 2, now[1] + now[3] / 2
    return (centre_x - width / 2, centre_y - height / 2, width, height)
