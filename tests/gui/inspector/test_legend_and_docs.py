"""Legend text, metric documentation, About and shortcut texts."""

from __future__ import annotations

import numpy as np

from vesselview.app.display import DisplayLayer
from vesselview.app.style import LayerStyle
from vesselview.engine.families import METRICS
from vesselview.engine.keys import DISSIMILARITIES, METRIC_KEYS
from vesselview.engine.layers import Layer, LegendEntry
from vesselview.gui.about import about_html
from vesselview.gui.inspector.legend import compact_legend_html, legend_html
from vesselview.gui.shortcuts import SHORTCUTS, shortcuts_html
from vesselview.gui.widgets.metric_docs import metric_tooltip


def test_legend_lists_classes_with_counts_and_overridden_colours():
    layer = DisplayLayer(Layer("confusion", "Agreement", "classes",
                                np.array([[1, 1, 2]], np.uint8),
                                (LegendEntry(1, "TP", (1, 2, 3, 255)),
                                 LegendEntry(2, "FP & co", (4, 5, 6, 255)))))
    text = legend_html([(layer, LayerStyle(True).with_colour(2, (9, 8, 7, 255)))])
    assert "<b>Agreement</b>" in text
    assert "TP" in text and "(2 px)" in text and "(1 px)" in text
    assert "FP &amp; co" in text
    assert "rgb(9,8,7)" in text and "rgb(4,5,6)" not in text


def test_legend_for_scalar_and_labels():
    scalar = DisplayLayer(Layer("s", "Score", "scalar", np.ones((1, 1), np.uint8),
                                 (LegendEntry(1, "0", (255, 0, 0, 255)),
                                  LegendEntry(255, "1", (0, 0, 255, 255))), (0.0, 1.0)))
    labels = DisplayLayer(Layer("g", "Segments", "labels", np.ones((1, 1), np.int32)))
    text = legend_html([(scalar, LayerStyle(True)), (labels, LayerStyle(True))])
    assert "0 " in text and "rgb(255,0,0)" in text and "rgb(0,0,255)" in text
    assert "one colour per segment" in text


def test_empty_legend():
    assert legend_html([]) == ""


def test_every_metric_is_documented_with_direction_and_source():
    for key in METRIC_KEYS:
        tip = metric_tooltip(key)
        assert METRICS[key].name in tip and "Source:" in tip
        direction = ("smaller is better" if key in DISSIMILARITIES else "no value is better"
                     if METRICS[key].direction == "neither" else "larger is better")
        assert direction in tip


def test_about_names_version_and_papers():
    from vesselview import __version__

    text = about_html()
    assert __version__ in text
    assert "A Function for Quality Evaluation of Retinal Vessel Segmentations" in text
    assert "A Skeletal Similarity Metric for Quality Evaluation of Retinal Vessel" in text
    assert "Tolerance F1" in text


def test_shortcut_list_has_every_shortcut():
    text = shortcuts_html()
    for key, description in SHORTCUTS.values():
        assert key in text and description in text
    assert "Space (hold)" in text


def test_shortcuts_dialog_shows_the_table(qtbot):
    from PySide6.QtWidgets import QLabel

    from vesselview.gui.shortcuts import ShortcutsDialog

    dialog = ShortcutsDialog()
    qtbot.addWidget(dialog)
    assert dialog.findChild(QLabel).text() == shortcuts_html()


def test_the_compact_legend_leaves_out_a_class_layer_painting_nothing():
    entry = (LegendEntry(1, "TP", (1, 2, 3, 255)),)
    painted = DisplayLayer(Layer("a", "Painted", "classes", np.array([[0, 1]], np.uint8), entry))
    empty = DisplayLayer(Layer("b", "Empty", "classes", np.zeros((1, 2), np.uint8), entry))
    text = compact_legend_html([(painted, LayerStyle(True)), (empty, LayerStyle(True))])
    assert "Painted" in text and "Empty" not in text
