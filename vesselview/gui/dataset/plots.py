"""The browser's plots: a box and strip plot per method of one metric, and the per-case
scatter of method A against method B (pyqtgraph), exportable as PNG."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from vesselview.app.dataset_table import MetricTable
from vesselview.engine.families import METRICS

_POINT = (86, 180, 233, 200)  # sky blue (Okabe-Ito)
_BOX = (230, 159, 0)  # orange (Okabe-Ito)
_BASELINE_BOX = (120, 120, 120)  # grey: a human baseline, not a method
_DIAGONAL = (160, 160, 160)


def _plain_axes(plot: pg.PlotWidget) -> None:
    """Values as they are (no "x0.001" SI scaling of dimensionless scores)."""
    for side in ("left", "bottom"):
        plot.getAxis(side).enableAutoSIPrefix(False)


def _label(metric: str) -> str:
    info = METRICS[metric]
    return f"{info.name} ({info.unit})" if info.unit else info.name


class MethodBoxPlot(pg.PlotWidget):
    """Quartile boxes, whiskers to the extremes and every case as a jittered point; a
    human baseline's box is grey and its tick says so, and a method whose metric is
    undefined on some cases says on how many of them it is defined (``n=19 of 20``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, background="w")
        _plain_axes(self)

    def show_metric(self, table: MetricTable, metric: str) -> None:
        """Plot ``metric`` for each method of ``table`` (methods along x)."""
        self.clear()
        rng = np.random.default_rng(0)  # fixed jitter: the same plot every time
        ticks = []
        for index, method in enumerate(table.methods):
            values = np.asarray(table.column(method, metric))
            ticks.append((index, _tick(table, method, values.size)))
            if values.size == 0:
                continue
            low, q1, median, q3, high = np.percentile(values, [0, 25, 50, 75, 100])
            pen = pg.mkPen(_BASELINE_BOX if method in table.baselines else _BOX, width=2)
            self.addItem(pg.PlotCurveItem(
                [index - .3, index + .3, index + .3, index - .3, index - .3],
                [q1, q1, q3, q3, q1], pen=pen))
            self.addItem(pg.PlotCurveItem([index - .3, index + .3], [median] * 2, pen=pen))
            for start, end in ((low, q1), (q3, high)):
                self.addItem(pg.PlotCurveItem([index, index], [start, end], pen=pen))
            jitter = index + rng.uniform(-.15, .15, values.size)
            self.addItem(pg.ScatterPlotItem(jitter, values, size=6, brush=_POINT, pen=None))
        self.getAxis("bottom").setTicks([ticks])
        self.setLabel("left", _label(metric))
        self.setTitle(f"{METRICS[metric].name} per method")


def _tick(table: MetricTable, method: str, defined: int) -> str:
    """A method's tick: its label over lines, and ``n=k of N`` when only k cases of N
    have a value (undefined ones are not plotted)."""
    text = table.label(method).replace(" (", "\n(")
    cases = len(table.case_ids)
    return text if defined == cases else f"{text}\nn={defined} of {cases}"


class PairScatter(pg.PlotWidget):
    """One point per case: method A's value against method B's, with the diagonal."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, background="w")
        _plain_axes(self)

    def show_pair(self, table: MetricTable, metric: str, a: str, b: str) -> None:
        """Plot ``metric`` of ``a`` (x) against ``b`` (y) for cases having both."""
        self.clear()
        pairs = table.pairs(metric, a, b)
        if pairs:
            x = np.array([row[1] for row in pairs])
            y = np.array([row[2] for row in pairs])
            low, high = float(min(x.min(), y.min())), float(max(x.max(), y.max()))
            self.addItem(pg.PlotCurveItem([low, high], [low, high],
                                          pen=pg.mkPen(_DIAGONAL, style=Qt.PenStyle.DashLine)))
            self.addItem(pg.ScatterPlotItem(x, y, size=8, brush=_POINT, pen=None,
                                            data=[row[0] for row in pairs]))
        a_name, b_name = table.label(a), table.label(b)
        self.setLabel("bottom", f"{a_name}: {_label(metric)}")
        self.setLabel("left", f"{b_name}: {_label(metric)}")
        self.setTitle(f"{METRICS[metric].name}: {a_name} vs {b_name} (one point per case)")
