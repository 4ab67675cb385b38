"""Layer order and colours: thin layers above area layers, restacked by drag, one meaning
per colour (yellow only for the highlight)."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent

from vesselview.app.session import load_session
from vesselview.app.style import FUNDUS
from vesselview.engine.layers import COLOUR_MEANINGS, HIGHLIGHT, OKABE_ITO, TOLERATED_ALPHA
from vesselview.gui.inspector.view import HIGHLIGHT_RGBA


def _drop(panel, name, target, below):
    """Drop the row of ``name`` on the upper or lower half of the row of ``target``."""
    panel.setCurrentItem(panel.topLevelItem(panel.names.index(name)))
    rect = panel.visualItemRect(panel.topLevelItem(panel.names.index(target)))
    y = rect.bottom() - 1 if below else rect.top() + 1
    event = QDropEvent(QPointF(rect.center().x(), y), Qt.DropAction.MoveAction, QMimeData(),
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    panel.dropEvent(event)


def test_thin_layers_stack_above_area_layers(small_window):
    names = small_window.model.layers.names
    assert names[0] == FUNDUS
    for area in ("band_t", "band_alpha", "band_beta", "search_range", "tolerant"):
        for thin in ("reference_skeleton", "candidate_skeleton", "unmatched_skeleton",
                     "confusion", "segments"):
            assert names.index(area) < names.index(thin), (area, thin)
    items = small_window.view.main.items
    assert items["search_range"].zValue() < items["reference_skeleton"].zValue()


def test_drag_restacks_the_layer_in_model_view_and_panel(shown_window):
    panel, model = shown_window.layer_panel, shown_window.model
    _drop(panel, "band_t", panel.names[-1], below=True)  # under the topmost layer
    assert model.layers.names[-1] == "band_t"
    assert panel.names[-1] == "band_t"
    items = shown_window.view.main.items
    assert items["band_t"].zValue() == max(item.zValue() for item in items.values())
    _drop(panel, "band_t", FUNDUS, below=False)  # never under the fundus
    assert model.layers.names[:2] == [FUNDUS, "band_t"]


def test_the_order_is_saved_in_the_session_and_restored(small_window, tmp_path):
    layers = small_window.model.layers
    layers.move("search_range", len(layers.names))
    path = str(tmp_path / "order.vvsession.json")
    small_window.model.save_session(path)
    saved = list(load_session(path).styles)
    assert saved == layers.names
    layers.move("search_range", 1)
    layers.restore(load_session(path).styles)
    assert layers.names[-1] == "search_range"


def test_each_colour_means_one_thing_and_yellow_is_the_highlight(small_window):
    assert HIGHLIGHT == OKABE_ITO["yellow"] == HIGHLIGHT_RGBA
    by_colour = {tuple(rgba[:3]): name for name, rgba in OKABE_ITO.items()}
    for layer in small_window.model.response.layers.values():
        # heat maps read on their colour bars, not classes (the fuzzy reference: one hue,
        # faint to solid)
        if layer.name in ("probability", "fuzzy_reference"):
            continue
        for entry in layer.legend:
            colour = by_colour[tuple(entry.colour[:3])]  # a palette hue, maybe a faint tint
            tolerated = "(tolerated)" in entry.name
            assert entry.colour[3] == (TOLERATED_ALPHA if tolerated else 255), entry.name
            assert colour != "yellow", (layer.name, entry.name)
            assert colour in COLOUR_MEANINGS
