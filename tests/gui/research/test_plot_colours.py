"""A metric keeps its line colour and pattern whatever else is ticked."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from vesselview.engine.families import METRICS
from vesselview.engine.params import Params
from vesselview.gui.research.plot_views import draw_sweep, metric_line
from vesselview.research.sweep import Sweep

KEYS = ("f1_t", "f1_t_precision", "f1_t_recall")


def _pens(qtbot, metrics):
    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    sweep = Sweep("t", (0.0, 1.0, 2.0), KEYS, ("case",),
                  np.random.default_rng(0).random((1, 3, len(KEYS))), Params())
    draw_sweep(widget.getPlotItem(), None, sweep, metrics, "t")
    curves = widget.getPlotItem().listDataItems()
    return {curve.name(): curve.opts["pen"] for curve in curves}


def test_a_metric_keeps_its_colour_whatever_else_is_ticked(qtbot):
    alone = _pens(qtbot, ["f1_t_recall"])
    together = _pens(qtbot, list(KEYS))
    name = METRICS["f1_t_recall"].name
    assert alone[name].color().getRgb() == together[name].color().getRgb()
    assert alone[name].style() == together[name].style()


def test_metrics_near_in_the_registry_differ_in_colour_or_pattern():
    """Metrics of a family are neighbours in the registry and are ticked together."""
    looks = [metric_line(key) for key in METRICS]
    window = 28  # 7 colours x 4 patterns
    for start in range(len(looks) - window + 1):
        assert len(set(looks[start:start + window])) == window
