"""The "Agreement with graders" window (Research menu): the CLI's ``--grades`` report.

Inputs as ``vesselview-eval --dataset ROOT --predictions NAME=DIR ... --grades
GRADES.csv [--sweep KEY=SPEC]`` (`AgreementInputs`, or the inspector's open dataset).
Compute runs `vesselview.app.agreement_run.run_agreement` (the CLI's evaluation and
statistics) on the application's scheduler, with progress and Cancel. The window shows
the inter-grader agreement (weighted kappa, ICC(2,1), Kendall's W), the sortable table of
every metric's agreement with the mean human score (at the base parameters or at any
swept value) and, with a sweep, tau-b and Spearman of a chosen metric against the swept
value with the calibrated value marked. Exports: the CLI's CSV and JSON, and a PNG.
"""

from __future__ import annotations

import io
import math

import pyqtgraph as pg
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from vesselview.app.agreement_run import AgreementRequest, run_agreement
from vesselview.app.scheduler import Scheduler
from vesselview.app.window_provenance import agreement_provenance
from vesselview.engine.params import Params
from vesselview.gui.research.agreement_inputs import AgreementInputs
from vesselview.gui.research.agreement_plot import draw_agreement_sweep
from vesselview.gui.research.agreement_table import AgreementTable
from vesselview.gui.research.metric_choice import short_label
from vesselview.gui.research.plot_views import side_legend
from vesselview.gui.widgets.button_row import button_row
from vesselview.gui.widgets.channel_jobs import ChannelJobs, JobStatus
from vesselview.gui.widgets.error_label import ErrorLabel
from vesselview.gui.widgets.export import PNG_FILTER, save_screenshot, save_with_dialog
from vesselview.io.dataset import Dataset
from vesselview.io.grader_report import GraderAgreementReport
from vesselview.io.output_file import atomic_output, check_output
from vesselview.io.provenance_formats import stamped_text, write_sidecar
from vesselview.research.grading_agreement import InterGrader

#: Export formats of the report (the CLI's writers) and their dialog filters.
EXPORT_FILTERS = {"csv": "CSV (*.csv)", "json": "JSON (*.json)"}
_BASE = "base parameters"
_NO_REPORT = "Inter-grader agreement: compute first."


