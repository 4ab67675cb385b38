"""The plot dock's two pages of pyqtgraph plots, and drawing the numbers into them.

The sweep page shows a metric against the swept parameter, with its forward differences
below on demand; the curves page shows a soft candidate's ROC, precision-recall and
F1_t-against-threshold curves in a row and its segment and component FROC curves
beneath (`vesselview.gui.research.plot_views` draws them).
"""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtWidgets import QStackedWidget, QWidget

from vesselview.app.param_labels import param_label
from vesselview.gui.research.plot_views import (
    SoftCurves,
    draw_froc,
    draw_soft_curves,
    draw_sweep,
    side_legend,
)
from vesselview.research.sweep import Sweep


class PlotPages(QStackedWidget):
    """The sweep page (index 0) and the soft-map curves page (index 1).

    Attributes
    ----------
    value_plot, difference_plot : pg.PlotItem
        The sweep's values and their forward differences (hidden until shown).
    curve_plots : tuple of three pg.PlotItem
        ROC, precision-recall and F1_t against the threshold.
    froc_plot : pg.PlotItem
        The segment and component FROC curves.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        sweeps = pg.GraphicsLayoutWidget()
        sweeps.setBackground("w")
        self.value_plot = sweeps.addPlot(row=0, col=0)
        self.value_plot.legend = side_legend()
        sweeps.addItem(self.value_plot.legend, row=0, col=1)
        self.difference_plot = sweeps.addPlot(row=1, col=0)
        self.difference_plot.hide()
        curves = pg.GraphicsLayoutWidget()
        curves.setBackground("w")
        self.curve_plots = (curves.addPlot(row=0, col=0), curves.addPlot(row=0, col=1),
                            curves.addPlot(row=0, col=2))
        self.curve_plots[2].legend = side_legend()
        curves.addItem(self.curve_plots[2].legend, row=0, col=3)
        self.froc_plot = curves.addPlot(row=1, col=0, colspan=3)
        self.froc_plot.legend = side_legend()
        curves.addItem(self.froc_plot.legend, row=1, col=3)
        self.addWidget(sweeps)
        self.addWidget(curves)

    def draw_sweep(self, result: Sweep, metrics: Sequence[str], differences: bool) -> None:
        """Draw ``metrics`` of ``result`` against its parameter, with their forward
        differences when ``differences``."""
        self.difference_plot.setVisible(differences)
        draw_sweep(self.value_plot, self.difference_plot if differences else None, result,
                   metrics, param_label(result.key))

    def draw_curves(self, curves: SoftCurves, threshold: float) -> None:
        """Draw ``curves``, ``threshold`` (the inspector's probability threshold) marked on
        the F1_t plot."""
        draw_soft_curves(*self.curve_plots, curves, threshold)
        draw_froc(self.froc_plot, curves.froc)
