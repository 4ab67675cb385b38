"""Read graders' scores: the grading export CSV (``id, method, grader, score, notes``).

One row per grader and subject (a case id and a method; the method cell may be empty
when a single set of segmentations was graded). Everything is checked before any
statistics run, and an error names the file, the line and the column: missing or
unknown columns, an empty id, grader or score, a score that is not a finite number,
and a grader scoring the same subject twice. Ids follow the case id rule
(`vesselview.engine.case_ids`): ``1`` and ``01`` are the same case, in the file and when
the grades are matched to a run's pairs (`unmatched_grades`). Text cells the export
quoted against formula injection (``'=...``, `vesselview.io.csv_cells`) read back as
they were written.
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Iterable, Sequence

from vesselview.errors import InputError
from vesselview.io.csv_cells import restored
from vesselview.research.grading_agreement import GraderScore, Subject, subject_key

#: A grade with the line of the file it was read from.
GradeRow = tuple[int, GraderScore]

#: Columns of the grades CSV, in order (the grading export's).
GRADES_COLUMNS: tuple[str, ...] = ("id", "method", "grader", "score", "notes")
_REQUIRED = ("id", "grader", "score")
#: A score as people write it: optional sign, digits with an optional decimal point and
#: exponent; not Python's other spellings (``1_0``, ``inf``, ``nan``).
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def read_grades(path: str) -> list[GraderScore]:
    """Read and check a grades CSV (`read_grade_rows` without the line numbers)."""
    return [grade for _, grade in read_grade_rows(path)]


def read_grade_rows(path: str) -> list[GradeRow]:
    """Read and check a grades CSV.

    Parameters
    ----------
    path : str
        UTF-8 CSV (a byte-order mark is allowed) with the header `GRADES_COLUMNS`.

    Returns
    -------
    list of (int, GraderScore)
        Each grade with its line in the file, in file order.

    Raises
    ------
    InputError
        Naming the file, line and column of the first problem.
    """
    try:
        with open(path, newline="", encoding="utf-8-sig") as stream:
            reader = csv.reader(stream)
            header = [name.strip() for name in next(reader, [])]
            _check_header(path, header)
            rows = [(reader.line_num, row) for row in reader if any(c.strip() for c in row)]
            grades = [(line, _grade(path, line, header, row)) for line, row in rows]
    except FileNotFoundError:
        raise InputError(f"{path}: grades file not found; check the path", source=path) from None
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise InputError(f"{path}: The grades file cannot be read; check that it is the "
                         "CSV the grading window exported, and that you may read it",
                         source=path, details=str(error)) from None
    if not grades:
        raise InputError(f"{path}: the grades file has no rows; export the grades "
                         "again from the grading window", source=path)
    _check_unique(path, grades)
    return grades


def unmatched_grades(path: str, rows: Sequence[GradeRow],
                     subjects: Iterable[Subject]) -> list[str]:
    """One message per graded row whose (id, method) is none of ``subjects``.

    Parameters
    ----------
    path : str
        The grades file, for the messages.
    rows : sequence of (int, GraderScore)
        From `read_grade_rows`.
    subjects : iterable of (case id, method)
        What the run evaluates; ids are matched by the case id rule (``1`` = ``01``).

    Returns
    -------
    list of str
        ``"grades.csv line 5: id '7', method 'unet' matches no pair of this run (...)"``,
        in file order; empty when every row matches.
    """
    known = list(dict.fromkeys(subjects))
    keys = {subject_key(subject) for subject in known}
    ids = ", ".join(list(dict.fromkeys(case_id for case_id, _ in known))[:3]) or "none"
    methods = ", ".join(repr(m) for m in dict.fromkeys(m for _, m in known)) or "none"
    return [f"{path} line {line}: id {grade.id!r}, method {grade.method!r} matches no pair "
            f"of this run (its ids look like {ids}; its methods are {methods})"
            for line, grade in rows if subject_key((grade.id, grade.method)) not in keys]


def _check_header(path: str, header: list[str]) -> None:
    """Require exactly the grading export's columns, in any order."""
    missing = [name for name in GRADES_COLUMNS if name not in header]
    unknown = [name for name in header if name not in GRADES_COLUMNS]
    if missing or unknown or len(set(header)) != len(header):
        problem = (f"missing column {', '.join(missing)}" if missing else
                   f"unknown column {', '.join(map(repr, unknown))}" if unknown else
                   "a column appears twice")
        raise InputError(f"{path} line 1: {problem}; the header of a grades file is "
                         f"{', '.join(GRADES_COLUMNS)} (the grading export)", source=path)


def _grade(path: str, line: int, header: list[str], cells: list[str]) -> GraderScore:
    """One checked `GraderScore` from the cells of one row."""
    if len(cells) != len(header):
        raise InputError(f"{path} line {line}: {len(cells)} cells for {len(header)} "
                         "columns (quote a cell that contains a comma)", source=path)
    # the export quoted text a spreadsheet would run (`vesselview.io.csv_cells`)
    row = {column: restored(cell.strip()) for column, cell in zip(header, cells, strict=True)}
    for column in _REQUIRED:
        if not row[column]:
            raise InputError(f"{path} line {line}, column {column}: the cell is empty; "
                             "fill it in or delete the row",
                             source=path)
    score = float(row["score"]) if _NUMBER.fullmatch(row["score"]) else math.nan
    if not math.isfinite(score):
        raise InputError(f"{path} line {line}, column score: {row['score']!r} is not a "
                         "finite number; write the score as a number", source=path)
    return GraderScore(row["id"], row["method"], row["grader"], score, row["notes"])


def _check_unique(path: str, grades: list[tuple[int, GraderScore]]) -> None:
    """A grader scores each subject once (``1`` and ``01`` are one case)."""
    seen: dict[tuple[Subject, str], GradeRow] = {}
    for line, grade in grades:
        key = (subject_key((grade.id, grade.method)), grade.grader)
        if key in seen:
            first_line, first = seen[key]
            spelt = "" if first.id == grade.id else f" (as {first.id!r}, the same number)"
            raise InputError(f"{path} line {line}: grader {grade.grader!r} already scored id "
                             f"{grade.id!r} method {grade.method!r} on line {first_line}"
                             f"{spelt}; keep one of the two rows", source=path)
        seen[key] = (line, grade)
