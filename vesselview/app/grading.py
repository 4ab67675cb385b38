"""The grading store: one grader's scores, notes and region marks over a list of items.

An *item* is a case id with the method (candidate) shown for it (`ItemKey`). A
`GradingSession` presents the items in order (sorted by id and method, or shuffled
by a seed when blinded), moves between them (`vesselview.app.grading_navigation`), and
saves the grading file on every change (atomically): a crash loses at most the change
being saved. Opening the same file again resumes: scores, notes, marks, scale, blinding
and seed come back. Qt-free; the GUI's grading mode observes it."""

from __future__ import annotations

import dataclasses
import datetime
import os
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from vesselview.app.grading_navigation import GradingNavigation
from vesselview.app.grading_order import presentation_order
from vesselview.engine.flags import checked_flag
from vesselview.errors import InputError, VesselviewError
from vesselview.io import grading_sync
from vesselview.io.grading_export import export_grading
from vesselview.io.grading_files import (
    IGNORE,
    MARK_LABELS,
    SCALE_0_10,
    Grade,
    GradingFile,
    ItemKey,
    Scale,
    read_grading,
)
from vesselview.io.mask_runs import MaskRuns


class GradingSaveError(VesselviewError):
    """The grading file could not be written; the grades stay in memory."""


class GradingSession(GradingNavigation):
    """One grader grading a list of items, saved to one grading file on every change.

    Other writers of the same file (another window, a script) are merged in on each save
    (`vesselview.io.grading_sync`): no one's scores are lost.

    Parameters
    ----------
    path : str or os.PathLike
        The grading file. When it exists it is resumed: its grades are loaded and its
        scale, blinding and seed are used.
    items : iterable of ItemKey
        What to grade (duplicates dropped). Grades in the file for other items are
        kept in the file, untouched, but not presented.
    grader : str
        Who grades; must match the file's grader when the file exists.
    scale, blinded, seed : optional
        For a new file (defaults 0-10, not blinded, seed 0). Given for an existing
        file, they must match it.

    Raises
    ------
    InputError
        When the file is not a valid grading file, is read-only, or belongs to another
        grader or study (scale, blinding, seed); the message names the file and the fix.
    """

    def __init__(self, path: str | os.PathLike, items: Iterable[ItemKey], *, grader: str,
                 scale: Scale | None = None, blinded: bool | None = None,
                 seed: int | None = None) -> None:
        self.path = Path(path)
        if not grader:
            raise InputError("a grader name is needed to grade", os.fspath(path))
        grading_sync.refuse_read_only(self.path)
        #: The version of the file last read or saved here, and the items changed since.
        self._stamp = grading_sync.file_stamp(self.path)
        self._changed: set[ItemKey] = set()
        blinded = None if blinded is None else checked_flag("blinded", blinded)
        if self.path.exists():
            self._file = _resumed(read_grading(self.path), grader, scale, blinded, seed,
                                  self.path)
        else:
            self._file = GradingFile(grader, scale or SCALE_0_10, bool(blinded), seed or 0)
        unique = sorted(set(items))
        if not unique:
            raise InputError("there is nothing to grade: the list of cases is empty",
                             os.fspath(path))
        self.items: tuple[ItemKey, ...] = presentation_order(
            unique, seed=self._file.seed if self._file.blinded else None)
        self._file = self._file.keyed_to(self.items)  # a saved "1" grades the item "01"
        self.unsaved = False
        #: Index of the shown item in `items`: a resumed study starts at its first
        #: unscored item (the first item when all are scored).
        self.position = next((index for index, item in enumerate(self.items)
                              if self.grade(item).score is None), 0)

    # -- the study -------------------------------------------------------------------

    @property
    def grader(self) -> str:
        """Who grades."""
        return self._file.grader

    @property
    def scale(self) -> Scale:
        """The score scale."""
        return self._file.scale

    @property
    def blinded(self) -> bool:
        """True when metrics and method names are hidden and the order is shuffled."""
        return self._file.blinded

    @property
    def seed(self) -> int:
        """Seed of the shuffled order."""
        return self._file.seed

    @property
    def content(self) -> GradingFile:
        """Everything the grading file holds (as saved, or about to be)."""
        return self._file

    def title(self, item: ItemKey) -> str:
        """How the item is named on screen: blinded, the case id only."""
        return item.id if self.blinded else f"{item.id} · {item.method}"

    # -- reading grades --------------------------------------------------------------

    def grade(self, item: ItemKey) -> Grade:
        """The grade of ``item`` (an empty one when not graded yet)."""
        return self._file.grades.get(item, Grade())

    def marks(self, item: ItemKey, shape: tuple[int, int] | None = None
              ) -> dict[str, np.ndarray]:
        """Label -> marked pixels (bool, (H, W)) of ``item``; unmarked labels absent.

        Raises
        ------
        InputError
            When ``shape`` (the case's image size) is given and a mark has another size:
            the grading file was made on other images. It names the file and the item.
        """
        if shape is not None:
            self.check_marks(item, shape)
        return {label: runs.decode() for label, runs in self.grade(item).marks.items()}

    def check_marks(self, item: ItemKey, shape: tuple[int, int]) -> None:
        """Raise `InputError` (as `marks`) when a mark of ``item`` is not ``shape``
        (the case's image size), without decoding any mark."""
        for label, runs in self.grade(item).marks.items():
            if runs.shape != tuple(shape):
                raise InputError(
                    f"{self.path}: the {label} marks of {item.id} / {item.method} are "
                    f"{runs.shape[1]}x{runs.shape[0]} pixels but its image is "
                    f"{shape[1]}x{shape[0]}; this grading file was made on other "
                    "images (it is kept unchanged)", os.fspath(self.path))

    def ignore_mask(self, item: ItemKey, shape: tuple[int, int] | None = None
                    ) -> np.ndarray | None:
        """The pixels marked "ignore" on ``item`` (bool, (H, W)), for ``Case.ignore``; or None.

        Raises
        ------
        InputError
            As `marks`, for an ignore mark of another size than ``shape``.
        """
        return self.marks(item, shape).get(IGNORE)

    # -- changing grades (each change is saved) ----------------------------------------

    def set_score(self, item: ItemKey, score: int | None) -> None:
        """Score ``item`` (None clears the score).

        Raises
        ------
        ValueError
            When ``score`` is not an integer on the scale.
        """
        if score is not None and score not in self.scale:
            raise ValueError(f"score {score!r} is not an integer on the scale {self.scale}")
        self._store(item, dataclasses.replace(self.grade(item), score=score))

    def set_notes(self, item: ItemKey, notes: str) -> None:
        """Replace the notes of ``item``."""
        self._store(item, dataclasses.replace(self.grade(item), notes=notes))

    def set_mark(self, item: ItemKey, label: str, mask: np.ndarray | None) -> None:
        """Replace the ``label`` marks of ``item`` by ``mask`` (bool (H, W); None or empty clears).

        Raises
        ------
        ValueError
            For a label not in `MARK_LABELS`.
        """
        if label not in MARK_LABELS:
            raise ValueError(f"unknown mark label {label!r}; labels are {list(MARK_LABELS)}")
        marks = dict(self.grade(item).marks)
        runs = MaskRuns.encode(mask) if mask is not None else None
        if runs is not None and runs.any:
            marks[label] = runs
        else:
            marks.pop(label, None)
        ordered = {name: marks[name] for name in MARK_LABELS if name in marks}
        self._store(item, dataclasses.replace(self.grade(item), marks=ordered))

    def save(self) -> None:
        """Write the grading file now (after a failed save; changes save themselves).

        Grades another writer saved meanwhile are merged in (and then shown here).

        Raises
        ------
        GradingSaveError
            Naming the file and the reason; the grades stay in memory and `unsaved`.
        """
        try:
            self._file, self._stamp = grading_sync.save_shared(
                self._file, self.path, self._changed, self._stamp)
        except InputError as error:
            self.unsaved = True
            raise GradingSaveError(f"{error}; the grades are kept and saved again with the "
                                   "next change") from None
        self._changed.clear()
        self.unsaved = False

    def export(self, folder: str | os.PathLike,
               shape_of: Callable[[ItemKey], tuple[int, int]] | None = None
               ) -> tuple[Path, list[Path]]:
        """Write the grades CSV and the marks' PNG masks into ``folder``; returns the CSV
        and the masks written, raises InputError naming what cannot be written
        (`vesselview.io.grading_export.export_grading`). With ``shape_of`` (an item's
        image size), every mark is first checked to be its case's size (`check_marks`):
        nothing is written for a file whose marks declare another size."""
        if shape_of is not None:
            for item, grade in self._file.grades.items():
                if grade.marks:
                    self.check_marks(item, shape_of(item))
        return export_grading(self._file, folder)

    def _store(self, item: ItemKey, grade: Grade) -> None:
        """Make ``grade`` the grade of ``item``, stamped with the time, and save."""
        updated = dataclasses.replace(grade, updated=_now())
        grades = dict(self._file.grades)
        if updated.empty:
            grades.pop(item, None)
        else:
            grades[item] = updated
        self._file = dataclasses.replace(self._file, grades=grades)
        self._changed.add(item)
        self.save()


def _resumed(saved: GradingFile, grader: str, scale: Scale | None, blinded: bool | None,
             seed: int | None, path: Path) -> GradingFile:
    """``saved``, after checking that the caller asks for the same study."""
    difference = grading_sync.study_difference(
        saved, {"grader": grader, "scale": scale, "blinded": blinded, "seed": seed})
    if difference:
        raise InputError(f"{path}: this grading file has {difference}; open it with the "
                         "same to resume, or choose another file for a new study",
                         os.fspath(path))
    return saved


def _now() -> str:
    """The current time as ISO 8601 UTC to the second."""
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
