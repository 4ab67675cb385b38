"""Grading files: one grader's scores, notes and region marks, as JSON (``docs/grading.md``).

One file per grader::

    {"format": "vesselview-grading", "format_version": 1, "vesselview": "0.3.0",
     "grader": "alice", "scale": {"low": 0, "high": 10}, "blinded": true, "seed": 7,
     "grades": [{"id": "01", "method": "unet", "score": 7, "notes": "...",
                 "marks": {"ignore": {"shape": [584, 565], "counts": [...]}},
                 "updated": "2026-11-23T23:40:12Z"}, ...]}

Marks are run-length encoded (`vesselview.io.mask_runs`). Files are replaced
atomically (`vesselview.io.output_file`), so a crash while saving leaves the previous
version. Reading checks everything and names the file and the entry at fault.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from vesselview._version import __version__
from vesselview.engine.case_ids import id_key
from vesselview.errors import InputError
from vesselview.io.json_file import escape_surrogates, read_json
from vesselview.io.mask_runs import MaskRuns
from vesselview.io.output_file import atomic_output

FORMAT = "vesselview-grading"
FORMAT_VERSION = 1
#: Region-mark labels, in the order the GUI offers them.
MARK_LABELS: tuple[str, ...] = (
    "missed_vessel", "false_vessel", "broken_connection", "wrong_width", "ignore",
)
#: The label whose marks exclude pixels from every metric (``Case.ignore``).
IGNORE = "ignore"


class ItemKey(NamedTuple):
    """What one grade is about: a case id and the method (candidate) shown for it."""

    id: str
    method: str


def _is_int(value: object) -> bool:
    """True for an int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclasses.dataclass(frozen=True)
