"""Drawing sweeps and soft-map curves into pyqtgraph plots (no computation here).

The numbers come finished from `vesselview.research.sweep` and `vesselview.research.curves`;
these functions only turn them into lines, on a white background with Okabe-Ito colours
(colour-blind safe), so the plots read well on screen, in exported PNGs and in print.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSizePolicy

from vesselview.engine.case import Case
from vesselview.engine.families import METRICS
from vesselview.engine.layers import OKABE_ITO
from vesselview.engine.params import Params
from vesselview.engine.pipeline import StopCallback
from vesselview.gui.research.metric_choice import short_label
from vesselview.research.curves import Curve, F1Curve, f1_t_curve, operating_points
from vesselview.research.froc import FP_RATES, FROC_SCORE_NOTE, FrocCurve, froc_curves
from vesselview.research.sweep import Sweep

#: Points drawn per soft-map curve (as ``vesselview-eval --curves`` writes them).
MAX_CURVE_POINTS = 2000
#: Line colours in order (Okabe-Ito without yellow, too pale on white).
LINE_COLOURS = tuple(OKABE_ITO[name][:3] for name in (
    "blue", "vermillion", "bluish_green", "reddish_purple", "orange", "sky_blue", "black"))
#: Dash patterns that tell apart metrics sharing a colour (one per round of the colours).
_LINE_STYLES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine,
                Qt.PenStyle.DashDotLine)
_TEXT = (40, 40, 40)
_GUIDE = (150, 150, 150)
_CASE_ALPHA = 70  # per-case lines behind the mean
_TITLE_METRICS = 3  # more metrics than this: the title counts them (the legend names them)
_TICKED_VALUES = 15  # up to this many swept values, each gets its own tick
_SAMPLE_WIDTH = 45  # pixels: a legend's line sample and spacing


@dataclasses.dataclass(frozen=True, eq=False)
class SoftCurves:
    """ROC, precision-recall and F1_t-against-threshold curves of one probability map.

    Attributes
    ----------
    candidate : str
        The candidate's source (for titles).
    roc, pr : Curve
        At most `MAX_CURVE_POINTS` points; ``auc`` from every operating point.
    f1 : F1Curve
        F1_t at every operating point thinned to `MAX_CURVE_POINTS`, at ``f1.t``.
    best : tuple of float
        ``(threshold, F1_t)`` of the highest F1_t over every operating point.
    froc : tuple of FrocCurve
        The segment and component FROC curves (`vesselview.research.froc.froc_curves`).
    """

    candidate: str
    roc: Curve
    pr: Curve
    f1: F1Curve
    best: tuple[float, float]
    froc: tuple[FrocCurve, FrocCurve]


def soft_curves(case: Case, params: Params, should_stop: StopCallback | None = None
                ) -> SoftCurves:
    """Compute the four curves of ``case``'s probability map (run off the GUI thread).

    Raises
    ------
    InputError
        When the candidate is a binary mask.
    EvaluationStopped
        When ``should_stop`` returned True (polled at every FROC threshold).
    """
    points = operating_points(case)
    f1 = f1_t_curve(case, params=params)
    return SoftCurves(case.sources.get("candidate", "candidate"),
                      points.roc().thinned(MAX_CURVE_POINTS),
                      points.pr().thinned(MAX_CURVE_POINTS),
                      f1.thinned(MAX_CURVE_POINTS), f1.best(),
                      froc_curves(case, params, should_stop=should_stop))


def side_legend() -> pg.LegendItem:
    """A legend to place beside a plot in a layout (it never hides a curve).

    Assign it to ``plot.legend``: pyqtgraph then lists every named item of that plot in
    it and removes them again on ``plot.clear()``.
    """
    legend = pg.LegendItem(labelTextColor=_TEXT)
    legend.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    return legend


def refresh_legend(plot: pg.PlotItem) -> None:
    """Widen a side legend's layout cell to its longest entry (the layout does not)."""
    legend = plot.legend
    if legend is not None:
        text = max((label.item.boundingRect().width() for _, label in legend.items), default=0)
        legend.setFixedWidth(text + _SAMPLE_WIDTH)


