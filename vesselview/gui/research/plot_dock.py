"""The plot dock: any metric against t, α, β, R... and the soft-map curves.

Sweeps (`vesselview.research.sweep`) run for the inspector's case or the mean over a set
of cases (a manifest, or the candidates window's set), with forward differences on
demand (the CAL paper's Fig. 1 (b)); soft candidates get ROC, precision-recall and
F1_t-against-threshold curves (`vesselview.research.curves`) and the segment and component
FROC curves with their competition-style score (`vesselview.research.froc`; a convention,
not a standard, as the plot's tooltip and the status say). Computations run on the
application's scheduler (`ChannelJobs`); a sweep of the inspector's case uses the
inspector's shared `Evaluator`, so the shown case's skeletons and distance transforms
are not computed twice. Changing which metrics are drawn or toggling the differences
only redraws (the plots: `vesselview.gui.research.plot_pages`). Exports: the curve as
CSV (sweep rows as `Sweep.to_rows`, soft curves exactly as ``vesselview-eval --curves``;
`vesselview.gui.research.plot_exports`) and as PNG.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any, cast

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from vesselview.app.export import case_id
from vesselview.app.live import CaseEvaluators
from vesselview.app.scheduler import Scheduler
from vesselview.app.window_provenance import cases_provenance
from vesselview.engine.case import Case
from vesselview.engine.params import DEFAULT_THRESHOLD, Params
from vesselview.engine.pipeline import Evaluator
from vesselview.gui.research.inputs import load_case_set
from vesselview.gui.research.plot_exports import write_curves_csv, write_sweep_csv
from vesselview.gui.research.plot_pages import PlotPages
from vesselview.gui.research.plot_views import SoftCurves, froc_title, soft_curves
from vesselview.gui.research.sweep_controls import SweepControls
from vesselview.gui.widgets.channel_jobs import ChannelJobs, JobStatus
from vesselview.gui.widgets.error_label import ErrorLabel
from vesselview.gui.widgets.export import (
    CSV_FILTER,
    PNG_FILTER,
    save_screenshot,
    save_with_dialog,
)
from vesselview.io.provenance import Provenance
from vesselview.io.provenance_formats import write_sidecar
from vesselview.research.sweep import Sweep, sweep

SWEEP, CURVES = "sweep", "curves"
MODE_TITLES = {SWEEP: "Metric against a parameter",
               CURVES: "Soft-map curves (ROC, PR, F1_t, FROC)"}


class PlotDock(QWidget):
    """Sweep and soft-map curve plots with their controls and exports.

    Parameters
    ----------
    scheduler : Scheduler
        Runs the computations (the application's one scheduler).
    evaluators : CaseEvaluators, optional
        The shared evaluators (the inspector's); sweeps of the current case use its one.

    Signals
    -------
    plotted(str)
        ``"sweep"`` or ``"curves"`` after new numbers are drawn (main thread).
    """

    plotted = Signal(str)
    error: ErrorLabel  # built by _build

    def __init__(self, scheduler: Scheduler, evaluators: CaseEvaluators | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.jobs = ChannelJobs(scheduler, "plots", self)
        self._evaluators = evaluators if evaluators is not None else CaseEvaluators()
        self.case: Case | None = None
        self.params = Params()
        self.case_set: dict[str, Evaluator] = {}
        self.case_set_name = ""
        self.sweep_result: Sweep | None = None
        self.curves: SoftCurves | None = None
        self._curves_input: tuple[Case, Params] | None = None
        self._build()
        self._handlers: dict[str, Callable[[Any], None]] = {
            SWEEP: self._on_sweep, CURVES: self._on_curves, "case_set": self._on_case_set,
            "export": self._on_exported}
        self.jobs.finished.connect(lambda kind, value: self._handlers[kind](value))
        self.jobs.failed.connect(self.error.show_message)

    # -- inputs from the inspector -------------------------------------------------------

    def set_case(self, case: Case | None) -> None:
        """Use ``case`` as the current case; redo the shown plot if it was of the old one."""
        if case is self.case:
            return
        self.case = case
        shown = self.sweep_result is not None or self.curves is not None
        if shown and self.isVisible() and (self.mode == CURVES
                                           or not self.controls.uses_case_set):
            self.compute()

    def set_params(self, params: Params) -> None:
        """Use ``params`` for the next computation; say when the plot no longer matches."""
        self.params = params
        if self.mode == CURVES and self.curves is not None:
            self._redraw()  # moves the threshold mark
            if params.t != self.curves.f1.t:
                self.status.setText("t changed: press Compute to update F1_t")
        elif self.sweep_result is not None and _differ_besides(
                self.sweep_result.params, params, self.sweep_result.key):
            self.status.setText("Parameters changed: press Compute to update")

    def set_case_set(self, name: str, cases: Mapping[str, Case]) -> None:
        """Offer the mean over ``cases`` (named ``name``) as the sweep's cases."""
        self.case_set = {key: Evaluator(case) for key, case in cases.items()}
        self.case_set_name = name
        self.controls.offer_case_set(name, len(cases))

    # -- state ---------------------------------------------------------------------------

    @property
    def mode(self) -> str:
        """``"sweep"`` or ``"curves"``."""
        return SWEEP if self.mode_box.currentIndex() == 0 else CURVES

    def set_mode(self, mode: str) -> None:
        """Show the sweep or the curves page."""
        self.mode_box.setCurrentIndex(0 if mode == SWEEP else 1)

    # -- actions -------------------------------------------------------------------------

    def compute(self) -> None:
        """Start the computation of the shown page in the background."""
        self.error.hide()
        if self.mode == SWEEP:
            self._compute_sweep()
        elif self.case is None or self.case.candidate_soft is None:
            self.error.show_message("ROC, PR and F1_t-against-threshold curves need a "
                                    "probability map as candidate; the current candidate "
                                    "is binary.")
        else:
            case, params = self.case, self.params
            self.jobs.run(CURVES, lambda stop, progress: (case, params,
                                                          soft_curves(case, params, stop)))

    def load_case_set(self, manifest: str) -> None:
        """Load every pair of a manifest CSV as the case set (in the background)."""
        self.jobs.run("case_set", lambda stop, progress: (
            os.path.basename(manifest), load_case_set(manifest, stop, progress)))

    def export_csv(self, path: str) -> None:
        """Write the shown numbers as CSV (soft curves: written in the background)."""
        if self.mode == SWEEP and self.sweep_result is not None:
            write_sweep_csv(path, self.sweep_result, self.controls.metrics(),
                            self.controls.differences)
            write_sidecar(path, self._provenance("Plots > Export CSV", "csv"))
        elif self.mode == CURVES and self._curves_input is not None:
            case, params = self._curves_input
            provenance = cases_provenance("Plots > Export CSV", params, [case], "csv")
            self.jobs.run("export", lambda stop, progress: _with_sidecar(
                write_curves_csv(case, params, path, stop), provenance))
        else:
            self.error.show_message("Nothing to export yet: press Compute first.")

    def export_png(self, path: str) -> None:
        """Save the shown plots as a PNG image (raises OSError when it cannot)."""
        save_screenshot(cast(QWidget, self.pages.currentWidget()), path,
                        self._provenance("Plots > Export PNG", "png"))

    def _provenance(self, action: str, output_format: str) -> Provenance:
        """The provenance of an export of the shown plot: its parameters and cases."""
        if self.mode == CURVES and self._curves_input is not None:
            return cases_provenance(action, self._curves_input[1], [self._curves_input[0]],
                                    output_format)
        params = self.sweep_result.params if self.sweep_result is not None else self.params
        cases = ([evaluator.case for evaluator in self.case_set.values()]
                 if self.controls.uses_case_set else [self.case] if self.case else [])
        return cases_provenance(action, params, cases, output_format)

    def shutdown(self) -> None:
        """Abandon the running computation."""
        self.jobs.cancel()

    # -- reactions -----------------------------------------------------------------------

    def _compute_sweep(self) -> None:
        key, values = self.controls.key, self.controls.values()
        if self.controls.uses_case_set:
            cases: Any = dict(self.case_set)
        elif self.case is not None:
            cases = {case_id(self.case): self._evaluators.get(self.case)}
        else:
            self.error.show_message("No case to sweep: open a case first.")
            return
        params = self.params

        def run(stop: Any, progress: Any) -> Sweep:
            return sweep(cases, key, values, params, should_stop=stop, progress=progress)
        self.jobs.run(SWEEP, run)

    def _on_sweep(self, result: Sweep) -> None:
        self.sweep_result = result
        scope = (f"mean over {self.case_set_name}" if len(result.case_names) > 1
                 else "the current case")
        self.status.setText(f"{len(result.values)} values of {result.key}, {scope}")
        self._redraw()
        self.plotted.emit(SWEEP)

    def _on_curves(self, computed: tuple[Case, Params, SoftCurves]) -> None:
        case, params, curves = computed
        self._curves_input, self.curves = (case, params), curves
        self.status.setText(f"{curves.candidate}: AUC {curves.roc.auc:.4f}, "
                            f"AP {curves.pr.auc:.4f}; {froc_title(curves.froc)} (mean "
                            "sensitivity at 1/8-8 false positives per image: a convention, "
                            "not a standard)")
        self._redraw()
        self.plotted.emit(CURVES)

    def _on_case_set(self, loaded: tuple[str, dict[str, Case]]) -> None:
        self.set_case_set(*loaded)

    def _on_exported(self, path: str) -> None:
        self.status.setText(f"Wrote {path}")

    def _redraw(self) -> None:
        self.pages.setCurrentIndex(0 if self.mode == SWEEP else 1)
        self.controls.setVisible(self.mode == SWEEP)
        if self.mode == SWEEP and self.sweep_result is not None:
            self.pages.draw_sweep(self.sweep_result, self.controls.metrics(),
                                  self.controls.differences)
        elif self.mode == CURVES and self.curves is not None:
            threshold = self.params.threshold
            if threshold is None:
                threshold = self.case.threshold if self.case is not None else DEFAULT_THRESHOLD
            self.pages.draw_curves(self.curves, threshold)

    # -- construction --------------------------------------------------------------------

    def _build(self) -> None:
        self.mode_box = QComboBox()
        self.mode_box.addItems(list(MODE_TITLES.values()))
        self.mode_box.currentIndexChanged.connect(lambda _i: self._redraw())
        self.controls = SweepControls()
        self.controls.drawing_changed.connect(self._redraw)
        self.controls.manifest_chosen.connect(self.load_case_set)
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for text, slot in (("Compute", self.compute), ("Export CSV...", self._export_csv_dialog),
                           ("Export PNG...", self._export_png_dialog)):
            button = self.buttons[text] = QPushButton(text)
            button.clicked.connect(lambda _checked=False, s=slot: self.error.run_guarded(s))
            buttons.addWidget(button)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.error = ErrorLabel()
        self.error.setWordWrap(True)
        column = QVBoxLayout()
        column.addWidget(self.mode_box)
        column.addWidget(self.controls, 1)  # the metric list takes the spare height
        column.addLayout(buttons)
        for widget in (JobStatus(self.jobs), self.status, self.error):
            column.addWidget(widget)
        layout = QHBoxLayout(self)
        layout.addLayout(column)
        self.pages = PlotPages()
        layout.addWidget(self.pages, 1)

    def _export_csv_dialog(self) -> None:
        save_with_dialog(self, "Export curve", CSV_FILTER, self.export_csv,
                         report=self.error.show_message)

    def _export_png_dialog(self) -> None:
        save_with_dialog(self, "Export plot", PNG_FILTER, self.export_png,
                         report=self.error.show_message)


def _differ_besides(old: Params, new: Params, key: str) -> bool:
    """True when ``old`` and ``new`` differ in a parameter other than ``key``."""
    before, after = old.to_dict(), new.to_dict()
    return any(before[name] != after[name] for name in before if name != key)


def _with_sidecar(path: str, provenance: Provenance) -> str:
    """Write the provenance sidecar of the CSV just written at ``path``; ``path``."""
    write_sidecar(path, provenance)
    return path
