"""Review items 16, 18, 19: Advanced parameters, invalid SS segments, layer panel layout."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from vesselview.app.display import DisplayLayer
from vesselview.app.inspector import Inspector
from vesselview.app.layer_styles import LayerStyles
from vesselview.app.param_labels import ADVANCED, PANEL_SECTIONS
from vesselview.app.scheduler import Scheduler
from vesselview.app.style import LayerStyle
from vesselview.engine.layers import Layer, LegendEntry
from vesselview.engine.params import PARAM_SPECS, Params
from vesselview.engine.skeletal.similarity import SEGMENT_DTYPE
from vesselview.gui.inspector.layer_panel import LayerPanel
from vesselview.gui.inspector.params_dock import ParamsPanel
from vesselview.gui.inspector.segments_table import COLUMNS, SegmentsTable, invalid_reason

ADVANCED_KEYS = {"contour_gamma", "fom_k", "fom_length", "baddeley_p", "baddeley_c",
                 "norm_length", "nsd_tau", "thin_width", "distance_fov", "cal_fov"}


@pytest.fixture
def params_panel(qtbot):
    widget = ParamsPanel(Inspector(Scheduler(synchronous=True)))
    qtbot.addWidget(widget)
    return widget


def test_advanced_section_has_the_cli_only_parameters_collapsed(params_panel):
    assert set(PANEL_SECTIONS[ADVANCED]) == ADVANCED_KEYS
    assert not params_panel.advanced.isExpanded()
    # with the GUI's other controls, every parameter but the single-choice ss_mode and the
    # A/V weight table (a file given to the CLI or a text to the API) is editable
    assert set(params_panel.choices) == {"distance", "disagreement", "distance_convention",
                                         "distance_to", "av_crossing", "av_uncertain",
                                         "cal_l_count"}
    editable = set(params_panel.sliders) | set(params_panel.switches) | set(params_panel.choices)
    assert editable == set(PARAM_SPECS) - {"ss_mode", "av_weights"}
    for key in ADVANCED_KEYS:
        control = params_panel.sliders.get(key) or params_panel.switches[key]
        assert PARAM_SPECS[key].doc in control.toolTip()


def test_advanced_controls_start_at_the_defaults(params_panel):
    assert params_panel.sliders["contour_gamma"].value() == 0
    assert params_panel.sliders["fom_k"].value() == pytest.approx(1 / 9, abs=1e-3)
    assert params_panel.sliders["baddeley_p"].value() == 2.0
    assert not params_panel.switches["cal_fov"].isChecked()


def test_advanced_edits_reach_the_params(params_panel):
    params_panel.sliders["contour_gamma"].setValue(3)
    params_panel.sliders["fom_k"].setValue(0.2500001)
    params_panel.switches["distance_fov"].setChecked(True)
    assert params_panel.params == Params(contour_gamma=3, fom_k=0.25, distance_fov=True)


def test_set_params_shows_the_switches(params_panel):
    params_panel.model.set_params(Params(cal_fov=True, baddeley_c=12.0))
    assert params_panel.switches["cal_fov"].isChecked()
    assert params_panel.sliders["baddeley_c"].value() == 12.0
    params_panel.reset_button.click()
    assert not params_panel.switches["cal_fov"].isChecked()


def test_advanced_section_expands(params_panel, qtbot):
    params_panel.show()
    params_panel.advanced.expand(animate=False)
    assert params_panel.advanced.isExpanded()
    assert params_panel.switches["cal_fov"].isVisible()


# -- SS segments -------------------------------------------------------------------------

@pytest.mark.parametrize(("n_r", "n_s", "reason"), [
    (15, 10, ""), (15, 9, "n_S 9 ≤ 0.6·n_R = 9"), (4, 3, "n_S 3 ≤ 3"),
    (10, 0, "n_S 0 ≤ 0.6·n_R = 6; n_S 0 ≤ 3")])
def test_invalid_reason_by_hand(n_r, n_s, reason):
    assert invalid_reason(n_r, n_s) == reason


@pytest.fixture
def segments(qtbot):
    table = np.zeros(2, SEGMENT_DTYPE)
    table["label"] = [1, 2]
    table["length"] = [10, 20]
    table["n_s"] = [9, 5]
    table["cs"] = [0.99, 0.98]
    table["ts"] = [0.9, 0.95]
    table["score"] = [0.972, 0.0]
    table["valid"] = [True, False]
    widget = SegmentsTable()
    qtbot.addWidget(widget)
    widget.segments.set_table(table)
    return widget


def test_invalid_rows_say_so_in_the_score_and_tooltip(segments):
    model = segments.segments
    score = list(COLUMNS).index("score")
    assert model.index(0, score).data() == "0.972"
    assert model.index(1, score).data() == "0 (invalid)"
    tooltip = model.index(1, 3).data(Qt.ItemDataRole.ToolTipRole)
    assert tooltip == "Not valid, so its score is 0: n_S 5 ≤ 0.6·n_R = 12"
    assert model.index(0, 3).data(Qt.ItemDataRole.ToolTipRole) is None


def test_invalid_score_text_fits_its_column(segments, qtbot):
    segments.resize(300, 200)
    segments.show()
    qtbot.waitExposed(segments)
    score = list(COLUMNS).index("score")
    needed = segments.fontMetrics().horizontalAdvance("0 (invalid)")
    assert segments.horizontalHeader().sectionSize(score) >= needed
    assert not segments.wordWrap()


def test_sorting_by_score_still_uses_the_number(segments):
    segments.sortByColumn(list(COLUMNS).index("score"), Qt.SortOrder.AscendingOrder)
    assert segments.segments.label_at(0) == 2


# -- layer panel ---------------------------------------------------------------------------

LEGEND = (LegendEntry(1, "TP: both", (1, 1, 1, 255)),)


def _layers(count):
    return {f"layer{k}": DisplayLayer(Layer(f"layer{k}", f"Tolerance F1 agreement (t = {k})",
                                            "classes", np.ones((2, 2), np.uint8), LEGEND))
            for k in range(count)}


@pytest.fixture
def layer_panel(qtbot):
    widget = LayerPanel(LayerStyles())
    qtbot.addWidget(widget)
    widget.set_layers(_layers(12))
    widget.resize(300, 500)  # the layers dock at a 1200 px window
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_name_column_fills_the_panel_without_a_scrollbar(layer_panel):
    header = layer_panel.header()
    assert sum(header.sectionSize(c) for c in range(3)) == layer_panel.viewport().width()
    assert not layer_panel.horizontalScrollBar().isVisible()
    assert header.sectionSize(1) + header.sectionSize(2) <= 150  # compact controls
    item = layer_panel.topLevelItem(1)
    assert item.text(0) in item.toolTip(0)  # an elided title is in full in the tooltip


def test_opacity_sliders_show_their_value(layer_panel):
    control = layer_panel.itemWidget(layer_panel.topLevelItem(1), 1)
    assert control.label.text() == f"{round(layer_panel.styles['layer0'].opacity * 100)}%"
    control.setValue(40)
    assert control.label.text() == "40%" and layer_panel.styles["layer0"].opacity == 0.4
    layer_panel.set_style("layer0", LayerStyle(True, 0.75, (), False))
    assert control.label.text() == "75%"


def test_rows_name_their_number_key(layer_panel):
    tips = [layer_panel.topLevelItem(row).toolTip(0) for row in range(13)]
    assert "key 1 " in tips[0] and "key 2 " in tips[1] and "key 0 " in tips[9]
    assert all("key" not in tip for tip in tips[10:])
