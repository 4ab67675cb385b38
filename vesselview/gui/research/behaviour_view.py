"""The "metric behaviour" window: how every metric ranks a set of teaching cases.

Runs `vesselview.research.behaviour` on the application's scheduler (`ChannelJobs`) on
either the equal-pixel-change set (shift, noise, gap, expansion, angle changes of about the same
number of pixels, expected order from the tolerance-F1 paper section 4.2) or one
teaching case at increasing severities (milder = better), and shows the result as the
papers' tables do (`RankTable`): each metric's value and rank per case next to the
expected rank, then Kendall's tau-b and the other agreement statistics per metric.
Double-clicking a case row shows that case in the inspector.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from vesselview.app.scheduler import Scheduler
from vesselview.app.window_provenance import window_provenance
from vesselview.engine.params import Params
from vesselview.gui.research.inputs import parse_numbers
from vesselview.gui.research.metric_choice import MetricSetBox
from vesselview.gui.research.rank_table import RankTable
from vesselview.gui.widgets.channel_jobs import ChannelJobs, JobStatus
from vesselview.gui.widgets.error_label import ErrorLabel
from vesselview.gui.widgets.export import CSV_FILTER, save_with_dialog
from vesselview.io.output_file import atomic_output
from vesselview.io.provenance_formats import write_sidecar
from vesselview.io.tables import write_table
from vesselview.research.behaviour import (
    Behaviour,
    equal_change_behaviour,
    severity_behaviour,
)
from vesselview.synth import TEACHING_CASES, equal_change_set, teaching_case

EQUAL_CHANGE = "equal_change"
#: Changed pixels per case at 584x565 (scaled with the image area at other sizes).
EQUAL_CHANGE_PIXELS = 1500
_DRIVE_AREA = 584 * 565
_SEVERITY_STEPS = 4  # default severities: quarter, half, three quarters, full range
_EQUAL_CHANGE_NOTE = (
    "Each case changes about the same number of pixels of one reference. Expected order "
    "(tolerance-F1 paper, section 4.2): shift best, then noise, then gap, expansion and "
    "angle changes (tied). ✓ (green cell): the metric ranks the case where expected; "
    "✗ (orange-red cell): it does not.")
_SEVERITIES_HINT = "Only for a severity series: choose one under Case set"
_PIXELS_HINT = "Only for the equal-pixel-change set"


def default_severities(name: str) -> str:
    """Evenly spaced severities of teaching case ``name`` up to its maximum, as text."""
    low, high = TEACHING_CASES[name].severity_range
    step = (high - low) / _SEVERITY_STEPS
    return ", ".join(f"{low + k * step:g}" for k in range(1, _SEVERITY_STEPS + 1))


class BehaviourView(QWidget):
    """Run a teaching set and show every metric's ranking against the expected one.

    Parameters
    ----------
    scheduler : Scheduler
        Runs the tables' evaluations (the application's one scheduler).
    shape : tuple of int
        ``(H, W)`` of the synthetic cases (584x565 like DRIVE; tests use smaller).
    seed : int

    Signals
    -------
    shown(Behaviour)
        A new table is on screen.
    case_chosen(Case)
        The user asked to see a case of the table in the inspector.
    """

    error: ErrorLabel  # built by _build

    shown = Signal(object)
    case_chosen = Signal(object)

    def __init__(self, scheduler: Scheduler, parent: QWidget | None = None,
                 shape: tuple[int, int] = (584, 565), seed: int = 0) -> None:
        super().__init__(parent)
        self.setWindowTitle("vesselview: metric behaviour")
        self.jobs = ChannelJobs(scheduler, "behaviour", self)
        self.shape, self.seed = shape, seed
        self.params = Params()
        self.behaviour: Behaviour | None = None
        self._shown_set: tuple[str, Any] | None = None  # (set key, n_pixels or severities)
        self._build()
        self.jobs.finished.connect(self._on_finished)
        self.jobs.failed.connect(self.error.show_message)
        self.choose_set(EQUAL_CHANGE)

    def set_params(self, params: Params) -> None:
        """Evaluate the next run with ``params`` (the inspector's)."""
        self.params = params

    def choose_set(self, key: str) -> None:
        """Select the equal-change set (``"equal_change"``) or a teaching case's severities."""
        self.set_box.setCurrentIndex(self.set_box.findData(key))
        equal = key == EQUAL_CHANGE
        self.pixels_box.setEnabled(equal)
        self.pixels_box.setToolTip("Pixels each case changes" if equal else _PIXELS_HINT)
        self.severities_edit.setEnabled(not equal)
        self.severities_edit.setToolTip(_SEVERITIES_HINT if equal else
                                        "Comma-separated severities, one case each")
        if equal:
            self.severities_edit.clear()
            area = self.shape[0] * self.shape[1]
            self.pixels_box.setValue(max(1, round(EQUAL_CHANGE_PIXELS * area / _DRIVE_AREA)))
            self.note.setText(_EQUAL_CHANGE_NOTE)
        else:
            self.severities_edit.setText(default_severities(key))
            self.note.setText(f"{TEACHING_CASES[key].explanation} Expected order: milder is "
                              "better. ✓ (green cell): the metric ranks the case where "
                              "expected; ✗ (orange-red cell): it does not.")

    def run(self) -> None:
        """Build the chosen set and evaluate it in the background."""
        self.error.hide()
        key, params, shape, seed = self.set_box.currentData(), self.params, self.shape, self.seed
        if key == EQUAL_CHANGE:
            n_pixels = self.pixels_box.value()
            choice: tuple[str, Any] = (key, n_pixels)

            def job(stop: Any, progress: Any) -> tuple[tuple[str, Any], Behaviour]:
                return choice, equal_change_behaviour(n_pixels, shape, seed, params,
                                                      should_stop=stop, progress=progress)
        else:
            severities = parse_numbers(self.severities_edit.text(), "severities")
            choice = (key, severities)

            def job(stop: Any, progress: Any) -> tuple[tuple[str, Any], Behaviour]:
                return choice, severity_behaviour(key, severities, shape, seed, params,
                                                  should_stop=stop, progress=progress)
        self.jobs.run("behaviour", job)

    def export_csv(self, path: str) -> None:
        """Write the shown table (`Behaviour.to_rows`) as CSV."""
        if self.behaviour is None:
            self.error.show_message("Nothing to export yet: press Run first.")
            return
        with atomic_output(path) as stream:
            write_table(self.behaviour.to_rows(), stream, params=self.behaviour.params)
        height, width = self.shape
        write_sidecar(path, window_provenance(  # synthetic cases: no input file
            f"Research > Metric behaviour > Export CSV (synthetic {height}x{width}, "
            f"seed {self.seed})", self.behaviour.params, None, [], "csv"))

    def show_case_of_row(self, row: int) -> None:
        """Rebuild the case of table row ``row`` (seeded, identical) and emit it."""
        if self.behaviour is None or self._shown_set is None:
            return
        names = self.behaviour.ranking.candidates
        if row >= len(names):
            return  # a statistics row
        key, setting = self._shown_set
        shape, seed = self.shape, self.seed
        if key == EQUAL_CHANGE:
            self.jobs.run("case", lambda stop, progress: equal_change_set(
                setting, shape, seed)[names[row]])
        else:
            severity = setting[row]
            self.jobs.run("case", lambda stop, progress: teaching_case(key, severity, shape,
                                                                       seed))

    def shutdown(self) -> None:
        """Abandon the running computation."""
        self.jobs.cancel()

    def _on_finished(self, kind: str, value: Any) -> None:
        if kind == "case":
            self.case_chosen.emit(value)
            return
        self._shown_set, self.behaviour = value
        self._refresh_table()
        agreement = self.behaviour.agreement
        self.status.setText(f"{len(self.behaviour.ranking.candidates)} cases; Kendall τ-b with "
                            f"the expected order: F1_t {agreement['f1_t'].kendall_tau_b:.3f}, "
                            f"CAL {agreement['cal'].kendall_tau_b:.3f}, "
                            f"SS {agreement['ss'].kendall_tau_b:.3f}")
        self.shown.emit(self.behaviour)

    def _refresh_table(self) -> None:
        if self.behaviour is not None:
            self.table.show_ranking(self.behaviour.ranking, self.metric_set.keys(),
                                    self.behaviour.expected, "expected rank",
                                    agreement=self.behaviour.agreement)

    def _export_dialog(self) -> None:
        save_with_dialog(self, "Export behaviour table", CSV_FILTER, self.export_csv,
                         report=self.error.show_message)

    def _build(self) -> None:
        self.set_box = QComboBox()
        self.set_box.addItem("Equal pixel change: shift, noise, gap, expansion, angles",
                             EQUAL_CHANGE)
        for name, entry in TEACHING_CASES.items():
            self.set_box.addItem(f"Severity series: {entry.title} ({entry.unit})", name)
        self.set_box.activated.connect(lambda _i: self.choose_set(self.set_box.currentData()))
        self.pixels_box = QSpinBox()
        self.pixels_box.setRange(1, 1_000_000)
        self.severities_edit = QLineEdit()
        self.severities_edit.setPlaceholderText(_SEVERITIES_HINT)
        self.metric_set = MetricSetBox()
        self.metric_set.currentIndexChanged.connect(lambda _i: self._refresh_table())
        form = QFormLayout()
        form.addRow("Case set", self.set_box)
        form.addRow("Changed pixels per case", self.pixels_box)
        form.addRow("Severities", self.severities_edit)
        form.addRow("Columns", self.metric_set)
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for text, slot in (("Run", self.run), ("Export CSV...", self._export_dialog)):
            button = self.buttons[text] = QPushButton(text)
            button.clicked.connect(lambda _checked=False, s=slot: self.error.run_guarded(s))
            buttons.addWidget(button)
        buttons.addStretch(1)
        self.note, self.status, self.error = QLabel(), QLabel(), ErrorLabel()
        self.note.setWordWrap(True)
        self.table = RankTable()
        self.table.cellDoubleClicked.connect(lambda row, _column: self.show_case_of_row(row))
        self.table.setToolTip("Double-click a case to show it in the inspector")
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addLayout(buttons)
        layout.addWidget(JobStatus(self.jobs))
        layout.addWidget(self.status)
        layout.addWidget(self.error)
        layout.addWidget(self.table, 1)