class AgreementView(QWidget):
    """Agreement of the metrics with graders over a dataset, computed in the background.

    Parameters
    ----------
    scheduler : Scheduler
        The application's scheduler.

    Signals
    -------
    computed(GraderAgreementReport)
        A run finished and its report is shown.
    """

    computed = Signal(object)

    def __init__(self, scheduler: Scheduler, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("vesselview: agreement with graders")
        self.jobs = ChannelJobs(scheduler, "agreement", self)
        self.params = Params()
        self.request: AgreementRequest | None = None
        self.report: GraderAgreementReport | None = None
        self._build()
        self.jobs.finished.connect(self._on_computed)
        self.jobs.failed.connect(self._on_failed)

    def set_params(self, params: Params) -> None:
        """Base parameters of the next run (the inspector's)."""
        self.params = params

    def set_dataset(self, dataset: Dataset) -> None:
        """Fill the inputs from a dataset (the inspector's), keeping grades and sweep."""
        self.inputs.set_dataset(dataset)

    def compute(self) -> None:
        """Check the inputs and start the run (superseding a running one).

        When the run fails (here, on bad inputs, or in the background) the error is
        shown and the previous report is cleared, so no old table sits under a new error.
        """
        self.error.hide()
        try:
            self._start()
        except (ValueError, OSError) as error:
            self._on_failed(str(error))

    def cancel(self) -> None:
        """Abandon the running computation; the shown report stays."""
        self.jobs.cancel()

    def export(self, path: str, output_format: str) -> None:
        """Write the shown report as the CLI's ``--format`` (``csv`` or ``json``) to ``path``.

        Raises
        ------
        InputError
            When there is no report, ``path`` is one of the run's inputs, or it cannot
            be written.
        """
        report, request = self._shown()
        check_output(path, [request.grades])
        provenance = agreement_provenance(request, output_format)
        body = io.StringIO()
        report.write(body, output_format)
        with atomic_output(path) as stream:
            stream.write(stamped_text(body.getvalue(), output_format, provenance))
        if output_format == "csv":
            write_sidecar(path, provenance)

    def export_png(self, path: str) -> None:
        """Save the table and the plot, as shown, as a PNG image (provenance in its text
        chunk)."""
        _, request = self._shown()
        save_screenshot(self.results, path, agreement_provenance(request, "png"))

    def _start(self) -> None:
        request = self.inputs.request(self.params)
        self.jobs.run("agreement", lambda stop, progress: (request, run_agreement(
            request, stop, progress)))

    def _shown(self) -> tuple[GraderAgreementReport, AgreementRequest]:
        if self.report is None or self.request is None:
            raise ValueError("Compute the agreement first.")
        return self.report, self.request

    def _on_failed(self, message: str) -> None:
        self.error.show_message(message)
        self.request = self.report = None
        self.table.setRowCount(0)
        self.inter_label.setText(_NO_REPORT)
        for widget in (self.notes, self.at_row, self.plot_box):
            widget.hide()

    def _on_computed(self, _kind: str, outcome: tuple[AgreementRequest, GraderAgreementReport]
                     ) -> None:
        self.request, self.report = outcome
        report = self.report
        self.inter_label.setText(inter_grader_text(report.inter))
        self.notes.setText("\n".join(report.warnings))
        self.notes.setVisible(bool(report.warnings))
        self.error.report_warnings(report.warnings)
        self.at.blockSignals(True)
        self.at.clear()
        self.at.addItem(_BASE)
        for value, _ in report.per_value:
            self.at.addItem(f"{report.sweep_key} = {value}")
        self.at.blockSignals(False)
        self.at_row.setVisible(bool(report.per_value))
        self.table.show_agreement(report.agreement)
        self._fill_metrics(report)
        self.computed.emit(report)

    def _fill_metrics(self, report: GraderAgreementReport) -> None:
        chosen = self.metric_box.currentData()
        self.metric_box.blockSignals(True)
        self.metric_box.clear()
        for row in report.agreement.rows:
            self.metric_box.addItem(short_label(row.metric), row.metric)
        calibrated = [c.metric for c in report.calibrated]
        preferred = chosen if chosen in calibrated else next(iter(calibrated), None)
        if preferred is not None:
            self.metric_box.setCurrentIndex(self.metric_box.findData(preferred))
        self.metric_box.blockSignals(False)
        self.plot_box.setVisible(bool(report.per_value))
        half = max(self.results.width() // 2, 1)
        self.results.setSizes([half, half])  # the table as wide as the plot
        self._draw()

    def _on_at_changed(self, index: int) -> None:
        if self.report is not None and index >= 0:
            self.table.show_agreement(self.report.agreement if index == 0
                                      else self.report.per_value[index - 1][1])

    def _draw(self) -> None:
        metric = self.metric_box.currentData()
        if self.report is not None and self.report.per_value and metric is not None:
            draw_agreement_sweep(self.plot, self.report, metric)

    def _save(self, output_format: str) -> None:
        self.error.hide()
        save_with_dialog(self, f"Export {output_format.upper()}", EXPORT_FILTERS[output_format],
                         lambda path: self.error.run_guarded(
                             lambda: self.export(path, output_format)))

    def _save_png(self) -> None:
        save_with_dialog(self, "Export PNG", PNG_FILTER,
                         lambda path: self.error.run_guarded(lambda: self.export_png(path)))

    def _build(self) -> None:
        self.inputs = AgreementInputs()
        self.error = ErrorLabel()
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.hide()
        self.inter_label = QLabel(_NO_REPORT)
        self.at = QComboBox()
        self.at.currentIndexChanged.connect(self._on_at_changed)
        self.at_row = _labelled("Agreement at", self.at)
        self.at_row.hide()
        self.table = AgreementTable()
        self.metric_box = QComboBox()
        self.metric_box.currentIndexChanged.connect(lambda _index: self._draw())
        graphics = pg.GraphicsLayoutWidget()
        graphics.setBackground("w")
        self.plot = graphics.addPlot(row=0, col=0)
        self.plot.legend = side_legend()
        graphics.addItem(self.plot.legend, row=0, col=1)
        self.plot_box = QWidget()
        plot_layout = QVBoxLayout(self.plot_box)
        plot_layout.setContentsMargins(0, 0, 0, 0)
        plot_layout.addWidget(_labelled("Metric", self.metric_box))
        plot_layout.addWidget(graphics, 1)
        self.plot_box.hide()
        self.results = QSplitter()
        self.results.addWidget(self.table)
        self.results.addWidget(self.plot_box)
        layout = QVBoxLayout(self)
        layout.addWidget(self.inputs)
        layout.addLayout(button_row(("Compute", self.compute),
                                    ("Export CSV...", lambda: self._save("csv")),
                                    ("Export JSON...", lambda: self._save("json")),
                                    ("Export PNG...", self._save_png)))
        layout.addWidget(JobStatus(self.jobs))
        layout.addWidget(self.error)
        layout.addWidget(self.notes)
        layout.addWidget(self.inter_label)
        layout.addWidget(self.at_row)
        layout.addWidget(self.results, 1)


def inter_grader_text(inter: InterGrader) -> str:
    """One line: the graders, n, and the statistics that apply (kappa for two graders)."""
    def shown(value: float) -> str:
        return "n/a" if math.isnan(value) else f"{value:.3f}"

    kappa = (f"weighted kappa {shown(inter.weighted_kappa)}, "
             if len(inter.graders) == 2 else "")
    return (f"Inter-grader agreement ({len(inter.graders)} graders: "
            f"{', '.join(inter.graders)}; {inter.n} subjects scored by all): {kappa}"
            f"ICC(2,1) {shown(inter.icc_2_1)}, Kendall's W {shown(inter.kendall_w)}")


def _labelled(text: str, widget: QWidget) -> QWidget:
    """``widget`` with a label on its left, as one widget (shown and hidden together)."""
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(QLabel(text))
    layout.addWidget(widget, 1)
    return row
