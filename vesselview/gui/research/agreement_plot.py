"""Agreement with the graders against a swept parameter, the calibrated value marked.

As Table 4 of the tolerance-F1 paper reads: for one metric, Kendall's tau-b and
Spearman's rho with the mean human score at each value of the swept parameter (e.g.
the tolerance t), and the value where tau-b is largest (the value calibrated to the
graders, `vesselview.research.grading_agreement.calibrate`) marked by a dashed line and
a ringed point. Non-numeric values (``euclidean,chessboard``) are drawn at 0, 1, ...
and named on the axis.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt

from vesselview.gui.research.metric_choice import short_label
from vesselview.gui.research.plot_views import LINE_COLOURS, refresh_legend, styled_plot
from vesselview.io.grader_report import GraderAgreementReport

#: The statistics drawn, with their legend names.
PLOTTED_STATISTICS: tuple[tuple[str, str], ...] = (("kendall_tau_b", "Kendall τ-b"),
                                                   ("spearman", "Spearman ρ"))
_MARK = (40, 40, 40)


def sweep_positions(values: Sequence[Any]) -> tuple[np.ndarray, list[tuple[float, str]]]:
    """Where each swept value goes on the x axis, and the axis ticks.

    Returns
    -------
    x : ndarray of float64, shape (n_values,)
        The values themselves when all are numbers (bools excluded), else 0, 1, ...
    ticks : list of (float, str)
    """
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    x = (np.asarray(values, dtype=np.float64) if numeric
         else np.arange(len(values), dtype=np.float64))
    return x, [(float(position), f"{value:g}" if numeric else str(value))
               for position, value in zip(x, values, strict=True)]


def statistic_curve(report: GraderAgreementReport, metric: str, statistic: str) -> np.ndarray:
    """One statistic of ``metric`` at each swept value, shape (n_values,) (nan: undefined)."""
    return np.array([getattr(agreement[metric], statistic) for _, agreement in report.per_value],
                    dtype=np.float64)


def draw_agreement_sweep(plot: pg.PlotItem, report: GraderAgreementReport, metric: str) -> None:
    """Draw tau-b and Spearman of ``metric`` against the swept values into ``plot``.

    Parameters
    ----------
    plot : PlotItem
        Cleared first; its legend (if any) lists the lines.
    report : GraderAgreementReport
        With a sweep (``report.sweep_key`` set).
    metric : str
        A metric of the report.
    """
    key = str(report.sweep_key)
    values = [value for value, _ in report.per_value]
    x, ticks = sweep_positions(values)
    styled_plot(plot, f"Agreement of {short_label(metric)} with the graders against {key}",
                key, "agreement with the mean human score")
    plot.getAxis("bottom").setTicks([ticks])
    for colour, (statistic, name) in zip(LINE_COLOURS, PLOTTED_STATISTICS, strict=False):
        plot.plot(x, statistic_curve(report, metric, statistic), name=name, connect="finite",
                  pen=pg.mkPen(colour, width=2.5), symbol="o", symbolSize=7,
                  symbolBrush=colour, symbolPen=None)
    calibrated = next((c for c in report.calibrated if c.metric == metric), None)
    if calibrated is not None:
        at = float(x[values.index(calibrated.value)])
        plot.addItem(pg.InfiniteLine(at, angle=90, pen=pg.mkPen(
            _MARK, width=1.5, style=Qt.PenStyle.DashLine)))
        plot.plot([at], [calibrated.kendall_tau_b], pen=None, symbol="o", symbolSize=14,
                  symbolBrush=None, symbolPen=pg.mkPen(_MARK, width=2),
                  name=f"calibrated {key} = {calibrated.value}")
    plot.setYRange(-1.0, 1.0, padding=0.05)
    refresh_legend(plot)
