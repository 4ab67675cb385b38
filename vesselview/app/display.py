"""Display products of a `Result`: uint8 index images, class counts and lookup tables.

Every overlay is shown as a uint8 index image with a 256-entry RGBA lookup table
(pyqtgraph draws that as an indexed QImage). Recolouring and opacity changes only
build a new table; the pixels never change. A `DisplayLayer` computes its image,
counts and outline on first use; `prepare_layers` (worker thread) builds every
engine layer and warms the products of the layers that are visible, so the main
thread only computes for a layer the user shows later.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Collection, Mapping

import cv2
import numpy as np

from vesselview.app.label_palette import LABEL_CYCLE
from vesselview.app.overview_image import OVERVIEW_LAYERS, overview_image
from vesselview.engine.layers import RGBA, Layer, LegendEntry
from vesselview.engine.result import Result


@dataclasses.dataclass(frozen=True, eq=False)
class DisplayLayer:
    """One overlay ready to draw; pixel products are computed on first use, then kept.

    Parameters
    ----------
    source : Layer
        The engine layer.
    contour_of : callable () -> ndarray of uint8, shape (H, W), optional
        Draws the line shown over the layer (`contour`), called on first use only: a
        hidden layer's line costs nothing. None: no line.
    """

    source: Layer
    contour_of: Callable[[], np.ndarray] | None = None

    @property
    def name(self) -> str:
        """Layer key (``"confusion"``...)."""
        return self.source.name

    @property
    def title(self) -> str:
        """Human-readable title."""
        return self.source.title

    @property
    def kind(self) -> str:
        """``"classes"``, ``"labels"`` or ``"scalar"``."""
        return self.source.kind

    @property
    def legend(self) -> tuple[LegendEntry, ...]:
        """Class values, names and default colours."""
        return self.source.legend

    @property
    def value_range(self) -> tuple[float, float]:
        """Values of indices 1 and 255 (``scalar`` layers)."""
        return self.source.value_range

    @functools.cached_property
    def image(self) -> np.ndarray:
        """Index into the lookup table, uint8 (H, W); 0 is transparent.

        For ``labels`` layers label ``k > 0`` becomes ``(k - 1) % 255 + 1``.
        """
        image = (cyclic_labels(self.source.data) if self.kind == "labels"
                 else np.ascontiguousarray(self.source.data, dtype=np.uint8))
        image.setflags(write=False)
        return image

    @property
    def has_contour(self) -> bool:
        """True when a line is drawn over the layer (`contour`)."""
        return self.contour_of is not None

    @functools.cached_property
    def contour(self) -> np.ndarray | None:
        """The line drawn over the layer, uint8 (H, W), 1 on the line, else 0, in the
        threshold-contour colour (`vesselview.engine.layers.THRESHOLD_CONTOUR`): the
        probability map's threshold crossing. None: no line."""
        return None if self.contour_of is None else self.contour_of()

    @functools.cached_property
    def counts(self) -> np.ndarray:
        """Pixels per index value, int64 (256,) (shown in the legend)."""
        histogram = cv2.calcHist([self.image], [0], None, [256], [0, 256])
        counts = histogram.ravel().astype(np.int64)
        counts.setflags(write=False)
        return counts

    @functools.cached_property
    def outline(self) -> np.ndarray:
        """The image reduced to class borders, uint8 (H, W) (see `outline_image`)."""
        return outline_image(self.image)

    def thickened(self, radius: int) -> np.ndarray:
        """The image as the overview draws it at ``radius`` (`overview_image`), computed
        once per radius."""
        cache = self._thickened
        if radius not in cache:
            cache[radius] = overview_image(self.image, radius)
            cache[radius].setflags(write=False)
        return cache[radius]

    @functools.cached_property
    def _thickened(self) -> dict[int, np.ndarray]:
        return {}

    def warm(self, overview_radius: int = 0) -> None:
        """Compute the image, counts and contour now, in the calling thread, and the
        overview's grown image when ``overview_radius`` > 0 and this layer is thin."""
        for product in ("image", "counts", "contour"):
            getattr(self, product)
        if overview_radius > 0 and self.name in OVERVIEW_LAYERS:
            self.thickened(overview_radius)


