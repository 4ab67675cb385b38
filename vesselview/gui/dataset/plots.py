"""The browser's plots: a box and strip plot per method of one metric, and the per-case
scatter of method A against method B (pyqtgraph), exportable as PNG."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QWidget

from vesselview.app.dataset_table import MetricTable
from vesselview.app.tick_labels import fitted_label
from vesselview.engine.families import METRICS

_POINT = (86, 180, 233, 200)  # sky blue (Okabe-Ito)
_BOX = (230, 159, 0)  # orange (Okabe-Ito)
_BASELINE_BOX = (120, 120, 120)  # grey: a human baseline, not a method
_DIAGONAL = (160, 160, 160)
_BAND = (0, 158, 115, 50)  # translucent bluish green (Okabe-Ito): human variability
_MARGIN = 0.08  # part of a plot's data range left free at each side


def _plain_axes(plot: pg.PlotWidget) -> None:
    """Values as they are (no "x0.001" SI scaling of dimensionless scores)."""
    for side in ("left", "bottom"):
        plot.getAxis(side).enableAutoSIPrefix(False)


def _show_range(plot: pg.PlotWidget, x_range: tuple[float, float],
                y_values: Sequence[Sequence[float] | np.ndarray]) -> None:
    """Show ``x_range`` and every value of ``y_values`` with a margin.

    Set from the data each time it changes rather than left to pyqtgraph's auto-range,
    which keeps a range found while the plot was a few pixels tall (docked, hidden) or
    after a wheel turn over it, leaving points outside (issue 26).
    """
    known = [np.asarray(values, dtype=float) for values in y_values if len(values)]
    if not known:
        return
    joined = np.concatenate(known)
    plot.setRange(xRange=x_range, yRange=(float(joined.min()), float(joined.max())),
                  padding=_MARGIN)


def _fitted(name: str, room: float, metrics: QFontMetrics) -> str:
    """``name`` in two lines no wider than ``room`` pixels where 3 characters a line fit
    (`fitted_label` with the most characters a line that fit)."""
    if room <= 0:  # not laid out yet: fitted when it is (`sigResized`)
        return name
    chars = max(int(room / max(metrics.averageCharWidth(), 1)), 3)
    label = fitted_label(name, chars)
    while chars > 3 and max(metrics.horizontalAdvance(line) for line in label.split("\n")) > room:
        chars -= 1
        label = fitted_label(name, chars)
    return label


def tick_metrics(axis: pg.AxisItem) -> QFontMetrics:
    """The measures of the font ``axis`` writes its tick labels in (pixels)."""
    return QFontMetrics(axis.style.get("tickFont") or axis.font())


class _TitledPlot(pg.PlotWidget):
    """A white plot with plain axes whose title is shortened (with "…") to its width; the
    whole title is its tooltip. A pyqtgraph title's width is the plot's least width, which
    pushed a narrow plot's area (docked beside the table) beyond its right edge."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, background="w")
        _plain_axes(self)
        self._title = ""
        self.getViewBox().sigResized.connect(lambda _box: self._fit())

    def set_full_title(self, title: str) -> None:
        """Show ``title``, shortened to the plot's width."""
        self._title = title
        self.setToolTip(title)
        self._fit()

    def _fit(self) -> None:
        """The title and whatever else a subclass fits to the new width."""
        # the title spans the plot area's column only, right of the left axis
        label, room = self.plotItem.titleLabel, self.width() - self.getAxis("left").width() - 8
        metrics, width = QFontMetrics(label.item.font()), room
        self.setTitle(self._title)
        while label.itemRect().width() > room and width > 0:  # as drawn (its HTML font)
            width -= max(room // 10, 1)
            self.setTitle(metrics.elidedText(self._title, Qt.TextElideMode.ElideMiddle, width))


def _observer_band(plot: pg.PlotWidget, table: MetricTable, metric: str,
                   orientation: str = "horizontal") -> pg.LinearRegionItem | None:
    """Shade the range of the observers' agreement with each other on ``metric``
    (`MetricTable.band`) behind the points; None (nothing drawn) without it."""
    span = table.band.range(metric)
    if span is None:
        return None
    band = pg.LinearRegionItem(span, orientation=orientation, movable=False,
                               brush=pg.mkBrush(_BAND), pen=pg.mkPen(_BAND[:3]))
    band.setZValue(-10)
    band.setToolTip(f"inter-observer range: {table.band.describe(metric)}")
    plot.addItem(band)
    return band


def _band_values(table: MetricTable, metric: str) -> list[float]:
    """The band's ends, for the plot's range (none without a band)."""
    span = table.band.range(metric)
    return [] if span is None else list(span)


def _label(metric: str) -> str:
    info = METRICS[metric]
    return f"{info.name} ({info.unit})" if info.unit else info.name


class MethodBoxPlot(_TitledPlot):
    """Quartile boxes, whiskers to the extremes and every case as a jittered point; a
    human baseline's box is grey and its tick says so, and a method whose metric is
    undefined on some cases says on how many of them it is defined (``n=19 of 20``).
    Scored against each observer, a box per method and observer, its tick naming the
    observer. Behind them, the inter-observer band (`band`).

    Attributes
    ----------
    band : pg.LinearRegionItem or None
        The shaded range of the observers' agreement with each other (None without).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        self._ticks: list[tuple[str, str]] = []  # each box's method label and note
        self.band: pg.LinearRegionItem | None = None
        super().__init__(parent)

    def show_metric(self, table: MetricTable, metric: str) -> None:
        """Plot ``metric`` for each column group of ``table`` (along x)."""
        self.clear()
        rng = np.random.default_rng(0)  # fixed jitter: the same plot every time
        self._ticks = []
        self.band = _observer_band(self, table, metric)
        for index, (method, observer) in enumerate(table.groups):
            values = np.asarray(table.column(method, metric, observer))
            label = table.label(method) + ("" if observer is None else f" vs {observer}")
            self._ticks.append((label, _note(table, values.size)))
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
        self._fit()
        _show_range(self, (-.5, len(table.groups) - .5),
                    [table.column(method, metric, observer) for method, observer in
                     table.groups] + [_band_values(table, metric)])
        self.setLabel("left", _label(metric))
        band = " (shaded: the observers' agreement with each other)" if self.band else ""
        self.set_full_title(f"{METRICS[metric].name} per method{band}")

    def _fit(self) -> None:
        """The title, and each method's tick fitted to the width of its box (`_tick`)."""
        super()._fit()
        axis, ticks = self.getAxis("bottom"), self._ticks
        room = self.getViewBox().width() / max(len(ticks), 1)
        axis.setTicks([[(index, _tick(label, note, room, tick_metrics(axis)))
                        for index, (label, note) in enumerate(ticks)]])


def _note(table: MetricTable, defined: int) -> str:
    """``n=k of N`` when only k cases of N have a value (undefined ones are not plotted)."""
    cases = len(table.case_ids)
    return "" if defined == cases else f"n={defined} of {cases}"


def _tick(label: str, note: str, room: float, metrics: QFontMetrics) -> str:
    """A method's tick in ``room`` pixels: its name (wrapped at its word breaks into two
    lines, shortened with "…" when longer: the full names are in the A / B choices and
    the table's headers), a baseline's "(human baseline)" on a line of its own, then
    ``note``."""
    name, _, baseline = label.partition(" (")
    lines = [name] + ([f"({baseline}"] if baseline else [])
    return "\n".join([_fitted(line, room, metrics) for line in lines] + ([note] if note else []))


class PairScatter(_TitledPlot):
    """One point per case: method A's value against method B's (scored against each
    observer: their mean), with the diagonal and the inter-observer band on both axes.

    Attributes
    ----------
    bands : list of pg.LinearRegionItem
        The observers' agreement range across and along (empty without).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        self.bands: list[pg.LinearRegionItem] = []
        super().__init__(parent)

    def show_pair(self, table: MetricTable, metric: str, a: str, b: str) -> None:
        """Plot ``metric`` of ``a`` (x) against ``b`` (y) for cases having both."""
        self.clear()
        pairs = table.pairs(metric, a, b)
        self.bands = [band for band in (_observer_band(self, table, metric, side)
                                        for side in ("vertical", "horizontal"))
                      if band is not None]
        if pairs:
            x = np.array([row[1] for row in pairs])
            y = np.array([row[2] for row in pairs])
            low, high = float(min(x.min(), y.min(), *_band_values(table, metric))), \
                float(max(x.max(), y.max(), *_band_values(table, metric)))
            self.addItem(pg.PlotCurveItem([low, high], [low, high],
                                          pen=pg.mkPen(_DIAGONAL, style=Qt.PenStyle.DashLine)))
            self.addItem(pg.ScatterPlotItem(x, y, size=8, brush=_POINT, pen=None,
                                            data=[row[0] for row in pairs]))
            _show_range(self, (low, high), [[low, high]])  # one scale: the diagonal at 45°
        a_name, b_name = table.label(a), table.label(b)
        self.setLabel("bottom", f"{a_name}: {_label(metric)}")
        self.setLabel("left", f"{b_name}: {_label(metric)}")
        mean = ", mean over the observers" if table.observers else ""
        self.set_full_title(f"{METRICS[metric].name}: {a_name} vs {b_name} (one point per "
                            f"case{mean})")
