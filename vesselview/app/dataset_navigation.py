"""Ordering the case browser's rows and moving through them (no Qt).

`DatasetNavigation` is the part of `vesselview.app.dataset_browser.DatasetBrowser` that
sorts the rows (refusing a metric measured in pixels over cases of different
resolution), chooses the shown and compared methods, steps through the rows and shows
the picked case in the inspector with method B's candidate loaded beside it.
"""

from __future__ import annotations

import numpy as np

from vesselview.app.case_resolutions import CaseResolutions
from vesselview.app.channel import Channel
from vesselview.app.dataset_table import MetricTable, SortOrder
from vesselview.app.events import Event
from vesselview.app.inspector import Inspector
from vesselview.engine.params import Params
from vesselview.io.dataset import Dataset, DatasetCase


class DatasetNavigation:
    """The row order and navigation of `vesselview.app.dataset_browser.DatasetBrowser`
    (a mixin: the attributes below are the browser's, documented there)."""

    inspector: Inspector
    dataset: Dataset | None
    table: MetricTable | None
    params: Params
    order: SortOrder
    rows: tuple[str, ...]
    current: str | None
    method_a: str
    method_b: str
    references: str
    resolutions: CaseResolutions
    rows_changed: Event
    current_changed: Event
    _comparison: Channel

    def sort(self, order: SortOrder) -> None:
        """Order the rows by ``order`` (no value is recomputed); refused (an error, the
        order kept) when it ranks a metric measured in pixels over cases of different
        resolution (`CaseResolutions.problem`)."""
        problem = None if order.metric is None else self.resolutions.problem(
            [order.metric], f"Sorting by {order.metric}", self.params)
        if problem is not None:
            self.inspector.error.emit(problem)
            return
        self.order = order
        self._sort()

    def worst_first(self, metric: str) -> None:
        """Order by method A's ``metric``, worst case first (the metric's direction)."""
        self.sort(SortOrder.worst_first(metric, self.method_a))

    def _sort(self) -> None:
        if self.table is None:
            return
        rows = self.table.ordered(self.order)
        if rows != self.rows:
            self.rows = rows
            self.rows_changed.emit(rows)
            if self.current is not None:  # the status bar's "k of n" follows the rows
                self.inspector.reorder_dataset(rows, self._order_text())

    def _order_text(self) -> str:
        """How the rows are ordered, for the status bar (empty: by case id)."""
        return self.order.describe() if self.order.metric is not None else ""

    def set_methods(self, method_a: str, method_b: str) -> None:
        """Choose the shown method (A) and the one compared with it (B); re-show the case."""
        self.method_a, self.method_b = method_a, method_b
        if self.current is not None:
            self.pick(self.current)

    def step(self, step: int) -> None:
        """Show the case ``step`` rows on in the current order (kept within the rows)."""
        if not self.rows:
            return
        index = self.rows.index(self.current) if self.current in self.rows else -step
        self.pick(self.rows[min(max(index + step, 0), len(self.rows) - 1)])

    def pick(self, case_id: str) -> None:
        """Show ``case_id`` with method A in the inspector, scored against the reference
        choice, and load method B's candidate."""
        dataset = self.dataset
        if dataset is None:
            return
        case = dataset.case(case_id)
        if self.method_a not in case.candidates:
            self.inspector.error.emit(f"case {case_id} has no candidate of {self.method_a}")
            return
        self.current = case_id
        self.current_changed.emit(case_id)
        self.inspector.show_dataset_case(dataset, case_id, self.method_a, self.rows,
                                         self._order_text(), self.references)
        if self.method_b in case.candidates:
            method, threshold = self.method_b, self.inspector.params.threshold
            self._comparison.submit(lambda stop, progress: (
                method, _candidate_mask(case, method, threshold)))


def _candidate_mask(case: DatasetCase, method: str, threshold: float | None) -> np.ndarray:
    """``method``'s binary candidate of ``case`` (bool (H, W)): a probability map cut at
    ``threshold``, any other candidate as read (`vesselview.engine.param_scope`)."""
    return case.load(method).candidate_at(threshold)
