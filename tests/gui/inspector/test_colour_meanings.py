"""Each colour means one thing: the swipe divider is window chrome, drawn in no layer's
colour, and the segment labels cycle through colours that no other meaning uses."""

from __future__ import annotations

from vesselview.app.label_palette import LABEL_CYCLE
from vesselview.engine.layers import CHROME, COLOUR_MEANINGS, HIGHLIGHT, RESERVED_COLOURS
from vesselview.gui.inspector.compare import CompareMode


def layer_colours(window) -> set[tuple[int, ...]]:
    """Every colour a layer of the shown result draws with (its lookup tables)."""
    colours = set()
    for name, item in window.view.main.items.items():
        window.model.layers.edit(name, visible=True)
        table = item.lut
        colours |= {tuple(int(c) for c in row[:3]) for row in table[1:] if row[3] > 0}
    return colours


def test_the_swipe_divider_is_chrome_in_no_layers_colour(small_window):
    small_window.compare.set_mode(CompareMode.SWIPE)
    pen = small_window.compare.divider.pen.color()
    divider = (pen.red(), pen.green(), pen.blue())
    assert divider == CHROME[:3] != HIGHLIGHT[:3]
    assert "divider" in COLOUR_MEANINGS["chrome_grey"]
    assert divider not in layer_colours(small_window)
    assert "grey line" in small_window.view.banner.text()


def test_segment_labels_draw_in_the_label_cycle_only(small_window):
    small_window.model.layers.edit("segments", visible=True)
    table = small_window.view.main.items["segments"].lut
    drawn = {tuple(int(c) for c in row[:3]) for row in table[1:]}
    assert drawn == {colour[:3] for colour in LABEL_CYCLE}
    reserved = {colour[:3] for colour in RESERVED_COLOURS.values()}
    assert not drawn & reserved
