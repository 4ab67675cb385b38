"""What each grading item shows: the case of a case id with one method's candidate.

Built from a dataset (`vesselview.io.open_dataset`: every case with each of its
candidates) or from cases already in memory (the inspector's case and candidates).
Cases are read when first shown and the last few are kept, so a large dataset costs
no start-up time and little memory.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from vesselview.engine.case import Case
from vesselview.errors import InputError
from vesselview.io.dataset import open_dataset
from vesselview.io.grading_files import ItemKey

#: How many read cases stay in memory (the shown one, the previous, the next).
KEEP_CASES = 3


class DatasetCaseLike(Protocol):
    """A dataset's case: an id, candidate files per method, and a loader."""

    @property
    def id(self) -> str: ...

    @property
    def candidates(self) -> Mapping[str, object]: ...

    def load(self, method: str) -> Case: ...


class DatasetLike(Protocol):
    """A dataset: its cases and human baselines (`vesselview.io.dataset.Dataset` is one)."""

    @property
    def cases(self) -> Sequence[DatasetCaseLike]: ...

    @property
    def baselines(self) -> tuple[str, ...]: ...


class GradingCases:
    """Item -> `Case`, read on first use, the `KEEP_CASES` most recent kept.

    Parameters
    ----------
    loaders : Mapping[ItemKey, callable]
        Reads the case of each item (may raise `vesselview.errors.InputError`).
    """

    def __init__(self, loaders: Mapping[ItemKey, Callable[[], Case]]) -> None:
        self._loaders = dict(loaders)
        self._cases: OrderedDict[ItemKey, Case] = OrderedDict()

    @classmethod
    def from_dataset(cls, dataset: DatasetLike, *, other_observer: bool = False
                     ) -> GradingCases:
        """Every case of ``dataset`` with each of its methods' candidates, and with the
        other observer's tracing (``dataset.baselines``) only when ``other_observer``."""
        left_out = () if other_observer else dataset.baselines
        return cls({ItemKey(case.id, method): _loader(case, method)
                    for case in dataset.cases for method in case.candidates
                    if method not in left_out})

    @classmethod
    def open_dataset(cls, root: str | os.PathLike, predictions: Mapping[str, str | os.PathLike],
                     *, observer: int = 1, other_observer: bool = False) -> GradingCases:
        """The predictions of a dataset folder (`vesselview.io.open_dataset`), case by case.

        Parameters
        ----------
        root : path
            The dataset folder.
        predictions : Mapping[str, path]
            Method name -> folder of that method's results.
        observer : int
            Whose annotation is the reference (1 or 2).
        other_observer : bool
            Also grade the other observer's tracing (a human baseline), when shipped.

        Raises
        ------
        InputError
            From `open_dataset` (not a dataset, bad folders...), or when no case has a
            candidate to grade.
        """
        dataset = open_dataset(root, predictions, observer=observer)
        cases = cls.from_dataset(dataset, other_observer=other_observer)
        if not cases.items:
            raise InputError(f"{root}: no case has a prediction to grade; check the "
                             "predictions folders (file names must contain the case ids)",
                             os.fspath(root))
        return cases

    @classmethod
    def from_cases(cls, cases: Mapping[ItemKey, Case]) -> GradingCases:
        """Cases already read, one per item."""
        return cls({item: _given(case) for item, case in cases.items()})

    @property
    def items(self) -> tuple[ItemKey, ...]:
        """Every item, sorted by case id then method."""
        return tuple(sorted(self._loaders))

    def load(self, item: ItemKey) -> Case:
        """The case of ``item`` (read now unless recently read).

        Raises
        ------
        KeyError
            For an item this source does not have.
        InputError
            When its files cannot be read (the message names the file).
        """
        case = self._cases.get(item)
        if case is None:
            case = self._loaders[item]()
            self._cases[item] = case
        self._cases.move_to_end(item)
        while len(self._cases) > KEEP_CASES:
            self._cases.popitem(last=False)
        return case


def _loader(case: DatasetCaseLike, method: str) -> Callable[[], Case]:
    return lambda: case.load(method)


def _given(case: Case) -> Callable[[], Case]:
    return lambda: case
