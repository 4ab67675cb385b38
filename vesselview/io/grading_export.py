"""Export of grading files: one CSV of scores and notes, PNG masks of the region marks.

The CSV has exactly the columns ``id, method, grader, score, notes`` (one row per
scored item, several graders' files may go into one CSV) and is the input of
``vesselview-eval --grades`` (read by `vesselview.io.grades.read_grades`). Each
non-empty mark becomes ``<id>_<method>_<label>.png`` (0 / 255, the image's size).
Characters a file name cannot hold become ``-``. `export_grading` writes both into a
folder and names the file or folder that cannot be written.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from vesselview.errors import InputError
from vesselview.io.csv_cells import FormulaSafeWriter
from vesselview.io.grades import GRADES_COLUMNS
from vesselview.io.grading_files import GradingFile
from vesselview.io.output_file import atomic_output, check_output
from vesselview.io.writers import write_png

_NOT_IN_FILE_NAMES = re.compile(r'[\\/:*?"<>|\x00-\x1f]')
#: Name of the CSV `export_grading` writes; the masks go to ``marks/`` beside it.
EXPORT_CSV = "grades.csv"
EXPORT_MARKS = "marks"


def export_grading(grading: GradingFile, folder: str | os.PathLike) -> tuple[Path, list[Path]]:
    """Write `EXPORT_CSV` and the marks as PNG masks (in `EXPORT_MARKS`/) into ``folder``.

    The folder is created when missing; the CSV is checked before anything is written.

    Returns
    -------
    (Path, list of Path)
        The CSV and the mask files written.

    Raises
    ------
    InputError
        Naming the folder or file that cannot be written (read-only, a full disk...).
    """
    target = Path(folder)
    csv_path = target / EXPORT_CSV
    try:
        target.mkdir(parents=True, exist_ok=True)
        check_output(os.fspath(csv_path))
        with atomic_output(os.fspath(csv_path)) as stream:
            write_grades_csv([grading], stream)
        return csv_path, write_mark_pngs(grading, target / EXPORT_MARKS)
    except OSError as error:
        where = error.filename or target
        raise InputError(f"{where}: cannot export the grades there ({error.strerror or error}); "
                         "choose a folder you may write in", os.fspath(where)) from None


def write_grades_csv(gradings: Iterable[GradingFile], stream: TextIO) -> int:
    """Write one row per scored item of every grading, columns `GRADES_COLUMNS`.

    Parameters
    ----------
    gradings : iterable of GradingFile
        One per grader.
    stream : text stream
        Opened with ``newline=""`` when it is a file.

    Returns
    -------
    int
        The number of rows written (header excluded). Unscored items (notes or marks
        only) are left out: the grading file keeps them.
    """
    writer = FormulaSafeWriter(stream, lineterminator="\n")
    writer.writerow(GRADES_COLUMNS)
    rows = 0
    for grading in gradings:
        for key, grade in sorted(grading.grades.items()):
            if grade.score is not None:
                writer.writerow([key.id, key.method, grading.grader, grade.score, grade.notes])
                rows += 1
    return rows


def write_mark_pngs(grading: GradingFile, folder: str | os.PathLike) -> list[Path]:
    """Write every non-empty mark as ``<id>_<method>_<label>.png`` into ``folder``.

    Returns
    -------
    list of Path
        The files written, sorted by item then label (raises OSError on failure).
    """
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for key, grade in sorted(grading.grades.items()):
        for label, runs in grade.marks.items():
            if runs.any:
                path = target / mark_file_name(key.id, key.method, label)
                write_png(path, runs.decode())
                written.append(path)
    return written


def mark_file_name(id: str, method: str, label: str) -> str:
    """``<id>_<method>_<label>.png`` with path separators and the like replaced by ``-``."""
    return _NOT_IN_FILE_NAMES.sub("-", f"{id}_{method}_{label}") + ".png"
