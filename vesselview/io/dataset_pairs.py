"""The pairs of a dataset: one per case and method (``--dataset ROOT --predictions``).

Every method of the predictions for every case of the splits it has results for (a case
there without that method's file is a failed pair, so the gap shows in the output; a
split with no file of the method at all, such as DRIVE's training set beside test-set
predictions, is left out with a note; a method matching no case at all fails every
pair), plus the dataset's other observer where it ships one (the usual human baseline,
method ``observer2`` or ``observer1``). Each case's field of view is the dataset's rule
(`DatasetCase.fov_input`): its FOV file, or in a dataset that ships none an estimate from
the fundus photograph (``fov_source`` ``estimated``); a case whose shipped FOV file is
missing is a failed pair unless the dataset was opened with ``estimate_fov``. Used by
``vesselview-eval --dataset`` and the GUI's agreement window.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from vesselview.errors import InputError
from vesselview.io.pair import Pair

if TYPE_CHECKING:  # a manifest run imports `PairSource` without the dataset readers
    from vesselview.io.dataset import Dataset, DatasetCase


@dataclasses.dataclass(frozen=True)
class PairSource:
    """The pairs of a run and what the user should hear about how they were found.

    Attributes
    ----------
    pairs : list of Pair
    inputs : list of str
        Every file the run reads (the output may be none of them).
    notes : list of str
        Warnings, one line each (e.g. prediction files that match no case).
    folders : dict of str to str
        Folders the run names -> what each is (``"the dataset folder"``): the output
        may be no file inside them, even one the run does not read.
    """

    pairs: list[Pair]
    inputs: list[str]
    notes: list[str] = dataclasses.field(default_factory=list)
    folders: dict[str, str] = dataclasses.field(default_factory=dict)


def dataset_pairs(dataset: Dataset, methods: list[str]) -> PairSource:
    """One pair per case and method of ``dataset`` (``methods`` from ``--predictions``).

    Unmatched and ambiguous prediction files, skipped cases and missing FOV masks
    (`Dataset.notes`) become notes.

    Raises
    ------
    InputError
        When there is nothing to evaluate.
    """
    splits = {case.split for case in dataset.cases}
    covered = {method: {case.split for case in dataset.cases if method in case.candidates}
               or splits for method in methods}
    pairs: list[Pair] = []
    for case in dataset.cases:
        shipped = [name for name in case.candidates if name not in methods]
        scored = [method for method in methods if case.split in covered[method]]
        pairs.extend(_case_pair(case, method, dataset.observer)
                     for method in (*scored, *sorted(shipped)))
    notes = dataset.notes() + _uncovered_splits(dataset, covered)
    if not pairs:
        raise InputError(f"{dataset.root}: nothing to evaluate (no predictions, and no "
                         "annotation of another observer); give --predictions NAME=DIR",
                         source=str(dataset.root))
    return PairSource(pairs, pair_files(pairs), notes)


def _uncovered_splits(dataset: Dataset, covered: dict[str, set[str]]) -> list[str]:
    """Notes for the splits a method has no file for at all (e.g. DRIVE's training set
    when predictions were made for the test set): those cases are not its rows."""
    notes = []
    for method, splits in covered.items():
        for split in sorted({case.split for case in dataset.cases} - splits):
            count = sum(case.split == split for case in dataset.cases)
            where = f"split {split!r}" if split else "this dataset"
            notes.append(f"{method}: no result for {where} ({count} cases): not evaluated there")
    return notes


def _case_pair(case: DatasetCase, method: str, observer: int) -> Pair:
    """The pair of one case and method, with the other observers' references the dataset
    ships; a missing prediction or FOV file is its problem."""
    candidate = case.candidates.get(method)
    fov = case.fov_input
    problem = case.fov_problem if candidate is not None else \
        f"no file of method {method!r} matches this case"
    return Pair(case.id, str(case.reference), "" if candidate is None else str(candidate),
                None if fov is None else str(fov),
                None if case.fundus is None else str(case.fundus), method=method,
                observer=observer, problem=problem, spacing=case.spacing,
                classes=case.classes,
                references=tuple((name, str(path)) for name, path in case.references.items()))


def pair_files(pairs: list[Pair]) -> list[str]:
    """Every file the pairs read."""
    return [path for pair in pairs for path in pair.files()]
