"""The image items of one view box: the fundus at the bottom, one item per overlay above.

Each overlay is a pyqtgraph `ImageItem` holding a uint8 index image and a 256-entry
RGBA lookup table, so a cosmetic change is a table swap. A hidden layer's pixels are not
even handed to its item until it is shown. Every item's levels are ``None`` and never
automatic: uint8 pixels then go to the screen (through the table) unscaled. Levels
(0, 255) would mean the same but send every pixel through pyqtgraph's rescaling, which
took 0.1-0.6 s per repaint of a 3504x3390 fundus, enough to freeze the window.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF

from vesselview.app.display import DisplayLayer, lookup_table
from vesselview.app.native_image import toned
from vesselview.app.overview_image import OVERVIEW_LAYERS, thickened
from vesselview.app.style import LayerStyle
from vesselview.engine.layers import THRESHOLD_CONTOUR

#: Levels of every item: None = uint8 pixels as they are (no rescaling, no auto-levels).
LEVELS = None
_FIRST_OVERLAY_Z = 10


def contour_table() -> np.ndarray:
    """Lookup table of a contour image: 1 in `THRESHOLD_CONTOUR`, opaque; 0 transparent."""
    table = np.zeros((256, 4), np.uint8)
    table[1] = THRESHOLD_CONTOUR
    return table


def index_item(z_value: float) -> pg.ImageItem:
    """An empty ImageItem for uint8 index images (no rescaling, no auto-levels)."""
    item = pg.ImageItem(levels=LEVELS, autoDownsample=False)
    item.setZValue(z_value)
    return item


class LayerStack:
    """Fundus and overlay items of one `pg.ViewBox`.

    Parameters
    ----------
    box : pg.ViewBox
        The view box the items are added to.
    """

    def __init__(self, box: pg.ViewBox) -> None:
        self.box = box
        self.fundus = pg.ImageItem(levels=LEVELS, autoDownsample=False)
        self.fundus.setZValue(0)
        self._fundus_rgb: np.ndarray | None = None  # as loaded; the item shows it toned
        self._tone = (0.0, 1.0)  # (brightness, contrast) the item shows
        box.addItem(self.fundus)
        self.overlays = pg.ItemGroup()
        self.overlays.setZValue(_FIRST_OVERLAY_Z)
        box.addItem(self.overlays)
        self.items: dict[str, pg.ImageItem] = {}
        #: The line drawn over a layer with a contour (the probability map's threshold),
        #: a child of the layer's item: it hides and stacks with it.
        self.contours: dict[str, pg.ImageItem] = {}
        self._grown_contours: dict[str, tuple[np.ndarray, int, np.ndarray]] = {}
        #: Thin layers are drawn in blocks of this many pixels, grown by one block (0: as
        #: they are; overview mode, `vesselview.app.overview_image.overview_image`).
        self.overview_radius = 0
        self._images: dict[str, np.ndarray] = {}  # the array each item was last given

    def set_fundus(self, rgb: np.ndarray | None) -> None:
        """Show ``rgb`` (uint8, shape (H, W, 3)) under the overlays, or nothing."""
        self._fundus_rgb, self._tone = rgb, (0.0, 1.0)
        if rgb is None:
            self.fundus.clear()
        else:
            self.fundus.setImage(rgb, autoLevels=False, levels=LEVELS)

    def set_fundus_style(self, style: LayerStyle) -> None:
        """Visibility, opacity, brightness and contrast of the fundus."""
        self.fundus.setVisible(style.visible)
        self.fundus.setOpacity(style.opacity)
        tone = (style.brightness, style.contrast)
        if self._fundus_rgb is not None and tone != self._tone:
            self._tone = tone
            self.fundus.setImage(toned(self._fundus_rgb, *tone), autoLevels=False, levels=LEVELS)

    def show_layers(self, layers: Mapping[str, DisplayLayer],
                    styles: Mapping[str, LayerStyle], order: Sequence[str] = (),
                    pending: Collection[str] = ()) -> None:
        """Make the overlay items match ``layers``, stacked as in ``order`` (later on top;
        layers not in ``order`` go on top in their own order).

        The items of ``pending`` layers (still computing, of a partial result) are kept,
        hidden, so their layers come back without rebuilding items.
        """
        for name in set(self.items) & set(pending) - set(layers):
            self.items[name].setVisible(False)
        for name in set(self.items) - set(layers) - set(pending):
            item = self.items.pop(name)
            self._images.pop(name, None)
            self.contours.pop(name, None)
            self._grown_contours.pop(name, None)
            item.setParentItem(None)
            if item.scene() is not None:
                item.scene().removeItem(item)
        for name, layer in layers.items():
            item = self.items.get(name)
            if item is None:
                item = self.items[name] = index_item(0)
                item.setParentItem(self.overlays)
            self.apply_style(layer, styles[name])
        self.stack(order)

    def stack(self, order: Sequence[str]) -> None:
        """Stack the overlay items as in ``order``, bottom to top (others on top)."""
        ranked = [name for name in order if name in self.items]
        ranked += [name for name in self.items if name not in ranked]
        for z_value, name in enumerate(ranked):
            self.items[name].setZValue(z_value)

    def apply_style(self, layer: DisplayLayer, style: LayerStyle) -> None:
        """Draw ``layer`` with ``style``; pixels are handed over only when visible."""
        item = self.items[layer.name]
        item.setVisible(style.visible)
        if not style.visible:
            return
        outline = style.outline and layer.kind == "classes"
        image = layer.outline if outline else layer.image
        if self.overview_radius and not outline and layer.name in OVERVIEW_LAYERS:
            image = layer.thickened(self.overview_radius)
        if self._images.get(layer.name) is not image:
            item.setImage(image, autoLevels=False, levels=LEVELS)
            # over the image's pixels: the overview's image is smaller (`overview_image`)
            item.setRect(QRectF(0, 0, layer.image.shape[1], layer.image.shape[0]))
            self._images[layer.name] = image
        item.setLookupTable(lookup_table(layer, style.colour_map, style.opacity))
        self._draw_contour(layer)

    def _draw_contour(self, layer: DisplayLayer) -> None:
        """Draw ``layer.contour`` (opaque, whatever the layer's opacity) over its item."""
        contour = self.contours.get(layer.name)
        if layer.contour is None:
            if contour is not None:
                contour.setVisible(False)
            return
        if contour is None:
            contour = self.contours[layer.name] = index_item(1)
            contour.setLookupTable(contour_table())
            contour.setParentItem(self.items[layer.name])
        image = self._contour_image(layer.name, layer.contour)
        if contour.image is not image:
            contour.setImage(image, autoLevels=False, levels=LEVELS)
        contour.setVisible(True)

    def _contour_image(self, name: str, contour: np.ndarray) -> np.ndarray:
        """``contour`` as drawn at this zoom: in overview mode grown to about one screen
        pixel (the overview radius less one: the full radius would make the line three
        screen pixels wide and bury thin vessels' heat under it); computed once per radius.
        """
        radius = max(0, self.overview_radius - 1)
        grown = self._grown_contours.get(name)
        if grown is None or grown[0] is not contour or grown[1] != radius:
            grown = self._grown_contours[name] = (contour, radius, thickened(contour, radius))
        return grown[2]

    def set_overlays_shown(self, shown: bool) -> None:
        """Show or hide every overlay at once (compare modes hide them)."""
        self.overlays.setVisible(shown)
