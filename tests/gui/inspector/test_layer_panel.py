"""Layer panel: the widgets of each row edit that layer's style and nothing else."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from vesselview.app.display import DisplayLayer
from vesselview.app.layer_styles import LayerStyles
from vesselview.app.style import FUNDUS, LayerStyle
from vesselview.engine.layers import Layer, LegendEntry
from vesselview.gui.inspector.layer_panel import LayerPanel

LEGEND = (LegendEntry(1, "TP", (1, 1, 1, 255)), LegendEntry(2, "FP", (2, 2, 2, 255)))
LAYERS = {
    "confusion": DisplayLayer(Layer("confusion", "Agreement", "classes",
                                    np.ones((2, 2), np.uint8), LEGEND)),
    "segments": DisplayLayer(Layer("segments", "Segments", "labels",
                                   np.ones((2, 2), np.int32))),
}


@pytest.fixture
def panel(qtbot):
    widget = LayerPanel(LayerStyles())
    qtbot.addWidget(widget)
    widget.set_layers(LAYERS)
    edits = []
    widget.layer_styles.changed.connect(lambda name, style: edits.append((name, style)))
    widget.edits = edits
    return widget


def row(panel, name):
    return panel.topLevelItem(panel.names.index(name))


def test_rows_in_order_with_default_styles(panel):
    assert panel.names == [FUNDUS, "confusion", "segments"]
    assert row(panel, "confusion").text(0) == "Agreement"
    assert [row(panel, "confusion").child(i).text(0) for i in range(2)] == ["TP", "FP"]
    assert row(panel, "segments").childCount() == 0
    assert panel.styles["confusion"].visible and not panel.styles["segments"].visible


def test_a_layer_whose_classes_change_between_results_gets_new_class_rows(panel):
    three = (*LEGEND, LegendEntry(3, "FN", (3, 3, 3, 255)))
    grown = {**LAYERS, "confusion": DisplayLayer(Layer(
        "confusion", "Agreement", "classes", np.ones((2, 2), np.uint8), three))}
    panel.set_layers(grown)  # the same layers, one more class: was an AttributeError
    assert [row(panel, "confusion").child(i).text(0) for i in range(3)] == ["TP", "FP", "FN"]
    panel.set_layers(LAYERS)
    assert row(panel, "confusion").childCount() == 2


def test_checkbox_toggles_visibility(panel):
    row(panel, "segments").setCheckState(0, Qt.CheckState.Checked)
    assert panel.edits[-1][0] == "segments" and panel.edits[-1][1].visible
    assert panel.styles["segments"].visible


def test_opacity_slider_and_outline_box(panel):
    item = row(panel, "confusion")
    panel.itemWidget(item, 1).setValue(40)
    assert panel.styles["confusion"].opacity == 0.4
    panel.itemWidget(item, 2).setChecked(True)
    assert panel.styles["confusion"].outline
    assert panel.itemWidget(row(panel, "segments"), 2) is None  # no outline for labels
    assert {name for name, _ in panel.edits} == {"confusion"}


def test_programmatic_styles_update_the_widgets(panel):
    style = panel.styles["confusion"]
    panel.layer_styles.restore({"confusion": style.with_colour(2, (9, 9, 9, 255))})
    panel.set_style("confusion", LayerStyle(False, 0.25, (), True))
    item = row(panel, "confusion")
    assert item.checkState(0) == Qt.CheckState.Unchecked
    assert panel.itemWidget(item, 1).value() == 25
    assert panel.itemWidget(item, 2).isChecked()


def test_new_result_with_same_layers_keeps_rows_and_styles(panel):
    panel.toggle("segments")
    first_item = row(panel, "confusion")
    renamed = {**LAYERS, "confusion": DisplayLayer(Layer(
        "confusion", "Agreement (t = 3)", "classes", np.ones((2, 2), np.uint8), LEGEND))}
    panel.set_layers(renamed)
    assert row(panel, "confusion") is first_item
    assert first_item.text(0) == "Agreement (t = 3)"
    assert panel.styles["segments"].visible


def test_rows_follow_the_model_order(panel):
    panel.layer_styles.move("segments", 0)
    assert panel.names == ["segments", FUNDUS, "confusion"]
    assert [panel.topLevelItem(r).text(0) for r in range(3)] == [
        "Segments", "Fundus photograph", "Agreement"]


def test_selection_wraps(panel):
    assert panel.current_name() == FUNDUS
    panel.select_step(-1)
    assert panel.current_name() == "segments"
    panel.setCurrentItem(row(panel, "confusion").child(1))
    assert panel.current_name() == "confusion"
    panel.toggle_current()
    assert not panel.styles["confusion"].visible
