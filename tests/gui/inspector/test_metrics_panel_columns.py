"""Review items 10, 16 (tooltip note), 17, 20: metrics panel columns, units, citations."""

from __future__ import annotations

import numpy as np
import pytest

from vesselview.engine.case import Case
from vesselview.engine.families import METRICS
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.gui.about import about_html
from vesselview.gui.widgets.metric_docs import metric_tooltip, with_unit
from vesselview.gui.widgets.metric_text import value_text
from vesselview.gui.widgets.metrics_panel import MetricsPanel

NAME, VALUE, DELTA = range(3)


@pytest.fixture(scope="module")
def results():
    """A candidate with far false positives (RVE 100 %, Hausdorff 14 px), then a perfect one."""
    reference = np.zeros((24, 24), bool)
    reference[4:8, 2:22] = True
    candidate = reference.copy()
    candidate[18:22, 2:22] = True
    fov = np.ones((24, 24), bool)
    return (Evaluator(Case(reference=reference, candidate=candidate, fov=fov)).evaluate(Params()),
            Evaluator(Case(reference=reference, candidate=reference, fov=fov)).evaluate(Params()))


@pytest.fixture
def panel(qtbot):
    widget = MetricsPanel()
    qtbot.addWidget(widget)
    widget.resize(330, 900)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_units_follow_the_numbers(results):
    result = results[0]
    assert value_text(result, "rve") == result.describe("rve") + "%"
    assert value_text(result, "hausdorff") == result.describe("hausdorff") + " px"
    assert value_text(result, "mse") == result.describe("mse") + " px²"
    assert value_text(result, "dice") == result.describe("dice")
    assert value_text(result, "betti0_error") == result.describe("betti0_error")
    assert "." not in value_text(result, "betti0_error")  # counts stay integers


def test_no_unit_on_undefined_or_infinite_values():
    reference = np.zeros((8, 8), bool)
    reference[2:5, 2:5] = True
    result = Evaluator(Case(reference=reference, candidate=np.zeros((8, 8), bool),
                            fov=np.ones((8, 8), bool))).evaluate(Params())
    assert value_text(result, "hausdorff") == "inf"
    assert value_text(result, "precision").startswith("undefined (")
    assert with_unit("asd", "1.5000") == "1.5000 px"


def test_delta_and_values_are_never_clipped(panel, results):
    panel.show_result(results[0])
    panel.show_result(results[1])
    tree = panel.tree
    header = tree.header()
    metrics = tree.fontMetrics()
    deltas = [item.text(DELTA) for item in panel.rows.values() if item.text(DELTA)]
    assert panel.rows["rve"].text(DELTA) == "-100.0000"
    widest_delta = max(metrics.horizontalAdvance(text) for text in deltas)
    assert header.sectionSize(DELTA) >= widest_delta
    numbers = [item.text(VALUE) for key, item in panel.rows.items()
               if not item.text(VALUE).startswith("undefined")]
    assert header.sectionSize(VALUE) >= max(metrics.horizontalAdvance(t) for t in numbers)
    right_edge = header.sectionViewportPosition(DELTA) + header.sectionSize(DELTA)
    assert right_edge <= tree.viewport().width()  # Δ column fully inside the view


def test_name_column_takes_the_rest_and_names_have_full_tooltips(panel, results):
    panel.show_result(results[0])
    header = panel.tree.header()
    total = sum(header.sectionSize(column) for column in range(3))
    assert total == panel.tree.viewport().width()
    item = panel.rows["asd"]
    assert "Average symmetric contour distance" in item.toolTip(NAME)


def test_tolerant_overlaps_explain_their_default():
    for key, plain in (("j_g", "Jaccard"), ("d_g", "Dice")):
        tip = metric_tooltip(key)
        assert f"g = 0 (the default) it equals {plain}" in tip and "Advanced" in tip


def test_tooltips_name_the_unit():
    assert "in px" in metric_tooltip("hausdorff")
    assert "in %" in metric_tooltip("rve")
    assert " in " not in metric_tooltip("dice").split("<i>")[1].split("</i>")[0]


def test_tooltips_say_the_direction_and_range_the_registry_declares():
    assert "larger is better; from 0 to 1</i>" in metric_tooltip("dice")
    assert "from -1 to 1" in metric_tooltip("mcc")
    assert "smaller is better; 0 or more; in px" in metric_tooltip("hausdorff")
    assert "from 0 to Baddeley Δ cut-off c" in metric_tooltip("delta_p")


def test_about_cites_venue_year_and_doi():
    text = about_html()
    assert "IEEE Trans. Med. Imaging 31(2):231-239, 2012, doi:10.1109/TMI.2011.2167982" in text
    assert "IEEE Trans. Med. Imaging 37(4):1045-1057, 2018, doi:10.1109/TMI.2017.2778748" in text
    assert "modified F1 for retinal vessel segmentation evaluation" in text
    for internal in ("our copy", "seed", "title page"):
        assert internal not in text


def test_no_source_line_names_an_internal_seed():
    for info in METRICS.values():
        assert "seed" not in info.source
