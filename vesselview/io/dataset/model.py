"""`open_dataset`: a whole dataset folder (plus folders of predictions) as cases.

A `Dataset` lists its cases, each with the photograph, the reference of the chosen
observer (and the other observers' files, loaded into `Case.references`), the FOV mask
and the candidates: one file per method from the predictions
folders, plus the dataset's other observer (``observer2`` when observer 1 is the
reference, ``observer1`` when observer 2 is, `other_observer`), the usual human baseline:
listed in `Dataset.baselines`, never ranked among the methods. Nothing is read until
`DatasetCase.load` (`vesselview.io.dataset.dataset_case`).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from pathlib import Path

from vesselview.engine.case_ids import same_id
from vesselview.engine.flags import checked_flag
from vesselview.errors import InputError
from vesselview.io.dataset.dataset_case import DatasetCase, PathLike
from vesselview.io.dataset.discover import CaseKey, discover
from vesselview.io.dataset.fov_rule import (
    expected_fov,
    fov_notes,
    shipped_fov,
)
from vesselview.io.dataset.layouts import LAYOUTS, layout_classes
from vesselview.io.dataset.matching import FileIssue, image_files, match_files
from vesselview.io.spacing import Spacing


@dataclasses.dataclass(frozen=True)
class Dataset:
    """A dataset folder read as cases.

    Attributes
    ----------
    root : Path
        The dataset folder (the parent of a role folder given).
    layout : str
        Recognised layout: ``"DRIVE"``, ``"STARE"``, ``"CHASE_DB1"``, ``"HRF"``,
        ``"FIVES"``, ``"IOSTAR"``, ``"RITE"``, ``"HRF-AV"``, ``"LES-AV"`` or
        ``"generic"``.
    observer : int
        Whose annotation is the reference (1 or 2).
    cases : tuple of DatasetCase
        Cases with a reference of that observer, sorted by id.
    methods : tuple of str
        Every method name found in some case's candidates: the predictions' names
        sorted, then the other observer's (`other_observer`) when shipped.
    unmatched : tuple of FileIssue
        Prediction files whose name fits no case, and (generic rule) dataset files named
        unlike the rest of their folder that fit no case.
    ambiguous : tuple of FileIssue
        Files left out because they fit several cases or share a case with another file.
    skipped : Mapping[str, str]
        Case id -> why it is not among `cases` (e.g. no second-observer reference).
    estimate_fov : bool
        Whether FOV masks missing or unreadable are estimated from the photographs.
    classes : str or None
        How label-map references and candidates are read (`load_case`'s ``classes``):
        the one asked for, else the layout's (``"av"`` for RITE, HRF-AV, LES-AV); None
        for vessel masks.
    """

    root: Path
    layout: str
    observer: int
    cases: tuple[DatasetCase, ...]
    methods: tuple[str, ...]
    unmatched: tuple[FileIssue, ...] = ()
    ambiguous: tuple[FileIssue, ...] = ()
    skipped: Mapping[str, str] = dataclasses.field(default_factory=dict)
    estimate_fov: bool = False
    classes: str | None = None

    def notes(self) -> list[str]:
        """What the user should hear about how the cases were found, one line each: files
        left out (unmatched, ambiguous), cases skipped, cases whose FOV is missing."""
        notes = [f"{issue.method}: {issue.path} left out: {issue.reason}"
                 for issue in (*self.unmatched, *self.ambiguous)]
        notes += [f"{self.root}: case {case_id} left out: {reason}"
                  for case_id, reason in self.skipped.items()]
        return notes + fov_notes(self.cases)

    @property
    def baselines(self) -> tuple[str, ...]:
        """The human baselines among `methods`: the other observer's tracing, when shipped
        (reported beside the methods, never ranked among them)."""
        other = other_observer(self.observer)
        return (other,) if other in self.methods else ()

    def case(self, case_id: str) -> DatasetCase:
        """The case of that id: spelt so, else the one case it names by the case id rule
        (``case("1")`` is case ``01``).

        Raises
        ------
        InputError
            When there is none.
        """
        found = [case for case in self.cases if case.id == case_id] or [
            case for case in self.cases if same_id(case.id, case_id)]
        if len(found) == 1:
            return found[0]
        problem = (f"has no case {case_id!r}; check the case id" if not found else
                   f"cases {' and '.join(repr(case.id) for case in found)} are both number "
                   f"{case_id!r}; give one of them exactly")
        raise InputError(f"{self.root}: {problem}", source=str(self.root))


def open_dataset(root: PathLike, predictions: Mapping[str, PathLike] | None = None,
                 observer: int = 1, *, estimate_fov: bool = False,
                 spacing_um: float | None = None,
                 classes: str | os.PathLike | None = None) -> Dataset:
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
    estimate_fov : bool
        In a dataset that ships FOV masks (DRIVE, HRF, IOSTAR, a generic ``mask/``
        folder), estimate a case's FOV from its photograph when its mask file is missing
        or unreadable (recorded in ``Case.sources["fov"]`` and ``Case.warnings``).
        False (default): such a case fails to load, naming the file. Datasets that ship
        no FOV masks always estimate it (the whole image without a photograph).
    spacing_um : float, optional
        The pixel spacing of every case in µm per pixel (source ``"given"``). None
        (default): derived per case from the layout's field angle and the case's FOV
        diameter where the layout gives one (`dataset_spacing`), else unknown.
    classes : str, os.PathLike or None
        Read references and candidates that are label maps by this encoding (``"av"``
        or a JSON mapping file, see `load_case`); None: by the layout's (``"av"`` for
        the A/V datasets), vessel masks otherwise. Given, it also chooses an A/V
        dataset found in the folder of its base (HRF-AV in HRF) over the base.

    Returns
    -------
    Dataset

    Raises
    ------
    InputError
        When ``root`` or a predictions folder is not a folder, no case is found, a method
        name is repeated or reserved, the dataset has no annotation of ``observer``, or
        ``spacing_um`` is not a finite number > 0.
    TypeError
        When ``estimate_fov`` is not a bool.
    """
    root = _folder(root, "dataset")
    if isinstance(observer, bool) or observer not in (1, 2):
        raise InputError(f"observer must be 1 or 2, not {observer!r}")
    estimate_fov = checked_flag("estimate_fov", estimate_fov)
    given = None if spacing_um is None else Spacing(spacing_um, "given")
    found = discover(root, classes=classes is not None)
    root = found.root
    spacing = given or dataset_spacing(found.layout)
    encoding = layout_classes(found.layout) if classes is None else os.fspath(classes)
    own, other = f"observer{observer}", other_observer(observer)
    if not any(own in roles for roles in found.files.values()):
        raise InputError(f"{root}: this {found.layout} dataset has no annotation of "
                         f"observer {observer}; use observer 1", source=str(root))
    ids = _case_ids(found.files)
    fov_shipped = shipped_fov(found.layout, found.files)
    cases, skipped = [], {}
    for key, roles in sorted(found.files.items(), key=lambda item: ids[item[0]]):
        if own not in roles:
            skipped[ids[key]] = f"no reference of observer {observer}"
            continue
        shipped = {other: roles[other]} if other in roles else {}
        expected = expected_fov(key, found.files) if fov_shipped else None
        observers = {role: path for role, path in roles.items()
                     if role.startswith("observer") and role != own}
        cases.append(DatasetCase(ids[key], roles.get("fundus"), roles[own], roles.get("fov"),
                                 shipped, key[0], fov_shipped, expected, estimate_fov,
                                 own, observers, spacing, encoding))
    unmatched, ambiguous = _add_predictions(cases, predictions or {}, reserved={other})
    found_methods = {method for case in cases for method in case.candidates}
    methods = [*sorted(found_methods - {other}), *sorted(found_methods & {other})]
    return Dataset(root, found.layout, observer, tuple(cases), tuple(methods),
                   found.unmatched + unmatched,
                   found.issues + ambiguous, skipped, estimate_fov, encoding)


def dataset_spacing(layout: str) -> Spacing | None:
    """How the spacing of a case of ``layout`` is derived: from the layout's field angle
    (`Layout.fov_degrees`, source ``fov_degrees:<layout>``); None when it has none."""
    degrees = next((known.fov_degrees for known in LAYOUTS if known.name == layout), None)
    return None if degrees is None else Spacing.field_angle(degrees, layout)


def other_observer(observer: int) -> str:
    """The method name of the other observer's tracing when ``observer``'s (1 or 2) is the
    reference: a human baseline, not a method.

    Examples
    --------
    >>> other_observer(1), other_observer(2)
    ('observer2', 'observer1')
    """
    return f"observer{3 - observer}"


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
