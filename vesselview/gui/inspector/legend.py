"""Rich-text legend of the visible overlays, drawn over the image's corner.

A clinician reads it without opening any panel: one line per class with a colour
swatch, its name and how many pixels it has. With many layers on, the compact form
(one line per layer: its title, then its colours) keeps most of the image in sight.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from vesselview.app.display import LABEL_CYCLE, DisplayLayer
from vesselview.app.style import LayerStyle
from vesselview.engine.layers import RGBA
from vesselview.gui.shortcuts import SHORTCUTS


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


def compact_legend_html(shown: Iterable[tuple[DisplayLayer, LayerStyle]]) -> str:
    """One line per layer: its title, then its class colours; ``""`` when none.

    Parameters
    ----------
    shown : iterable of (DisplayLayer, LayerStyle)
        The visible overlays with their styles.
    """
    lines = [f"{html.escape(layer.title)} {_colours(layer, style)}" for layer, style in shown]
    if not lines:
        return ""
    key = SHORTCUTS["toggle_legend"][0]
    note = (f'<span style="color:#aaaaaa">compact legend: fewer layers show the full one;'
            f" {key} hides it</span>")
    return "<br>".join([*lines, note])


def _colours(layer: DisplayLayer, style: LayerStyle) -> str:
    """Swatches of a layer's classes, ramp ends, or label cycle (segment labels)."""
    if layer.kind == "labels":
        return "".join(swatch(colour) for colour in LABEL_CYCLE)
    ramp = layer.kind == "scalar"
    entries = (layer.legend[0], layer.legend[-1]) if ramp else layer.legend
    swatches = [swatch(style.colour_map.get(entry.value, entry.colour)) for entry in entries]
    return ("&#8594;" if ramp else "").join(swatches)


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
