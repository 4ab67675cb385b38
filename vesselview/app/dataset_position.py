"""Where the inspector is in a dataset: the cases of one method and the one shown.

`DatasetPosition` is a frozen value of the application model
(`vesselview.app.inspector.Inspector.dataset`): stepping makes a new one, and the model
loads its case in the background.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from vesselview.app.files import ShownCase, files_of
from vesselview.engine.reference_choice import reference_cases
from vesselview.errors import InputError
from vesselview.io.dataset import Dataset, DatasetCase


@dataclasses.dataclass(frozen=True)
class DatasetPosition:
    """One method's cases of a dataset and the index of the shown one.

    Attributes
    ----------
    dataset : Dataset
    method : str
        Whose candidates are shown (a predictions folder's name, or ``observer2``).
    cases : tuple of DatasetCase
        The dataset's cases that have a candidate of ``method``, by id.
    index : int
        The shown case, 0 .. len(cases) - 1.
    order : str
        How ``cases`` are ordered when not by id (e.g. the case browser's
        ``"Dice of Soares, ascending"``); empty: by id.
    references : str
        The reference choice each case opens with (the case browser's,
        `vesselview.engine.reference_choice.REFERENCE_CHOICES`): ``one`` and ``each``
        open against the dataset's chosen observer, the others against that consensus
        or the fuzzy reference (`shown_case`).
    """

    dataset: Dataset
    method: str
    cases: tuple[DatasetCase, ...]
    index: int = 0
    order: str = ""
    references: str = "one"

    @classmethod
    def first(cls, dataset: Dataset, method: str | None = None) -> DatasetPosition:
        """The first case of ``method`` (default: the dataset's first method).

        Raises
        ------
        InputError
            When the dataset has no candidates at all, or none of ``method``.
        """
        if not dataset.methods:
            raise InputError(f"{dataset.root}: no candidates to evaluate; give a folder of "
                             "a method's results (or a dataset with a second observer)",
                             source=str(dataset.root))
        chosen = method if method is not None else dataset.methods[0]
        cases = tuple(case for case in dataset.cases if chosen in case.candidates)
        if not cases:
            known = ", ".join(dataset.methods)
            raise InputError(f"{dataset.root}: no case has a candidate of method {chosen!r} "
                             f"(methods: {known})", source=str(dataset.root))
        return cls(dataset, chosen, cases)

    @property
    def case(self) -> DatasetCase:
        """The shown case."""
        return self.cases[self.index]

    def stepped(self, step: int) -> DatasetPosition:
        """The position ``step`` cases on, kept within the cases."""
        index = min(max(self.index + step, 0), len(self.cases) - 1)
        return dataclasses.replace(self, index=index)

    def reordered(self, case_ids: Sequence[str], order: str) -> DatasetPosition:
        """The same shown case with ``cases`` in the order of ``case_ids`` (cases not
        named there last, by id), described as ``order`` (empty: by id)."""
        rank = {case_id: place for place, case_id in enumerate(case_ids)}
        cases = tuple(sorted(self.cases, key=lambda case: rank.get(case.id, len(rank))))
        return dataclasses.replace(self, cases=cases, index=cases.index(self.case),
                                   order=order)

    def describe(self) -> str:
        """``"DRIVE case 03 (2 of 20), method Soares"``, or with a browser order
        ``"DRIVE case 03 (1 of 20 by Dice of Soares, ascending), method Soares"``: for the
        status bar."""
        by = f" by {self.order}" if self.order else ""
        return (f"{self.dataset.layout} case {self.case.id} ({self.index + 1} of "
                f"{len(self.cases)}{by}), method {self.method}")

    def shown_case(self) -> ShownCase:
        """Read the shown case with the method's candidate, scored against `references`
        (files: the case's own, so a session keeps them); a case that cannot be scored
        against a consensus or the fuzzy reference (one observer) opens against its
        observer, with a warning saying why (`Case.warnings`).

        Raises
        ------
        InputError
            When a file of the case cannot be read.
        """
        case = self.case.load(self.method)
        files = files_of(case)
        if self.references in ("one", "each"):
            return ShownCase(case, files)
        try:
            (scored,) = reference_cases(case, self.references)
        except InputError as error:
            note = f"{error}; case {self.case.id} is shown against {case.observer}"
            return ShownCase(dataclasses.replace(case, warnings=(*case.warnings, note)), files)
        return ShownCase(scored, files)
