"""Stepping through a dataset's cases in the inspector (no Qt).

`DatasetStepping` is the part of `vesselview.app.inspector.Inspector` that opens a
dataset folder, shows one of its cases with a method's candidate (the case browser's
pick), steps to the next or previous case in the browser's order, and loads each case in
the background. On any error the case on screen stays.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from vesselview.app.channel import Channel
from vesselview.app.dataset_position import DatasetPosition
from vesselview.app.events import Event
from vesselview.app.notices import NoticeBoard
from vesselview.errors import InputError
from vesselview.io.dataset import Dataset, open_dataset


class DatasetStepping:
    """The dataset actions of `vesselview.app.inspector.Inspector` (a mixin).

    It uses the inspector's state and events named below; each case loads on the
    inspector's ``loading`` channel, which shows it when done.
    """

    dataset: DatasetPosition | None
    loading: Channel
    dataset_changed: Event
    error: Event
    status: Event
    notices: NoticeBoard

    def open_dataset(self, root: str, predictions: dict[str, str] | None = None,
                     method: str | None = None) -> bool:
        """Step through a dataset folder's cases (with method folders' candidates).

        Shows the first case of ``method`` (default: the first method found; a dataset's
        second observer counts as method ``observer2``). On error the current case stays.
        What the user should hear about the dataset (`Dataset.notes`: files left out,
        missing FOV masks) goes to `notices`.
        """
        try:
            dataset = open_dataset(root, predictions)
            position = DatasetPosition.first(dataset, method)
        except InputError as error:
            self.error.emit(str(error))
            return False
        for note in dataset.notes():
            self.notices.add(note, "warning")
        self._go_to(position)
        return True

    def show_dataset_case(self, dataset: Dataset, case_id: str, method: str,
                          rows: Sequence[str] = (), order: str = "",
                          references: str = "one") -> None:
        """Show case ``case_id`` of ``dataset`` with ``method``'s candidate (a browser pick)
        scored against the reference choice ``references`` (the browser's; so is every
        case stepped to, `DatasetPosition.shown_case`); the cases are stepped through in
        the order of ``rows`` (case ids; default and cases not in it: by id), described
        as ``order`` (`DatasetPosition.reordered`)."""
        position = DatasetPosition.first(dataset, method)
        index = [case.id for case in position.cases].index(case_id)
        self._go_to(dataclasses.replace(position, index=index, references=references
                                        ).reordered(rows, order))

    def reorder_dataset(self, rows: Sequence[str], order: str) -> None:
        """Step through the dataset's cases in the order of ``rows`` (case ids) from now
        on, described as ``order``; the shown case stays (not loaded again)."""
        if self.dataset is not None:
            self.dataset = self.dataset.reordered(rows, order)
            self.dataset_changed.emit(self.dataset)
            self.status.emit(self.dataset.describe())

    def step_case(self, step: int) -> None:
        """Show the dataset case ``step`` cases on (nothing at either end)."""
        if self.dataset is not None and self.dataset.stepped(step) != self.dataset:
            self._go_to(self.dataset.stepped(step))

    def _go_to(self, position: DatasetPosition) -> None:
        """Make ``position`` current and load its case in the background."""
        self.dataset = position
        self.dataset_changed.emit(position)
        self.status.emit(position.describe())
        self.loading.submit(lambda stop, progress: position.shown_case())
