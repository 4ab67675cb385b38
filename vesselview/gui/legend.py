"""Rich-text legend of the visible overlays, drawn over the image's corner.

A clinician reads it without opening any panel: one line per class with a colour
swatch, its name and how many pixels it has.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from vesselview.engine.layers import RGBA
from vesselview.gui.display import LABEL_CYCLE, DisplayLayer
from vesselview.gui.style import LayerStyle


def swatch(colour: RGBA) -> str:
    """A coloured square in rich text."""
    red, green, blue = colour[:3]
    return f'<span style="color: rgb({red},{green},{blue}); font-size: 15px;">&#9632;</span>'


def legend_html(shown: Iterable[tuple[DisplayLayer, LayerStyle]]) -> str:
    """Legend of the given layers (in order); ``""`` when there are none.

    Parameters
    ----------
    shown : iterable of (DisplayLayer, LayerStyle)
        The visible overlays with their styles.
    """
    blocks = [_layer_block(layer, style) for layer, style in shown]
    return "<br>".join(block for block in blocks if block)


def _layer_block(layer: DisplayLayer, style: LayerStyle) -> str:
    colours = style.colour_map
    title = f"<b>{html.escape(layer.title)}</b>"
    if layer.kind == "classes":
        lines = []
        for entry in layer.legend:
            count = int(layer.counts[entry.value])
            colour = colours.get(entry.value, entry.colour)
            lines.append(f"{swatch(colour)} {html.escape(entry.name)}"
                         f' <span style="color:#aaaaaa">({count:,} px)</span>')
        return "<br>".join([title, *lines])
    if layer.kind == "scalar":
        low, high = layer.legend[0], layer.legend[-1]
        start, end = layer.value_range
        return (f"{title}<br>{start:g} {swatch(colours.get(low.value, low.colour))}"
                f"&#8594;{swatch(colours.get(high.value, high.colour))} {end:g}")
    cycle = "".join(swatch(colour) for colour in LABEL_CYCLE)
    return f"{title}<br>{cycle} one colour per segment"
