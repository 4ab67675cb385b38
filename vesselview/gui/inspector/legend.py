"""Rich-text legend of the visible overlays, drawn over the image's corner.

A clinician reads it without opening any panel: one line per class with a colour
swatch, its name and how many pixels it has. With many layers on, the compact form
(one line per layer: its title, then its colours) keeps most of the image in sight.
Titles give their lengths in the window's length unit (a `LengthScale`).
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from vesselview.app.display import DisplayLayer, lookup_table
from vesselview.app.label_palette import LABEL_CYCLE
from vesselview.app.length_units import LengthScale
from vesselview.app.probability import NAME as PROBABILITY
from vesselview.app.style import LayerStyle
from vesselview.engine.layers import RGBA, THRESHOLD_CONTOUR
from vesselview.engine.params import DEFAULT_THRESHOLD
from vesselview.gui.shortcuts import SHORTCUTS

_BAR_CELLS = 10  # swatches of a colour bar
#: Colours less opaque than this (0-255) are drawn faint in the legend.
FAINT_BELOW = 200
_HIDE_KEY = SHORTCUTS["toggle_legend"][0]
#: Lengths in pixels, as titles give them when no other unit is chosen.
_PIXELS = LengthScale()


def swatch(colour: RGBA) -> str:
    """A coloured square in rich text; a faint colour (alpha under `FAINT_BELOW`, such
    as a tolerated class's tint) shows faint, any other solid."""
    red, green, blue, alpha = colour
    css = (f"rgba({red},{green},{blue},{alpha})" if alpha < FAINT_BELOW
           else f"rgb({red},{green},{blue})")
    return f'<span style="color: {css}; font-size: 15px;">&#9632;</span>'


def colour_bar(layer: DisplayLayer, style: LayerStyle, threshold: float) -> str:
    """A scalar layer's ramp as a row of swatches from 0 to 1, the threshold marked on it.

    The marker (a white bar) sits between the swatches below and above ``threshold``.
    """
    table = lookup_table(layer, style.colour_map, 1.0)
    cells = []
    for k in range(_BAR_CELLS):
        if k == round(threshold * _BAR_CELLS):
            cells.append('<span style="color:#ffffff; font-weight:bold">|</span>')
        value = (k + 0.5) / _BAR_CELLS
        red, green, blue, alpha = (int(c) for c in table[1 + round(value * 254)])
        cells.append(swatch((red, green, blue, alpha)))
    if threshold >= 1.0:
        cells.append('<span style="color:#ffffff; font-weight:bold">|</span>')
    start, end = layer.value_range
    return (f"{start:g} {''.join(cells)} {end:g}<br>"
            f'<span style="color:#aaaaaa">| threshold {threshold:g}: above it is vessel</span>')


def legend_html(shown: Iterable[tuple[DisplayLayer, LayerStyle]],
                threshold: float = DEFAULT_THRESHOLD, hint: bool = True,
                scale: LengthScale = _PIXELS) -> str:
    """Legend of the given layers (in order); ``""`` when there are none.

    Parameters
    ----------
    shown : iterable of (DisplayLayer, LayerStyle)
        The visible overlays with their styles.
    threshold : float
        The probability threshold, marked on the probability map's colour bar.
    hint : bool
        End with the key that hides the legend (on screen; not in an exported image).
    scale : LengthScale, optional
        The unit the titles give lengths in (default px).
    """
    blocks = [colour_bar_block(layer, style, threshold) if layer.name == PROBABILITY
              else _layer_block(layer, style, scale) for layer, style in shown]
    blocks = [block for block in blocks if block]
    if hint and blocks:
        blocks.append(_hint(f"{_HIDE_KEY} hides the legend"))
    return "<br>".join(blocks)


def compact_legend_html(shown: Iterable[tuple[DisplayLayer, LayerStyle]],
                        scale: LengthScale = _PIXELS) -> str:
    """Two layers per line: each its title, then its class colours; ``""`` when none. A
    class layer painting no pixel is left out (the full legend lists it, with zero counts).

    Two per line keeps every layer of the registry (two dozen) within
    half the view's height (`vesselview.gui.inspector.view.LEGEND_MAX_FRACTION`).

    Parameters
    ----------
    shown : iterable of (DisplayLayer, LayerStyle)
        The visible overlays with their styles.
    scale : LengthScale, optional
        The unit the titles give lengths in (default px).
    """
    items = [f"{_title(layer, scale)} {_colours(layer, style)}" for layer, style in shown
             if not paints_nothing(layer)]
    if not items:
        return ""
    lines = ["&nbsp;&nbsp;&middot;&nbsp;&nbsp;".join(items[start:start + 2])
             for start in range(0, len(items), 2)]
    return "<br>".join([*lines, _hint("compact legend: fewer layers show the full one; "
                                      f"{_HIDE_KEY} hides it")])


def paints_nothing(layer: DisplayLayer) -> bool:
    """True for a class layer with no pixel in any class (e.g. A/V agreement without
    artery/vein labels)."""
    return layer.kind == "classes" and not layer.counts[1:].any()


def _hint(text: str) -> str:
    """A grey line of advice under the legend."""
    return f'<span style="color:#aaaaaa">{html.escape(text)}</span>'


def colour_bar_block(layer: DisplayLayer, style: LayerStyle, threshold: float) -> str:
    """The legend block of the probability map: title, `colour_bar` and the colour of the
    threshold contour drawn on the image."""
    block = f"<b>{html.escape(layer.title)}</b><br>{colour_bar(layer, style, threshold)}"
    if layer.has_contour:
        block += (f"<br>{swatch(THRESHOLD_CONTOUR)} contour: where the map crosses the "
                  "threshold (border of the candidate)")
    return block


def _colours(layer: DisplayLayer, style: LayerStyle) -> str:
    """Swatches of a layer's classes, ramp ends, or label cycle (segment labels)."""
    if layer.kind == "labels":
        return "".join(swatch(colour) for colour in LABEL_CYCLE)
    ramp = layer.kind == "scalar"
    entries = (layer.legend[0], layer.legend[-1]) if ramp else layer.legend
    swatches = [swatch(style.colour_map.get(entry.value, entry.colour)) for entry in entries]
    return ("&#8594;" if ramp else "").join(swatches)


def _title(layer: DisplayLayer, scale: LengthScale) -> str:
    """A layer's title as rich text, its lengths in ``scale``'s unit."""
    return html.escape(scale.in_text(layer.title))


def _layer_block(layer: DisplayLayer, style: LayerStyle, scale: LengthScale) -> str:
    colours = style.colour_map
    title = f"<b>{_title(layer, scale)}</b>"
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
        # the stops between the ends say what a middle value means (fuzzy reference: 0.5)
        middle = "".join(f"<br>{swatch(colours.get(entry.value, entry.colour))} "
                         f"{html.escape(entry.name)}" for entry in layer.legend[1:-1])
        return (f"{title}<br>{start:g} {swatch(colours.get(low.value, low.colour))}"
                f"&#8594;{swatch(colours.get(high.value, high.colour))} {end:g}{middle}")
    cycle = "".join(swatch(colour) for colour in LABEL_CYCLE)
    return f"{title}<br>{cycle} one colour per segment"