def styled_plot(plot: pg.PlotItem, title: str, x_label: str, y_label: str) -> None:
    """Clear ``plot`` (and its legend) and give it dark axes, plain labels and a grid."""
    plot.clear()
    plot.setTitle(title, color=_TEXT, size="11pt")
    for side, label in (("bottom", x_label), ("left", y_label)):
        axis = plot.getAxis(side)
        axis.setPen(pg.mkPen(_TEXT))
        axis.setTextPen(pg.mkPen(_TEXT))
        # no SI-prefix ranges: plain numbers, never "value (x0.001)"
        axis.setLabel(label, color="#282828", siPrefixEnableRanges=())
    plot.showGrid(x=True, y=True, alpha=0.25)


def metric_line(key: str) -> tuple[tuple[int, int, int], Qt.PenStyle]:
    """The colour and dash pattern of metric ``key``: fixed by its place in the registry,
    so a metric keeps its look whatever else is drawn with it."""
    index = list(METRICS).index(key)
    colour = LINE_COLOURS[index % len(LINE_COLOURS)]
    return colour, _LINE_STYLES[(index // len(LINE_COLOURS)) % len(_LINE_STYLES)]


def draw_sweep(main: pg.PlotItem, differences: pg.PlotItem | None, sweep: Sweep,
               metrics: Sequence[str], parameter_label: str) -> None:
    """Mean of each metric against the swept values; per-case lines when several cases.

    Parameters
    ----------
    main : PlotItem
        Receives the curves.
    differences : PlotItem or None
        Receives the forward differences ``f(v[k+1]) - f(v[k])`` at ``v[k]``; None: none.
    sweep : Sweep
    metrics : sequence of str
        Metric keys of ``sweep.metrics`` to draw, each in its own colour (`metric_line`).
    parameter_label : str
        Axis label of the swept parameter.
    """
    x = np.asarray(sweep.values, dtype=np.float64)
    cases = len(sweep.case_names)
    scope = "one case" if cases == 1 else f"mean of {cases} cases"
    names = (", ".join(short_label(m) for m in metrics) if len(metrics) <= _TITLE_METRICS
             else f"{len(metrics)} metrics")
    styled_plot(main, f"{names} against {sweep.key} ({scope})", parameter_label, "value")
    if differences is not None:
        styled_plot(differences, "Forward differences f(next value) − f(value)",
                    parameter_label, "difference")
        differences.setXLink(main)
    ticks = [[(v, f"{v:g}") for v in x]] if x.size <= _TICKED_VALUES else None
    for plot in (main, differences):
        if plot is not None:
            plot.getAxis("bottom").setTicks(ticks)
    steps = sweep.forward_differences()
    for metric in metrics:
        j = sweep.metrics.index(metric)
        colour, style = metric_line(metric)
        if cases > 1:
            for row in sweep.per_case[:, :, j]:
                main.plot(x, row, pen=pg.mkPen((*colour, _CASE_ALPHA), width=1),
                          connect="finite")
        main.plot(x, sweep.mean[:, j], name=METRICS[metric].name, connect="finite",
                  pen=pg.mkPen(colour, width=2.5, style=style), symbol="o", symbolSize=7,
                  symbolBrush=colour, symbolPen=None)
        if differences is not None and x.size > 1:
            differences.plot(x[:-1], steps[:, j], connect="finite", symbol="s",
                             pen=pg.mkPen(colour, width=2, style=style), symbolSize=6,
                             symbolBrush=colour,
                             symbolPen=None)
    refresh_legend(main)


def draw_soft_curves(roc: pg.PlotItem, pr: pg.PlotItem, f1: pg.PlotItem,
                     curves: SoftCurves, threshold: float) -> None:
    """ROC with AUC, precision-recall with AP, F1_t against threshold with its best point.

    ``threshold`` (the inspector's probability threshold) is marked on the F1_t plot.
    """
    blue, vermillion, green = LINE_COLOURS[:3]
    styled_plot(roc, f"ROC (AUC {curves.roc.auc:.4f})", "false-positive rate",
                "true-positive rate")
    roc.plot([0, 1], [0, 1], pen=pg.mkPen(_GUIDE, style=Qt.PenStyle.DashLine))
    roc.plot(curves.roc.x, curves.roc.y, pen=pg.mkPen(blue, width=2.5), connect="finite")
    styled_plot(pr, f"Precision-recall (AP {curves.pr.auc:.4f})", "recall", "precision")
    pr.plot(curves.pr.x, curves.pr.y, pen=pg.mkPen(vermillion, width=2.5), connect="finite")
    best_at, best = curves.best
    styled_plot(f1, f"F1_t against threshold (t = {curves.f1.t})",
                "threshold (candidate = probability > threshold)", "value")
    thresholds = np.clip(curves.f1.thresholds, 0.0, 1.0)  # -inf (whole FOV) drawn at 0
    f1.plot(thresholds, curves.f1.f1_t, pen=pg.mkPen(green, width=2.5), name="F1_t",
            connect="finite")
    f1.plot(thresholds, curves.f1.precision, pen=pg.mkPen(blue, width=1.2),
            name="tolerant precision", connect="finite")
    f1.plot(thresholds, curves.f1.recall, pen=pg.mkPen(vermillion, width=1.2),
            name="tolerant recall", connect="finite")
    f1.plot([max(best_at, 0.0)], [best], pen=None, symbol="o", symbolSize=10,
            symbolBrush=green, symbolPen=pg.mkPen(_TEXT),
            name=f"best F1_t {best:.4f} at {best_at:.3f}")
    f1.addItem(pg.InfiniteLine(threshold, angle=90, label="current threshold",
                               labelOpts={"color": _TEXT, "position": 0.1},
                               pen=pg.mkPen(_GUIDE, width=1.5, style=Qt.PenStyle.DashLine)))
    for plot in (roc, pr, f1):
        plot.setRange(xRange=(0, 1), yRange=(0, 1.02), padding=0.02)
    refresh_legend(f1)


def froc_title(curves: tuple[FrocCurve, FrocCurve]) -> str:
    """``FROC score: segments 0.42, components 0.61`` (``undefined`` for a nan score)."""
    scores = ", ".join(f"{curve.objects} {_score_text(curve.score())}" for curve in curves)
    return f"FROC score: {scores}"


def _score_text(score: float) -> str:
    return "undefined" if np.isnan(score) else f"{score:.3f}"


def draw_froc(plot: pg.PlotItem, curves: tuple[FrocCurve, FrocCurve]) -> None:
    """Sensitivity against false positives per image of each FROC curve, the summary's
    rates as guides, and the scores in the title (the note, a convention, in the tooltip).

    The x axis spans the summary's rates (0 to 8 false positives per image); points
    beyond it are drawn but out of view.
    """
    styled_plot(plot, froc_title(curves), "false positives per image", "sensitivity")
    plot.setToolTip(FROC_SCORE_NOTE)
    for rate in FP_RATES:
        plot.addItem(pg.InfiniteLine(rate, angle=90, pen=pg.mkPen(
            _GUIDE, width=1, style=Qt.PenStyle.DotLine)))
    for curve, colour in zip(curves, LINE_COLOURS[:2], strict=True):
        plot.plot(curve.false_positives, curve.sensitivity, name=curve.objects,
                  pen=pg.mkPen(colour, width=2.5), symbol="o", symbolSize=5,
                  symbolBrush=colour, symbolPen=None, connect="finite")
    plot.setRange(xRange=(0, max(FP_RATES)), yRange=(0, 1.02), padding=0.02)
    refresh_legend(plot)
