"""The candidates window: N segmentations of one reference, ranked by every metric.

Candidates come from files or a folder and are read against the inspector's reference
(`vesselview.app.candidate_set`, in the background). The table (`RankTable`) ranks
them by each metric (`rank_candidates`; a second observer's tracing, named so by its file
or folder, is a human baseline shown unranked); an expected order typed in, or a CSV of human
scores (columns ``candidate, score``), adds each metric's agreement with it
(`rank_agreement`: Kendall tau-b, Spearman, Pearson, Paglieroni's mean and standard
inconsistency). A bad file or a bad score file only shows an error: the loaded
candidates and the previous expected order stay. Both tables export as CSV.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from vesselview.app.candidate_export import write_candidates_table
from vesselview.app.candidate_names import candidate_names
from vesselview.app.candidate_set import (
    Candidate,
    evaluate_candidates,
    metric_table,
    reevaluate,
)
from vesselview.app.roles import guess_role
from vesselview.app.scheduler import Scheduler
from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.errors import InputError
from vesselview.gui.research.inputs import (
    folder_candidates,
    parse_expected_ranks,
    read_human_scores,
)
from vesselview.gui.research.metric_choice import MetricSetBox
from vesselview.gui.research.rank_table import RankTable
from vesselview.gui.widgets.button_row import button_row
from vesselview.gui.widgets.channel_jobs import ChannelJobs, JobStatus
from vesselview.gui.widgets.error_label import ErrorLabel
from vesselview.gui.widgets.export import CSV_FILTER, IMAGE_FILTER, save_with_dialog
from vesselview.research.ranking import (
    ExpectedKind,
    RankAgreement,
    Ranking,
    rank_agreement,
    rank_candidates,
)

_SCORES_FILTER = "Human scores CSV: candidate, score (*.csv);;All files (*)"


class CandidatesView(QWidget):
    """Load candidates for the inspector's reference, rank them, compare with an order.

    Parameters
    ----------
    scheduler : Scheduler
        Runs the loading and evaluation (the application's one scheduler).

    Signals
    -------
    ranked(Ranking)
        The ranking table changed (candidates, parameters or expected order).
    cases_changed(dict)
        Candidate name -> `Case` of every loaded candidate (for the plot dock's mean).
    case_chosen(Case)
        The user asked to see a candidate in the inspector (double-click).
    """

    ranked = Signal(object)
    cases_changed = Signal(object)
    case_chosen = Signal(object)

    def __init__(self, scheduler: Scheduler, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("vesselview: candidates")
        self.jobs = ChannelJobs(scheduler, "candidates", self)
        self.reference: Case | None = None
        self.params = Params()
        self.candidates: list[Candidate] = []
        self.ranking: Ranking | None = None
        self.expected: np.ndarray | None = None
        self.expected_kind: ExpectedKind = "rank"
        self.agreement: RankAgreement | None = None
        self._build()
        self.jobs.finished.connect(self._on_evaluated)
        self.jobs.failed.connect(self.error.show_message)

    @property
    def names(self) -> list[str]:
        """Display names of the loaded candidates, in order."""
        return candidate_names([candidate.path for candidate in self.candidates])

    @property
    def baselines(self) -> list[str]:
        """Names of the loaded candidates that are a second observer's tracing (by their
        file or folder name, `guess_role`): human baselines, not ranked."""
        return [name for name, candidate in zip(self.names, self.candidates, strict=True)
                if guess_role(candidate.path).second_observer]

    def set_reference(self, case: Case | None) -> None:
        """Rank candidates against ``case``'s reference (clears the loaded candidates)."""
        self.reference = case
        self.clear()
        source = case.sources.get("reference", "?") if case is not None else "none"
        self.reference_label.setText(f"Reference: {source}")

    def set_params(self, params: Params) -> None:
        """Use ``params`` for new candidates; say when the loaded ones need re-evaluating."""
        self.params = params
        if self.candidates and self.candidates[0].params != params:
            self.status.setText("Parameters changed: press Re-evaluate to update the ranking")

    def add_files(self, paths: Sequence[str]) -> None:
        """Read and evaluate candidate files in the background (repeats are skipped)."""
        self.error.hide()
        if self.reference is None:
            self.error.show_message("Open a reference in the inspector first.")
            return
        known = {os.path.abspath(c.path) for c in self.candidates}
        new = [p for p in dict.fromkeys(paths) if os.path.abspath(p) not in known]
        reference, params, loaded = self.reference, self.params, list(self.candidates)
        self.jobs.run("evaluate", lambda stop, progress: loaded + evaluate_candidates(
            reference, new, params, stop, progress))

    def add_folder(self, folder: str) -> None:
        """Add ``folder``'s file for the reference's case (a method's output folder).

        When the reference is a public dataset's file, only the file whose name carries
        its case id is added (`vesselview.io.dataset.matching`), named by its folder;
        otherwise every image file but the reference's own (reference, FOV, fundus).
        """
        self.error.hide()
        try:
            files = folder_candidates(folder, self.reference)
        except InputError as error:
            self.error.show_message(str(error))
            return
        self.add_files(files)

    def reevaluate(self) -> None:
        """Evaluate the loaded candidates again with the current parameters."""
        if not self.candidates:
            self.error.show_message("Load candidates first.")
            return
        loaded, params = list(self.candidates), self.params
        self.jobs.run("evaluate", lambda stop, progress: reevaluate(loaded, params, stop,
                                                                    progress))

    def clear(self) -> None:
        """Forget every candidate and the expected order."""
        self.jobs.cancel()
        self.candidates, self.expected, self.agreement, self.ranking = [], None, None, None
        self.table.clear()
        self.table.setRowCount(0)
        self.status.setText("No candidates yet: add files or a folder.")

    def set_expected_text(self, text: str) -> None:
        """Use a typed expected order (one rank per candidate, 1 = best)."""
        self._set_expected(lambda: parse_expected_ranks(text, len(self.candidates)), "rank")

    def load_human_scores(self, path: str) -> None:
        """Use the mean human scores of a CSV (``candidate, score``; higher = better)."""
        self._set_expected(lambda: read_human_scores(path, self.names), "score")

    def export_ranking(self, path: str) -> None:
        """Write the ranking (`vesselview.io.tables.write_table`) to ``path``, its
        provenance to the sidecar."""
        self._export(path, self.ranking, "ranking")

    def export_agreement(self, path: str) -> None:
        """Write the rank agreement (`vesselview.io.tables.write_table`) to ``path``, its
        provenance to the sidecar."""
        self._export(path, self.agreement, "rank agreement")

    def show_candidate(self, row: int) -> None:
        """Emit the case of candidate ``row`` for the inspector."""
        if row < len(self.candidates):
            self.case_chosen.emit(self.candidates[row].case)

    def shutdown(self) -> None:
        """Abandon the running computation."""
        self.jobs.cancel()

    # -- reactions -----------------------------------------------------------------------

    def _on_evaluated(self, _kind: str, candidates: list[Candidate]) -> None:
        if len(candidates) != len(self.candidates):
            self.expected, self.agreement = None, None  # one rank per candidate no longer
        self.candidates = candidates
        self._update()
        self.cases_changed.emit(dict(zip(self.names, (c.case for c in candidates), strict=True)))

    def _set_expected(self, parse: Any, kind: ExpectedKind) -> None:
        self.error.hide()
        if not self.candidates:
            self.error.show_message("Load candidates first.")
            return
        try:
            expected = parse()
        except ValueError as error:  # InputError, ParamsError: keep what we had
            self.error.show_message(str(error))
            return
        self.expected, self.expected_kind = expected, kind
        self._update()

    def _update(self) -> None:
        scores = metric_table(self.candidates)
        self.ranking = (rank_candidates(scores, self.names, baselines=self.baselines)
                        if self.candidates else None)
        self.agreement = (rank_agreement(scores, self.expected, expected_kind=self.expected_kind)
                          if self.expected is not None else None)
        self._refresh_table()
        against = "the expected order" if self.expected_kind == "rank" else "the human scores"
        self.status.setText(f"{len(self.candidates)} candidates" + (
            "" if self.agreement is None else f"; agreement with {against} in the last rows"))
        if self.ranking is not None:
            self.ranked.emit(self.ranking)

    def _refresh_table(self) -> None:
        if self.ranking is None:
            return
        expected_ranks = None
        if self.expected is not None and self.expected_kind == "score":
            expected_ranks = rank_candidates({"score": self.expected}, self.names).ranks[:, 0]
        title = "expected rank" if self.expected_kind == "rank" else "human score"
        self.table.show_ranking(self.ranking, self.metric_set.keys(), self.expected, title,
                                expected_ranks, self.agreement)

    def _export(self, path: str, table: Ranking | RankAgreement | None, what: str) -> None:
        if table is None:
            self.error.show_message("Nothing to export yet.")
            return
        write_candidates_table(path, table, self.candidates, what)

    # -- construction --------------------------------------------------------------------

    def _build(self) -> None:
        self.reference_label = QLabel("Reference: none")
        self.expected_edit = QLineEdit()
        self.expected_edit.setPlaceholderText("one rank per candidate, 1 = best, e.g. 2, 1, 3")
        self.expected_edit.returnPressed.connect(
            lambda: self.set_expected_text(self.expected_edit.text()))
        self.metric_set = MetricSetBox()
        self.metric_set.currentIndexChanged.connect(lambda _i: self._refresh_table())
        form = QFormLayout()
        form.addRow(self.reference_label)
        form.addRow("Candidates", button_row(
            ("Add files...", self._add_files_dialog), ("Add folder...", self._folder_dialog),
            ("Re-evaluate", self.reevaluate), ("Clear", self.clear)))
        form.addRow("Expected order", button_row(
            ("Use typed order", lambda: self.set_expected_text(self.expected_edit.text())),
            ("Load human scores...", self._scores_dialog), first=self.expected_edit))
        form.addRow("Columns", button_row(
            ("Export ranking...", lambda: self._save_dialog(self.export_ranking)),
            ("Export agreement...", lambda: self._save_dialog(self.export_agreement)),
            first=self.metric_set))
        self.status, self.error = QLabel(), ErrorLabel()
        self.error.setWordWrap(True)
        self.table = RankTable()
        self.table.cellDoubleClicked.connect(lambda row, _column: self.show_candidate(row))
        self.table.setToolTip("Double-click a candidate to show it in the inspector")
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(JobStatus(self.jobs))
        layout.addWidget(self.status)
        layout.addWidget(self.error)
        layout.addWidget(self.table, 1)

    def _add_files_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Add candidates", "", IMAGE_FILTER)
        if paths:
            self.add_files(paths)

    def _folder_dialog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Add every candidate in a folder")
        if folder:
            self.add_folder(folder)

    def _scores_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Load human scores", "", _SCORES_FILTER)
        if path:
            self.load_human_scores(path)

    def _save_dialog(self, write: Any) -> None:
        save_with_dialog(self, "Export CSV", CSV_FILTER, write, report=self.error.show_message)
