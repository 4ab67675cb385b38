"""`open_dataset`: a whole dataset folder (plus folders of predictions) as cases.

A `Dataset` lists its cases, each with the photograph, the reference of the chosen
observer, the FOV mask and the candidates: one file per method from the predictions
folders, plus the dataset's other observer (``observer2`` when observer 1 is the
reference, ``observer1`` when observer 2 is), the usual human baseline. Nothing is
read until `DatasetCase.load`.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from pathlib import Path

from vesselview.engine.case import Case
from vesselview.engine.flags import checked_flag
from vesselview.errors import InputError
from vesselview.io.dataset.discover import CaseKey, discover
from vesselview.io.dataset.matching import FileIssue, image_files, match_files
from vesselview.io.loader import AUTO_FOV, load_case

PathLike = str | os.PathLike


@dataclasses.dataclass(frozen=True)
class DatasetCase:
    """One case of a dataset: its files, not yet read.

    Attributes
    ----------
    id : str
        The case id, e.g. ``"01"`` (DRIVE), ``"im0001"`` (STARE); ``"test/1_A"`` when the
        same id occurs in two splits.
    fundus : Path or None
        The photograph.
    reference : Path
        The reference mask of the dataset's chosen observer.
    fov : Path or None
        The FOV mask, None when the dataset ships none.
    candidates : Mapping[str, Path]
        Method name -> candidate file.
    split : str
        The subset (``"test"``, ``"training"``...), ``""`` when the layout has none.
    """

    id: str
    fundus: Path | None
    reference: Path
    fov: Path | None
    candidates: Mapping[str, Path]
    split: str = ""

    def load(self, method: str, *, threshold: float | None = None, fov_auto: bool = False,
             invert_candidate: bool = False) -> Case:
        """Read this case with the candidate of ``method`` (see `load_case`).

        Parameters
        ----------
        method : str
            A key of `candidates`.
        threshold : float, optional
            Probability threshold, fraction of full scale in [0, 1]; `load_case`'s
            default when None.
        fov_auto : bool
            When the case has no FOV file, estimate it from the fundus (``fov="auto"``);
            otherwise the whole image is the FOV.
        invert_candidate : bool
            True when the candidate draws vessels dark.

        Raises
        ------
        InputError
            For an unknown method, or any file `load_case` refuses.
        TypeError
            When ``fov_auto`` or ``invert_candidate`` is not a bool.
        """
        fov_auto = checked_flag("fov_auto", fov_auto)
        if method not in self.candidates:
            known = ", ".join(sorted(self.candidates)) or "none"
            raise InputError(f"case {self.id}: has no candidate of method {method!r} "
                             f"(it has: {known})", source=str(self.reference))
        fov: PathLike | None = self.fov
        if fov is None and fov_auto and self.fundus is not None:
            fov = AUTO_FOV
        return load_case(self.reference, self.candidates[method], fov=fov,
                         fundus=self.fundus, threshold=threshold,
                         invert_candidate=invert_candidate)


@dataclasses.dataclass(frozen=True)
class Dataset:
    """A dataset folder read as cases.

    Attributes
    ----------
    root : Path
        The dataset folder (the parent of a role folder given).
    layout : str
        Recognised layout: ``"DRIVE"``, ``"STARE"``, ``"CHASE_DB1"``, ``"HRF"``,
        ``"FIVES"``, ``"IOSTAR"`` or ``"generic"``.
    observer : int
        Whose annotation is the reference (1 or 2).
    cases : tuple of DatasetCase
        Cases with a reference of that observer, sorted by id.
    methods : tuple of str
        Every method name found in some case's candidates.
    unmatched : tuple of FileIssue
        Prediction files whose name fits no case, and (generic rule) dataset files named
        unlike the rest of their folder that fit no case.
    ambiguous : tuple of FileIssue
        Files left out because they fit several cases or share a case with another file.
    skipped : Mapping[str, str]
        Case id -> why it is not among `cases` (e.g. no second-observer reference).
    """

    root: Path
    layout: str
    observer: int
    cases: tuple[DatasetCase, ...]
    methods: tuple[str, ...]
    unmatched: tuple[FileIssue, ...] = ()
    ambiguous: tuple[FileIssue, ...] = ()
    skipped: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def case(self, case_id: str) -> DatasetCase:
        """The case of that id.

        Raises
        ------
        InputError
            When there is none.
        """
        for case in self.cases:
            if case.id == case_id:
                return case
        raise InputError(f"{self.root}: has no case {case_id!r}; check the case id",
                         source=str(self.root))


def open_dataset(root: PathLike, predictions: Mapping[str, PathLike] | None = None,
                 observer: int = 1) -> Dataset:
    """Recognise a dataset folder and match folders of predictions to its cases.

    Parameters
    ----------
    root : str or os.PathLike
        The dataset folder (or its parent, one split of it, or one of its folders such
        as ``DRIVE/test/images``: its dataset is opened).
    predictions : Mapping[str, path] or None
        Method name -> folder of that method's result maps, one file per case, matched
        by name as `vesselview.io.dataset.matching` describes (``01_test-Soares.png``,
        ``01.png`` ... belong to case ``01``).
    observer : int
        1 for the dataset's first observer as reference, 2 for the second.

    Returns
    -------
    Dataset

    Raises
    ------
    InputError
        When ``root`` or a predictions folder is not a folder, no case is found, a method
        name is repeated or reserved, or the dataset has no annotation of ``observer``.
    """
    root = _folder(root, "dataset")
    if isinstance(observer, bool) or observer not in (1, 2):
        raise InputError(f"observer must be 1 or 2, not {observer!r}")
    found = discover(root)
    root = found.root
    own = f"observer{observer}"
    other = f"observer{3 - observer}"
    if not any(own in roles for roles in found.files.values()):
        raise InputError(f"{root}: this {found.layout} dataset has no annotation of "
                         f"observer {observer}; use observer 1", source=str(root))
    ids = _case_ids(found.files)
    cases, skipped = [], {}
    for key, roles in sorted(found.files.items(), key=lambda item: ids[item[0]]):
        if own not in roles:
            skipped[ids[key]] = f"no reference of observer {observer}"
            continue
        shipped = {other: roles[other]} if other in roles else {}
        cases.append(DatasetCase(ids[key], roles.get("fundus"), roles[own], roles.get("fov"),
                                 shipped, key[0]))
    unmatched, ambiguous = _add_predictions(cases, predictions or {}, reserved={other})
    methods = sorted({method for case in cases for method in case.candidates})
    return Dataset(root, found.layout, observer, tuple(cases), tuple(methods),
                   found.unmatched + unmatched,
                   found.issues + ambiguous, skipped)


def _folder(path: PathLike, what: str) -> Path:
    folder = Path(path)
    if not folder.is_dir():
        raise InputError(f"{folder}: the {what} folder does not exist or is not a folder",
                         source=str(folder))
    return folder


def _case_ids(files: Mapping[CaseKey, object]) -> dict[CaseKey, str]:
    """The bare id of each case, or ``split/id`` when the id occurs in several splits."""
    counts: dict[str, int] = {}
    for _, case_id in files:
        counts[case_id] = counts.get(case_id, 0) + 1
    return {(split, case_id): f"{split}/{case_id}" if counts[case_id] > 1 else case_id
            for split, case_id in files}


def _add_predictions(cases: list[DatasetCase], predictions: Mapping[str, PathLike],
                     reserved: set[str]) -> tuple[tuple[FileIssue, ...], tuple[FileIssue, ...]]:
    """Match each predictions folder to the cases, adding one candidate per case."""
    unmatched: tuple[FileIssue, ...] = ()
    ambiguous: tuple[FileIssue, ...] = ()
    ids = [case.id for case in cases]
    for method, folder in predictions.items():
        if method in reserved:
            raise InputError(f"method name {method!r} is the dataset's other observer; "
                             "name the predictions differently")
        matching = match_files(image_files(_folder(folder, f"{method} predictions")), ids,
                               method)
        for index, case in enumerate(cases):
            if case.id in matching.files:
                cases[index] = dataclasses.replace(
                    case, candidates={**case.candidates, method: matching.files[case.id]})
        unmatched += matching.unmatched
        ambiguous += matching.ambiguous
    return unmatched, ambiguous