class Scale:
    """An integer score scale ``low..high`` (both included)."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (_is_int(self.low) and _is_int(self.high) and self.low < self.high):
            raise ValueError(f"a scale needs integers low < high, got {self.low!r}-{self.high!r}")

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __contains__(self, score: object) -> bool:
        return _is_int(score) and self.low <= score <= self.high  # type: ignore[operator]


#: The CAL study's scale (Gegundez-Arias et al. 2012), the default.
SCALE_0_10 = Scale(0, 10)
#: A five-point scale.
SCALE_1_5 = Scale(1, 5)


@dataclasses.dataclass(frozen=True)
class Grade:
    """One grader's judgement of one item.

    Attributes
    ----------
    score : int or None
        On the file's scale; None while not scored.
    notes : str
        Free text.
    marks : Mapping[str, MaskRuns]
        Label (one of `MARK_LABELS`) -> marked pixels; labels without pixels absent.
    updated : str
        When it last changed, ISO 8601 UTC (``"2026-11-23T23:40:12Z"``); "" if never.
    """

    score: int | None = None
    notes: str = ""
    marks: Mapping[str, MaskRuns] = dataclasses.field(default_factory=dict)
    updated: str = ""

    @property
    def empty(self) -> bool:
        """True when there is nothing to keep (no score, notes or marks)."""
        return self.score is None and not self.notes and not self.marks


@dataclasses.dataclass(frozen=True)
class GradingFile:
    """The content of one grading file.

    Attributes
    ----------
    grader : str
        Who graded (non-empty).
    scale : Scale
    blinded : bool
        Whether the study hides metrics and method names and shuffles the order.
    seed : int
        Seed of the shuffled order (used when blinded).
    grades : Mapping[ItemKey, Grade]
        Non-empty grades only.
    """

    grader: str
    scale: Scale = SCALE_0_10
    blinded: bool = False
    seed: int = 0
    grades: Mapping[ItemKey, Grade] = dataclasses.field(default_factory=dict)

    def keyed_to(self, items: Iterable[ItemKey]) -> GradingFile:
        """These grades with each key spelt as the item it names by the case id rule
        (a grade of ``1`` is the item ``01``'s); grades of no item are kept as they are.
        """
        by_key = {(id_key(item.id), item.method): item for item in items}
        return dataclasses.replace(self, grades={
            by_key.get((id_key(key.id), key.method), key): grade
            for key, grade in self.grades.items()})


def write_grading(grading: GradingFile, path: str | os.PathLike) -> None:
    """Save ``grading`` to ``path`` atomically.

    Raises
    ------
    InputError
        Naming ``path`` when it cannot be written; the previous file is then unchanged.
    """
    with atomic_output(os.fspath(path)) as stream:
        stream.write(grading_json(grading))


def grading_json(grading: GradingFile) -> str:
    """The JSON text of a grading file: one line per grade, sorted by id, then method.

    One compact line per grade keeps the file readable and lets the C encoder write it:
    an indented dump of long run lists is pure Python and ~15 times slower (it runs on
    every change). Text stays readable (not ``\\u``-escaped), except the lone
    surrogates of ids from file names that are not UTF-8 (`escape_surrogates`).
    """
    header = json.dumps({
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "vesselview": __version__,
        "grader": grading.grader,
        "scale": {"low": grading.scale.low, "high": grading.scale.high},
        "blinded": grading.blinded,
        "seed": grading.seed,
    }, indent=1, ensure_ascii=False)
    grades = ",\n".join(json.dumps(_grade_json(key, grade), ensure_ascii=False)
                        for key, grade in sorted(grading.grades.items()) if not grade.empty)
    body = f"[\n{grades}\n]" if grades else "[]"
    without_closing_brace = header.rstrip().removesuffix("}").rstrip()
    return escape_surrogates(f'{without_closing_brace},\n "grades": {body}\n}}\n')


def read_grading(path: str | os.PathLike) -> GradingFile:
    """Read a grading file written by `write_grading` (or by hand).

    Raises
    ------
    InputError
        When the file cannot be read or is not a valid grading file; the message
        names the file, the entry at fault and what to do.
    """
    source = os.fspath(path)
    document = read_json(source, "grading file", "The grading file is damaged or not a "
                         "vesselview grading file; choose another file or fix it")
    try:
        return _grading(document)
    except (ValueError, TypeError, KeyError) as error:
        raise InputError(f"{source}: not a valid vesselview grading file: {error}; choose "
                         "another file or fix that entry", source) from None


def _grade_json(key: ItemKey, grade: Grade) -> dict[str, Any]:
    return {
        "id": key.id,
        "method": key.method,
        "score": grade.score,
        "notes": grade.notes,
        "marks": {label: runs.to_json() for label, runs in grade.marks.items()},
        "updated": grade.updated,
    }


def _grading(document: Any) -> GradingFile:
    """Validate a parsed grading document."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError(f"'format' is not {FORMAT!r}")
    if document.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"unsupported format_version {document.get('format_version')!r} "
                         f"(this vesselview reads {FORMAT_VERSION})")
    grader = _typed(document, "grader", str)
    if not grader:
        raise ValueError("'grader' is empty")
    scale_entry = _typed(document, "scale", dict)
    scale = Scale(scale_entry.get("low"), scale_entry.get("high"))
    grades: dict[ItemKey, Grade] = {}
    seen: dict[tuple[str, str], ItemKey] = {}  # by the case id rule: 1 = 01
    for index, entry in enumerate(_typed(document, "grades", list)):
        try:
            key, grade = _grade(entry, scale)
        except (ValueError, TypeError, KeyError) as error:
            raise ValueError(f"grades[{index}]: {error}") from None
        first = seen.setdefault((id_key(key.id), key.method), key)
        if first is not key:
            spelt = "" if first.id == key.id else f" (as {first.id!r}, the same number)"
            raise ValueError(f"grades[{index}]: id {key.id!r} with method {key.method!r} "
                             f"appears twice{spelt}")
        grades[key] = grade
    return GradingFile(grader, scale, _typed(document, "blinded", bool),
                       _typed(document, "seed", int), grades)


def _grade(entry: Any, scale: Scale) -> tuple[ItemKey, Grade]:
    if not isinstance(entry, dict):
        raise TypeError("a grade must be a JSON object")
    key = ItemKey(_typed(entry, "id", str), _typed(entry, "method", str))
    score = entry.get("score")
    if score is not None and score not in scale:
        raise ValueError(f"score {score!r} is not an integer on the scale {scale}")
    marks = _typed(entry, "marks", dict)
    unknown = sorted(set(marks) - set(MARK_LABELS))
    if unknown:
        raise ValueError(f"unknown mark label(s) {unknown}; labels are {list(MARK_LABELS)}")
    return key, Grade(score, _typed(entry, "notes", str),
                      {label: MaskRuns.from_json(marks[label]) for label in MARK_LABELS
                       if label in marks},
                      _typed(entry, "updated", str))


def _typed(entry: Mapping[str, Any], name: str, kind: type) -> Any:
    """``entry[name]``, checked to be of ``kind`` (bool is not an int here)."""
    if name not in entry:
        raise ValueError(f"'{name}' is missing")
    value = entry[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"'{name}' must be {kind.__name__}, not {type(value).__name__}")
    return value
