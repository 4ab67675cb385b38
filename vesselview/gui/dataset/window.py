"""The case browser window: one row per case, the chosen metrics per method as columns,
the background run's progress (cancellable), orders, plots and exports.

Everything it shows comes from `vesselview.app.dataset_browser.DatasetBrowser`; picking
a row, the next/previous keys and the method and reference choices call the browser's
actions.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.dataset_froc import DatasetFroc
from vesselview.app.dataset_issues import issues_text
from vesselview.app.dataset_table import SortOrder
from vesselview.app.window_provenance import dataset_provenance
from vesselview.engine.families import METRICS
from vesselview.gui.dataset.case_table import CaseTable
from vesselview.gui.dataset.froc_summary import FrocSummary
from vesselview.gui.dataset.metric_picker import MetricPicker
from vesselview.gui.dataset.plots import MethodBoxPlot, PairScatter
from vesselview.gui.dataset.reference_combo import reference_combo
from vesselview.gui.shortcuts import SHORTCUTS
from vesselview.gui.widgets.export import CSV_FILTER, PNG_FILTER, save_screenshot, save_with_dialog
from vesselview.io.dataset import Dataset
from vesselview.io.provenance import Provenance
from vesselview.io.provenance_formats import write_sidecar
from vesselview.research.statistics import method_label

#: Width over height above which the plots go beside the table instead of below it.
WIDE_AND_SHORT = 2.5
#: Plots less tall than this (pixels) below the table go beside it instead.
PLOTS_LEAST_HEIGHT = 220


def _combo(items: list[str]) -> QComboBox:
    combo = QComboBox()
    combo.addItems(items)
    return combo


class DatasetBrowserWindow(QWidget):
    """The browser's widgets over one `DatasetBrowser`.

    Attributes
    ----------
    table : CaseTable
        Rows in the browser's order; columns ``case`` then method x metric.
    method_a, method_b, metric_choice : QComboBox
        The shown method, the compared one, the metric that orders and is plotted.
    reference_choice : QComboBox
        What the cases are scored against (`BROWSER_REFERENCES`, item data the choice):
        the dataset's chosen observer, a consensus of its observers or their fuzzy
        reference.
    by_difference, descending : QCheckBox
        Order by A - B; largest first.
    progress : QProgressBar
    cancel : QPushButton
    issues : QLabel
        Unmatched and ambiguous files, skipped cases and failed evaluations.
    box_plot : MethodBoxPlot
    scatter : PairScatter
    froc : FrocSummary
        The dataset FROC button (method A's pooled FROC on request) and its summary.
    """

    def __init__(self, browser: DatasetBrowser, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.browser = browser
        self.setWindowTitle("vesselview: dataset")
        self.method_a, self.method_b = _combo([]), _combo([])
        self.metric_choice = _combo([METRICS[key].name for key in browser.metrics])
        self.reference_choice = reference_combo()
        self.by_difference = QCheckBox("A − B")
        self.descending = QCheckBox("descending")
        worst = QPushButton("Worst first")
        worst.clicked.connect(lambda: browser.worst_first(self.metric_key()))
        self.progress = QProgressBar()
        self.cancel = QPushButton("Cancel")
        self.cancel.setEnabled(False)
        self.cancel.clicked.connect(browser.cancel)
        recompute = QPushButton("Recompute")  # short: the run row must fit beside the image
        recompute.setToolTip("Evaluate every case again with the inspector's current parameters")
        recompute.clicked.connect(browser.compute)
        self.choose_metrics = QPushButton("Metrics…")
        self.choose_metrics.setToolTip("Choose the metrics shown as columns")
        self.choose_metrics.clicked.connect(self.open_metric_picker)
        self.metric_picker: MetricPicker | None = None
        self.table = CaseTable(browser)
        self.issues = QLabel()
        self.issues.setWordWrap(True)
        self.issues.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.box_plot, self.scatter = MethodBoxPlot(), PairScatter()
        self.froc = FrocSummary(DatasetFroc(browser), lambda: self.browser.method_a)
        self._layout(worst, recompute)
        self._connect()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Plots below the table, or beside it when the window is wide and short (docked
        below the image) or below the table's 8 rows they would be less than
        `PLOTS_LEAST_HEIGHT` tall."""
        super().resizeEvent(event)
        room_below = self._split.height() - self.table.minimumHeight()
        self.put_plots_beside(self.width() > WIDE_AND_SHORT * self.height()
                              or room_below < PLOTS_LEAST_HEIGHT)

    def put_plots_beside(self, beside: bool) -> None:
        """Plots beside the table (docked below the image: the table keeps its 8 rows in
        the dock's least height), half the width, or below it."""
        orientation = Qt.Orientation.Horizontal if beside else Qt.Orientation.Vertical
        if orientation != self._split.orientation():
            self._split.setOrientation(orientation)
            if beside:
                half = self._split.width() // 2
                self._split.setSizes([half, half])

    def metric_key(self) -> str:
        """The key of the chosen metric."""
        return self.browser.metrics[self.metric_choice.currentIndex()]

    def open_metric_picker(self) -> MetricPicker:
        """Open the column chooser (not modal); OK sets the browser's metrics."""
        picker = MetricPicker(self.browser.metrics, self)
        picker.accepted.connect(lambda: self.browser.set_metrics(picker.chosen()))
        picker.open()
        self.metric_picker = picker
        return picker

    def export_csv(self, path: str) -> None:
        """Save the table (rows in the shown order) as CSV."""
        if self.browser.table is not None:
            self.browser.table.write_csv(path, self.browser.order)
            provenance = self._provenance("Case browser > Export table", "csv")
            if provenance is not None:
                write_sidecar(path, provenance)

    def export_plots(self, path: str) -> None:
        """Save both plots side by side as PNG."""
        save_screenshot(self._plots, path, self._provenance("Case browser > Export plots", "png"))

    def _provenance(self, action: str, output_format: str) -> Provenance | None:
        """The provenance of the browser's ``action`` (None before a dataset is open)."""
        browser = self.browser
        if browser.dataset is None:
            return None
        return dataset_provenance(action, browser.params, browser.dataset, browser.references,
                                  output_format)

    # -- building ------------------------------------------------------------------------

    def _layout(self, worst: QPushButton, recompute: QPushButton) -> None:
        controls = QHBoxLayout()
        for label, combo in (("A", self.method_a), ("B", self.method_b),
                             ("metric", self.metric_choice)):
            controls.addWidget(QLabel(label))
            controls.addWidget(combo)
        for widget in (self.by_difference, self.descending, worst, self.choose_metrics):
            controls.addWidget(widget)
        controls.addStretch()
        running = QHBoxLayout()  # the run and the exports share a row: room for the table
        running.addWidget(QLabel("reference"))
        for item in (self.reference_choice, self.progress, self.cancel, recompute, self.froc):
            running.addWidget(item)
        for text, title, filter_, act in (
                ("Export table (CSV)…", "Export table", CSV_FILTER, self.export_csv),
                ("Export plots (PNG)…", "Export plots", PNG_FILTER, self.export_plots)):
            button = QPushButton(text)
            button.clicked.connect(lambda _c=False, t=title, f=filter_, a=act: save_with_dialog(
                self, t, f, a, report=self.browser.inspector.error.emit))
            running.addWidget(button)
        self._plots = QSplitter(Qt.Orientation.Horizontal)
        self._plots.addWidget(self.box_plot)
        self._plots.addWidget(self.scatter)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self._plots)
        split.setChildrenCollapsible(False)
        split.setSizes([400, 260])
        self._split = split
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addLayout(running)
        layout.addWidget(split, 1)
        layout.addWidget(self.froc.scores)
        layout.addWidget(self.issues)
        self.resize(1100, 760)
        self.step_keys: list[QShortcut] = []  # its own next/previous case keys
        for key, step in (("next_case", 1), ("previous_case", -1)):
            shortcut = QShortcut(QKeySequence(SHORTCUTS[key][0]), self)
            shortcut.activated.connect(lambda s=step: self.browser.step(s))
            self.step_keys.append(shortcut)

    def _connect(self) -> None:
        browser = self.browser
        browser.opened.connect(self._on_opened)
        browser.metrics_changed.connect(lambda _metrics: self._set_columns())
        browser.rows_changed.connect(lambda _rows: self.table.fill())
        browser.values_changed.connect(self._update_cells)
        browser.finished.connect(self._on_finished)
        browser.current_changed.connect(self.table.select_current)
        browser.channel.progress.connect(self._on_progress)
        browser.channel.busy_changed.connect(self.cancel.setEnabled)
        for widget in (self.metric_choice, self.method_a, self.method_b):
            widget.currentIndexChanged.connect(lambda _i: self._on_choice())
        for box in (self.by_difference, self.descending):
            box.toggled.connect(lambda _on: self._on_choice())
        self.reference_choice.currentIndexChanged.connect(lambda _i: self._on_references())

    # -- updates -------------------------------------------------------------------------

    def _on_opened(self, dataset: Dataset) -> None:
        self.setWindowTitle(f"vesselview: {dataset.layout} dataset {dataset.root}")
        for combo, chosen in ((self.method_a, self.browser.method_a),
                              (self.method_b, self.browser.method_b)):
            combo.blockSignals(True)
            combo.clear()
            for method in dataset.methods:  # shown labelled, chosen by name (item data)
                combo.addItem(method_label(method, dataset.baselines), method)
            combo.setCurrentIndex(combo.findData(chosen))
            combo.blockSignals(False)
        self.progress.setValue(0)
        self._set_columns()
        self._show_issues()

    def _set_columns(self) -> None:
        """Headers and the metric choice for the browser's metrics; every row again."""
        metrics = self.browser.metrics
        shown = self.metric_key() if self.metric_choice.count() else None
        self.metric_choice.blockSignals(True)
        self.metric_choice.clear()
        self.metric_choice.addItems([METRICS[key].name for key in metrics])
        self.metric_choice.setCurrentIndex(metrics.index(shown) if shown in metrics else 0)
        self.metric_choice.blockSignals(False)
        self.table.set_headers()
        self._plot()

    def _on_choice(self) -> None:
        browser = self.browser
        a, b = self.method_a.currentData(), self.method_b.currentData()
        if not a or not b:
            return
        if (a, b) != (browser.method_a, browser.method_b):
            browser.set_methods(a, b)
        browser.sort(SortOrder(self.metric_key(), a, b if self.by_difference.isChecked()
                               else None, self.descending.isChecked()))
        self._plot()

    def _on_references(self) -> None:
        """Score against the chosen reference; ``each`` adds a column group per observer."""
        self.browser.set_references(self.reference_choice.currentData())
        self._set_columns()

    def _on_progress(self, fraction: float, message: str) -> None:
        self.progress.setValue(round(fraction * 100))
        self.progress.setFormat(f"{message}: %p%")

    def _on_finished(self) -> None:
        self.table.fill()
        self._show_issues()
        self._plot()

    def _update_cells(self, case_id: str, method: str) -> None:
        """One evaluation's cells; a failed one is listed with the issues."""
        self.table.update_cells(case_id, method)
        if (case_id, method) in self.browser.failures:
            self._show_issues()

    def _plot(self) -> None:
        browser = self.browser
        if browser.table is None:
            return
        metric = self.metric_key()
        self.box_plot.show_metric(browser.table, metric)
        self.scatter.show_pair(browser.table, metric, browser.method_a, browser.method_b)

    def _show_issues(self) -> None:
        browser = self.browser
        if browser.dataset is not None:
            self.issues.setText(issues_text(browser.dataset, browser.failures, browser.table))
