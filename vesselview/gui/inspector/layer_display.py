"""What the image view shows of a result: layers in the model's styles and order, the
legend, and the masks the compare modes show.

`LayerDisplay` is the part of the inspector window that keeps the view in step with the
model's layer styles (`vesselview.app.layer_styles.LayerStyles`): a style or order edit is
cosmetic and goes straight to the view, never to the scheduler.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from vesselview.app.display import DisplayLayer
from vesselview.app.inspector import Inspector
from vesselview.app.length_units import LengthScale
from vesselview.app.live import Response
from vesselview.app.native_image import compose, scaled
from vesselview.app.style import FUNDUS, LayerStyle, default_style
from vesselview.engine.params import DEFAULT_THRESHOLD
from vesselview.engine.skeletal import SkeletalProducts
from vesselview.gui.inspector.compare import MASK_RGBA, CompareController, CompareMode
from vesselview.gui.inspector.legend import compact_legend_html, legend_html, swatch
from vesselview.gui.inspector.view import InspectorView


class LayerDisplay:
    """Shows results' layers, legend and compare masks in ``view``.

    Parameters
    ----------
    view : InspectorView
        The image view (main and second stacks).
    model : Inspector
        Its layer styles and order, parameters and shown case are read.
    compare : CompareController
        The compare modes, given the candidate mask at the shown threshold.

    Attributes
    ----------
    response : Response or None
        The result on screen (complete or partial; None after a new case).
    length_scale : LengthScale
        The unit the legend's titles give lengths in (px at first).
    """

    def __init__(self, view: InspectorView, model: Inspector,
                 compare: CompareController) -> None:
        self.view, self.model, self.compare = view, model, compare
        self.response: Response | None = None
        self.length_scale = LengthScale()
        self._skeletal: SkeletalProducts | None = None  # the segments last shown
        self._compared_threshold: float | None = None
        self._wanted_threshold: float | None = None  # of the shown result

    def clear(self) -> None:
        """Forget the shown result (a new case is on screen, its evaluation under way)."""
        self.response = None
        self._skeletal = None
        self._compared_threshold = None
        self.update_compare_masks(self.model.params.threshold)

    def show(self, response: Response) -> None:
        """View layers, legend and compare masks of ``response`` (complete or partial)."""
        previous, self.response = self.response, response
        skeletal = response.result.skeletal  # None in a partial result before its family
        if previous is None or (skeletal is not None and skeletal is not self._skeletal):
            self.view.clear_highlight()  # segments renumbered: the outlined one is gone
        if skeletal is not None:
            self._skeletal = skeletal
        pending = () if response.result.complete else self.model.layers.names
        self.view.main.show_layers(response.layers, self._styles(response.layers),
                                   self.model.layers.names, pending)
        self._set_fundus_style(self.model.layers[FUNDUS])
        self.update_legend()
        self.update_compare_masks(response.result.params.threshold)

    def _styles(self, names: Iterable[str]) -> dict[str, LayerStyle]:
        """The model's style of each layer, the default one where a first partial result
        brings a layer the model has no style for yet."""
        styles = self.model.layers.styles
        return {name: styles.get(name) or default_style(name) for name in names}

    def update_compare_masks(self, threshold: float | None) -> None:
        """Give the compare modes the candidate at ``threshold``; in overlay mode only
        when a compare mode is chosen (thresholding a large soft map takes tens of ms)."""
        case = self.model.case
        self._wanted_threshold = threshold
        if (case is None or threshold == self._compared_threshold
                or self.compare.mode is CompareMode.OVERLAY):
            return
        self.compare.set_masks(case.reference, case.candidate_at(threshold))
        self._compared_threshold = threshold

    def on_compare_mode(self, _mode: CompareMode) -> None:
        """Another compare mode was chosen: its masks and legend."""
        self.update_compare_masks(self._wanted_threshold)
        self.update_legend()

    def update_legend(self) -> None:
        """The legend of the visible layers (or of the compare mode's mask)."""
        if self.compare.mode is not CompareMode.OVERLAY:
            self.view.set_legend(f"{swatch(MASK_RGBA)} vessel (mask named in the banner)")
            return
        if self.response is None:
            return
        shown = self.drawn()
        self.view.set_legend(self.legend(), compact_legend_html(shown, self.length_scale))

    def drawn(self) -> list[tuple[DisplayLayer, LayerStyle]]:
        """The visible layers of the shown result with their styles, bottom to top."""
        response = self.response
        if response is None:
            return []
        styles = self._styles(response.layers)
        order = [*self.model.layers.names, *response.layers]
        return [(response.layers[name], styles[name]) for name in dict.fromkeys(order)
                if name in response.layers and styles[name].visible]

    def legend(self, hint: bool = True) -> str:
        """The full legend (rich text) of the `drawn` layers (``hint``: `legend_html`)."""
        threshold = self.model.params.threshold
        return legend_html(self.drawn(), DEFAULT_THRESHOLD if threshold is None else threshold,
                           hint, self.length_scale)

    def native_image(self, scale: float = 1.0) -> np.ndarray | None:
        """The overlay view at the image's own resolution times ``scale`` (RGB uint8,
        `vesselview.app.native_image.compose`); None without a result or in a compare mode
        (those show masks side by side or over each other, not the layers)."""
        case = self.model.case
        if self.response is None or case is None or self.compare.mode is not CompareMode.OVERLAY:
            return None
        rgb = compose(case.shape, case.fundus, self.model.layers[FUNDUS], self.drawn())
        return scaled(rgb, scale)

    def on_style_changed(self, name: str, style: LayerStyle) -> None:
        """Restyle layer ``name`` in the view (no evaluation)."""
        response = self.response
        if name == FUNDUS:
            self._set_fundus_style(style)
        elif response is not None and name in response.layers:
            self.view.main.apply_style(response.layers[name], style)
        self.update_legend()

    def replaced_text(self, shown: str, hidden: str) -> str:
        """What the status bar says when showing layer ``shown`` hid layer ``hidden``."""
        layers = self.response.layers if self.response is not None else {}
        titles = [self.length_scale.in_text(layers[name].title) if name in layers else name
                  for name in (shown, hidden)]
        return (f"{titles[1]} hidden while {titles[0]} shows: both colour the same pixels, "
                "so the upper one would cover the other.")

    def on_order_changed(self, names: list[str]) -> None:
        """Stack the view's layers in the order ``names`` (bottom to top)."""
        self.view.main.stack(names)
        self.update_legend()

    def _set_fundus_style(self, style: LayerStyle) -> None:
        for stack in (self.view.main, self.view.second):
            stack.set_fundus_style(style)
