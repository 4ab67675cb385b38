"""The artery/vein agreement layer's red/blue colours, as a display option.

The layer's default colours are colour-blind safe (Okabe-Ito hues); those used to red
arteries and blue veins switch to `RED_BLUE` and back. The choice is the layer's colour
overrides (`LayerStyle.colours`), so the layer panel shows it, and sessions and exports
keep it.
"""

from __future__ import annotations

from vesselview.app.layer_styles import LayerStyles
from vesselview.engine.families.av_agreement import AV_LAYER, RED_BLUE


def toggle_red_blue(layers: LayerStyles) -> None:
    """Draw the A/V agreement layer in `RED_BLUE`, or, when it is, in its default colours;
    nothing before a result has the layer."""
    if AV_LAYER not in layers.styles:
        return
    red_blue = tuple(RED_BLUE.items())
    shown = layers.styles[AV_LAYER].colours
    layers.edit(AV_LAYER, colours=() if shown == red_blue else red_blue)
