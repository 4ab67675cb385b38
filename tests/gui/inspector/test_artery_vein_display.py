"""The window on an artery/vein case: the A/V agreement layer's legend counts and
readout, and the metrics panel folding the A/V family when a case has no A/V labels."""

from __future__ import annotations

import numpy as np
import pytest

from tests.gui.conftest import RESULT_TIMEOUT_MS, hover
from vesselview.app.absent_families import absent_families
from vesselview.engine.av_classes import NO_REFERENCE_CLASSES
from vesselview.engine.case import Case
from vesselview.engine.families.artery_vein import FAMILY
from vesselview.engine.families.av_agreement import AV_LAYER, RED_BLUE
from vesselview.engine.labels import LabelMap
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.gui.widgets.metrics_panel import MetricsPanel

A, V = 1, 2
CLASSES = {A: "artery", V: "vein"}


def _maps() -> tuple[np.ndarray, np.ndarray]:
    """Reference: an artery (cols 4-6) and a vein (cols 12-14) over rows 2-29; the
    candidate calls the vein's top artery, misses the artery's bottom and adds a stray."""
    reference = np.zeros((32, 24), np.uint8)
    reference[2:30, 4:7], reference[2:30, 12:15] = A, V
    candidate = reference.copy()
    candidate[2:10, 12:15] = A   # 24 vein pixels called artery
    candidate[24:30, 4:7] = 0    # 18 artery pixels missed
    candidate[15:17, 19:21] = V  # 4 false pixels
    return reference, candidate


def av_case(with_labels: bool = True) -> Case:
    reference, candidate = _maps()
    fov = np.ones(reference.shape, bool)
    if not with_labels:
        return Case(reference > 0, candidate > 0, fov)
    return Case(reference > 0, candidate > 0, fov, labels=LabelMap(reference, CLASSES),
                candidate_labels=LabelMap(candidate, CLASSES))


def _numpy_counts() -> dict[str, int]:
    ref, cand = _maps()
    return {"correct artery": int(np.sum((ref == A) & (cand == A))),
            "correct vein": int(np.sum((ref == V) & (cand == V))),
            "artery called vein": int(np.sum((ref == A) & (cand == V))),
            "vein called artery": int(np.sum((ref == V) & (cand == A))),
            "missed": int(np.sum((ref > 0) & (cand == 0))),
            "false": int(np.sum((ref == 0) & (cand > 0)))}


@pytest.fixture
def av_window(window, qtbot):
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(av_case())
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_legend_counts_each_av_class_as_numpy_does(av_window, qtbot):
    av_window.model.layers.edit(AV_LAYER, visible=True)
    lines = [f'{name} <span style="color:#aaaaaa">({count:,} px)</span>'
             for name, count in _numpy_counts().items()]
    qtbot.waitUntil(lambda: all(line in av_window.view.legend.text() for line in lines))


def test_the_readout_names_the_av_class_at_the_pixel(av_window, qtbot):
    av_window.model.layers.edit(AV_LAYER, visible=True)
    hover(av_window, 5, 13)
    qtbot.waitUntil(lambda: "vein called artery" in av_window.readout.text())


def test_the_av_family_folds_into_one_line_without_labels(qtbot):
    panel = MetricsPanel()
    qtbot.addWidget(panel)
    result = Evaluator(av_case(with_labels=False)).evaluate(Params())
    assert absent_families(result)[FAMILY.name] == NO_REFERENCE_CLASSES
    assert "pixel" not in absent_families(result)
    panel.show_result(result)
    group = panel.groups[FAMILY.name]
    assert group.text(0) == group.toolTip(0) == f"{FAMILY.title}: {NO_REFERENCE_CLASSES}"
    assert all(panel.rows[key].isHidden() for key in FAMILY.keys)
    assert not any(panel.rows[key].isHidden() for key in ("dice", "f1_t"))


def test_the_av_family_shows_its_rows_with_labels(qtbot):
    panel = MetricsPanel()
    qtbot.addWidget(panel)
    panel.show_result(Evaluator(av_case(with_labels=False)).evaluate(Params()))
    panel.show_result(Evaluator(av_case()).evaluate(Params()))
    assert FAMILY.name not in absent_families(Evaluator(av_case()).evaluate(Params()))
    assert panel.groups[FAMILY.name].text(0) == FAMILY.title
    assert not any(panel.rows[key].isHidden() for key in FAMILY.keys)


def test_the_view_menu_switches_to_red_blue_and_back(av_window, qtbot):
    av_window.model.layers.edit(AV_LAYER, visible=True)
    av_window.menus.av_red_blue.trigger()
    assert av_window.model.layers.styles[AV_LAYER].colour_map == RED_BLUE
    qtbot.waitUntil(lambda: "rgb(220,20,20)" in av_window.view.legend.text())
    av_window.menus.av_red_blue.trigger()
    assert av_window.model.layers.styles[AV_LAYER].colours == ()