def prepare_layers(result: Result, warm: Collection[str] = (),
                   reuse: Mapping[str, DisplayLayer] | None = None,
                   overview_radius: int = 0) -> dict[str, DisplayLayer]:
    """Display layers of every layer of ``result`` (call off the main thread).

    Every engine layer is built here (the cursor readout reads them all); image and
    counts (and the overview's grown image at ``overview_radius``) are computed now only
    for the layers named in ``warm``. A display layer of ``reuse`` whose engine layer is
    the very one of ``result`` is kept (products and all).
    """
    reuse = reuse or {}
    layers = {name: _reused(reuse.get(name), layer) for name, layer in result.layers.items()}
    for name in set(warm) & set(layers):
        layers[name].warm(overview_radius)
    return layers


def _reused(shown: DisplayLayer | None, layer: Layer) -> DisplayLayer:
    """``shown`` when it displays ``layer`` itself, else a new display layer of it."""
    return shown if shown is not None and shown.source is layer else DisplayLayer(layer)


def cyclic_labels(labels: np.ndarray) -> np.ndarray:
    """Map an int32 label image onto 1..255 (0 stays 0), cycling.

    Only the labelled pixels are computed on: segment labels cover a few percent of
    the image.

    Examples
    --------
    >>> cyclic_labels(np.array([[0, 1, 255, 256]], np.int32)).tolist()
    [[0, 1, 255, 1]]
    """
    cycled = np.zeros(labels.shape, np.uint8)
    labelled = labels > 0
    cycled[labelled] = (labels[labelled] - 1) % 255 + 1
    return cycled


def outline_image(image: np.ndarray) -> np.ndarray:
    """Keep the pixels of ``image`` that have a 4-neighbour with another value.

    Parameters
    ----------
    image : ndarray of uint8, shape (H, W)

    Returns
    -------
    ndarray of uint8, shape (H, W)
        ``image`` where it borders another value, else 0.
    """
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    low = cv2.erode(image, cross, borderType=cv2.BORDER_CONSTANT, borderValue=0)
    high = cv2.dilate(image, cross, borderType=cv2.BORDER_CONSTANT, borderValue=0)
    border = (low != image) | (high != image)
    return np.where(border, image, 0).astype(np.uint8)


def lookup_table(layer: DisplayLayer, colours: Mapping[int, RGBA], opacity: float) -> np.ndarray:
    """The 256-entry RGBA table that draws ``layer``.

    Parameters
    ----------
    layer : DisplayLayer
    colours : Mapping[int, RGBA]
        Colour per class value (``classes``), or per ramp stop (``scalar``: keys of the
        legend entries, the ramp's stops); missing keys use the legend's colours.
    opacity : float
        0 (invisible) .. 1 (opaque), multiplied into every alpha.

    Returns
    -------
    ndarray of uint8, shape (256, 4)
        Entry 0 is fully transparent.
    """
    table = np.zeros((256, 4), np.float64)
    if layer.kind == "classes":
        for entry in layer.legend:
            table[entry.value] = colours.get(entry.value, entry.colour)
    elif layer.kind == "scalar":  # linear between the legend's stops (two or more)
        stops = [entry.value for entry in layer.legend]
        stop_colours = np.array([colours.get(entry.value, entry.colour)
                                 for entry in layer.legend], np.float64)
        indices = np.arange(1, 256)
        for channel in range(4):
            table[1:, channel] = np.interp(indices, stops, stop_colours[:, channel])
    else:
        cycle = np.asarray(LABEL_CYCLE, np.float64)
        table[1:] = cycle[np.arange(255) % len(cycle)]
    table[:, 3] *= opacity
    table[0] = 0.0
    return np.round(table).astype(np.uint8)
