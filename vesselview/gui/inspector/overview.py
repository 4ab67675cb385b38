"""Overview mode: thin layers drawn thicker while zoomed out, so they stay readable.

At the whole-image view a one-pixel skeleton, a lone false positive or a small gap
falls between screen pixels. In overview mode (on by default, View > Overview, key O)
the layers of `vesselview.app.overview_image.OVERVIEW_LAYERS` are drawn in blocks of a radius
that follows the zoom (`overview_radius`, about one screen pixel), grown by one block
(`vesselview.app.overview_image.overview_image`); zoomed in, they are drawn as they are.
"""

from __future__ import annotations

from vesselview.app.inspector import Inspector
from vesselview.app.overview_image import overview_radius
from vesselview.app.style import default_style
from vesselview.gui.inspector.view import InspectorView


class Overview:
    """Keeps the main view's thickening radius in step with the zoom.

    Parameters
    ----------
    view : InspectorView
    model : Inspector
        Its shown result and layer styles are redrawn when the radius changes.
    """

    def __init__(self, view: InspectorView, model: Inspector) -> None:
        self.view, self.model = view, model
        self.enabled = True
        view.main_box.sigRangeChanged.connect(lambda *_args: self.update())
        view.main_box.sigResized.connect(lambda *_args: self.update())
        model.result_changed.connect(lambda _response: self.update())

    @property
    def radius(self) -> int:
        """The radius thin layers are grown by now (pixels of the image)."""
        return self.view.main.overview_radius

    def toggle(self) -> None:
        """Switch overview mode off, or on again."""
        self.enabled = not self.enabled
        self.update()

    def update(self) -> None:
        """Recompute the radius for the current zoom; redraw the layers if it changed."""
        size = self.view.main_box.viewPixelSize()[0]  # image pixels per screen pixel
        radius = overview_radius(size) if self.enabled else 0
        if radius == self.radius:
            return
        self.view.main.overview_radius = self.model.overview_radius = radius
        response = self.model.partial or self.model.response  # the one on screen
        if response is None:
            return
        styles = self.model.layers.styles
        for name, layer in response.layers.items():
            if name in self.view.main.items:  # a first partial's layers have no style yet
                self.view.main.apply_style(layer, styles.get(name) or default_style(name))
