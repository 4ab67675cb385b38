"""`DatasetCase`: one case of a dataset, its files not yet read, and how it is read.

The field of view of a case (`DatasetCase.fov_input`, the one rule for every path: API,
CLI, case browser): its FOV file; in a dataset that ships none (STARE, CHASE_DB1, FIVES)
an estimate from the photograph (the whole image without one). In a dataset that ships
an FOV mask per case (DRIVE, HRF, IOSTAR, a generic ``mask/`` folder) a case whose FOV
file is missing cannot be evaluated (`DatasetCase.fov_problem`), and an unreadable one
is the loader's error, unless the dataset was opened with ``estimate_fov=True``: then
those FOVs are estimated from the photograph, and the case's ``warnings`` say so.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from pathlib import Path

from vesselview.engine.case import Case
from vesselview.engine.observers import FIRST_OBSERVER
from vesselview.errors import InputError
from vesselview.io.dataset.fov_rule import ESTIMATE_FOV_ARGUMENT
from vesselview.io.loader import AUTO_FOV, load_case, load_case_estimating_fov
from vesselview.io.spacing import Spacing

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
    fov_shipped : str
        The dataset's name (``"the dataset"`` for the generic rule) when it ships an FOV
        mask for every case (then a missing one is an error unless `estimate_fov`),
        ``""`` when it ships none.
    fov_expected : Path or None
        Where a missing FOV mask was expected: another case's FOV file named for this
        case (None when the FOV is there, or no other case has one).
    estimate_fov : bool
        Estimate the FOV from the photograph where the shipped FOV file is missing or
        unreadable (``open_dataset(..., estimate_fov=True)``, CLI ``--fov estimate``).
    observer : str
        The observer whose file `reference` is (``"observer1"``, ``"observer2"``).
    references : Mapping[str, Path]
        The other observers' reference files of this case by observer name, as the
        dataset ships them (DRIVE's test set, STARE, CHASE_DB1: the second observer).
        Loaded into `Case.references`.
    spacing : Spacing or None
        How the case's pixel spacing is known (given for the dataset, or derived from
        its layout's field angle); None: unknown.
    classes : str or None
        How label-map references and candidates are read (`load_case`'s ``classes``:
        ``"av"`` or a mapping file's path); None for vessel masks.
    """

    id: str
    fundus: Path | None
    reference: Path
    fov: Path | None
    candidates: Mapping[str, Path]
    split: str = ""
    fov_shipped: str = ""
    fov_expected: Path | None = None
    estimate_fov: bool = False
    observer: str = FIRST_OBSERVER
    references: Mapping[str, Path] = dataclasses.field(default_factory=dict)
    spacing: Spacing | None = None
    classes: str | None = None

    @property
    def fov_input(self) -> Path | str | None:
        """The ``fov`` `load_case` gets: the FOV file, else ``"auto"`` (estimated from the
        photograph) when there is one, else None (the whole image)."""
        if self.fov is not None:
            return self.fov
        return AUTO_FOV if self.fundus is not None else None

    @property
    def fov_problem(self) -> str | None:
        """Why this case cannot be evaluated as its dataset ships it (its FOV mask is
        missing and no estimate was asked for, or none is possible); None when it can."""
        if self.fov is not None or not self.fov_shipped:
            return None
        if self.estimate_fov and self.fundus is not None:
            return None
        if self.estimate_fov:
            return ("its field-of-view mask is missing and it has no fundus photograph to "
                    "estimate one from; restore the FOV mask file, or add the photograph")
        mask = "mask" if self.fov_expected is None else f"mask {self.fov_expected}"
        return (f"its field-of-view {mask} is missing, though {self.fov_shipped} "
                "ships one for every case; restore the file, or estimate it from the fundus "
                f"photograph with --fov estimate (API: {ESTIMATE_FOV_ARGUMENT})")

    def load(self, method: str, *, threshold: float | None = None,
             invert_candidate: bool = False) -> Case:
        """Read this case with the candidate of ``method`` (see `load_case`), its field
        of view as `fov_input` says, every observer's reference (`Case.references`;
        `Case.reference` is `observer`'s) and its `spacing`.

        Parameters
        ----------
        method : str
            A key of `candidates`.
        threshold : float, optional
            Probability threshold, fraction of full scale in [0, 1]; `load_case`'s
            default when None.
        invert_candidate : bool
            True when the candidate draws vessels dark.

        Raises
        ------
        InputError
            For an unknown method, a `fov_problem`, or any file `load_case` refuses (an
            unreadable FOV file only without `estimate_fov`).
        TypeError
            When ``invert_candidate`` is not a bool (`load_case`).
        """
        if method not in self.candidates:
            known = ", ".join(sorted(self.candidates)) or "none"
            raise InputError(f"case {self.id}: has no candidate of method {method!r} "
                             f"(it has: {known})", source=str(self.reference))
        problem = self.fov_problem
        if problem is not None:
            raise InputError(f"case {self.id}: {problem}", source=str(self.reference))
        load = load_case_estimating_fov if self.estimate_fov and self.fov is not None \
            and self.fundus is not None else load_case
        case = load(self.reference, self.candidates[method], fov=self.fov_input,
                    fundus=self.fundus, threshold=threshold,
                    invert_candidate=invert_candidate, references=dict(self.references),
                    observer=self.observer, classes=self.classes)
        return case if self.spacing is None else self.spacing.applied(case)
