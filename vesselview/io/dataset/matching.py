"""Match files to case ids by name, reporting what does not match or matches twice.

The rule (also for predictions folders): a file belongs to case ``X`` when its stem
(the name without ``.gz`` and without its last extension) is ``X`` or starts with
``X`` followed by a separator (``_``, ``-``, ``.`` or a space), comparing without
regard to letter case and by the case id rule (`vesselview.engine.case_ids`: a number's
zero padding does not matter). So ``01_test-Soares.png``, ``01_Chaud_hard.jpg``,
``01.png``, ``1.png`` and ``01_test.png`` all belong to DRIVE case ``01``, and
``010.png`` does not.

A case id ``split/id`` (an id found in two splits) is also fitted by its bare ``id``,
which then fits both cases. Nothing is guessed: a file whose stem fits several cases
(and equals none of them) is ambiguous, and so are all files that fit the same case;
both are reported and left out. Files that fit no case are reported as unmatched.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from vesselview.engine.case_ids import id_key
from vesselview.errors import InputError

SEPARATORS = "_-. "

#: Extensions of files the loader can read (``.gz`` of any of them too).
IMAGE_SUFFIXES = frozenset({
    ".png", ".gif", ".tif", ".tiff", ".ppm", ".pgm", ".pbm", ".pnm", ".jpg", ".jpeg",
    ".bmp", ".npy",
})


@dataclasses.dataclass(frozen=True)
class FileIssue:
    """A file left out of a dataset, and why.

    Attributes
    ----------
    method : str
        The predictions' method name, or the dataset role (e.g. ``"fundus"``).
    path : Path
        The file.
    reason : str
        What is wrong, in words, e.g. ``"fits cases 01 and 01_h"``.
    """

    method: str
    path: Path
    reason: str

    def __str__(self) -> str:
        return f"{self.path}: {self.reason} ({self.method})"


@dataclasses.dataclass(frozen=True)
class Matching:
    """Result of `match_files`: one file per matched case id, and the rest."""

    files: dict[str, Path]
    unmatched: tuple[FileIssue, ...]
    ambiguous: tuple[FileIssue, ...]


def image_stem(path: Path) -> str:
    """The file name without ``.gz`` and without its last extension."""
    name = path.name
    if name.lower().endswith(".gz"):
        name = name[:-3]
    stem, _ = os.path.splitext(name)
    return stem


def is_image_file(path: Path) -> bool:
    """True for a non-hidden file name with an image extension (optionally ``.gz``)."""
    name = path.name.lower()
    if name.startswith("."):
        return False
    return os.path.splitext(name.removesuffix(".gz"))[1] in IMAGE_SUFFIXES


def image_files(folder: Path) -> list[Path]:
    """The entries directly in ``folder`` named like image files, sorted by name.

    Whatever they are: a folder, a named pipe or a broken or looping symbolic link named
    like an image is kept, so that reading it names it and says what is wrong, rather
    than its case quietly having no file.

    Raises
    ------
    InputError
        When the folder cannot be listed.
    """
    try:
        entries = list(folder.iterdir())
    except OSError as error:
        raise InputError(f"{folder}: cannot be listed ({error.strerror}); check the folder "
                         "and its permissions", source=str(folder)) from None
    return sorted(entry for entry in entries if is_image_file(entry))


def _match_key(name: str) -> str:
    """How a case id or a file name's prefix is compared: `id_key`, case-folded."""
    return id_key(name).casefold()


def _ids_by_key(case_ids: Sequence[str]) -> dict[str, list[str]]:
    """Case ids by their `_match_key`, and by that of the bare id of a ``split/id``."""
    ids_by_key: dict[str, list[str]] = {}
    for case_id in case_ids:
        ids_by_key.setdefault(_match_key(case_id), []).append(case_id)
        if "/" in case_id:
            ids_by_key.setdefault(_match_key(case_id.rsplit("/", 1)[1]), []).append(case_id)
    return ids_by_key


def _fitting_ids(stem: str, ids_by_key: dict[str, list[str]]) -> list[str]:
    """Case ids the stem fits: itself if it is one, else its prefixes ending before a
    separator (a dictionary lookup per prefix, not a scan of every id)."""
    key = _match_key(stem)
    if key in ids_by_key:
        return ids_by_key[key]
    return [case_id for end, char in enumerate(stem)
            if char in SEPARATORS for case_id in ids_by_key.get(_match_key(stem[:end]), ())]


def _no_fit_reason(case_ids: Sequence[str]) -> str:
    """Why a file fits no case, with an example of the names that would."""
    if not case_ids:
        return "its name fits no case id (the dataset has no cases)"
    example = sorted(case_ids)[0].rsplit("/", 1)[-1]
    return (f"its name fits no case id (case ids look like {example}; a file's name must "
            "be a case id or start with one and a separator)")


def match_files(files: Iterable[Path], case_ids: Sequence[str], method: str) -> Matching:
    """Give each case at most one of ``files`` by the rule of this module.

    Parameters
    ----------
    files : iterable of Path
        Candidate files, e.g. the images of a predictions folder.
    case_ids : sequence of str
        The dataset's case ids.
    method : str
        Name used in the reported issues.

    Returns
    -------
    Matching
    """
    ids_by_key = _ids_by_key(case_ids)
    no_fit = _no_fit_reason(case_ids)
    by_case: dict[str, list[Path]] = {}
    unmatched, ambiguous = [], []
    for path in files:
        fitting = _fitting_ids(image_stem(path), ids_by_key)
        if not fitting:
            unmatched.append(FileIssue(method, path, no_fit))
        elif len(fitting) > 1:
            ambiguous.append(FileIssue(method, path, "its name fits cases "
                                       + " and ".join(sorted(fitting))))
        else:
            by_case.setdefault(fitting[0], []).append(path)
    matched = {}
    for case_id, paths in by_case.items():
        if len(paths) == 1:
            matched[case_id] = paths[0]
            continue
        names = ", ".join(path.name for path in paths)
        ambiguous.extend(FileIssue(method, path, f"case {case_id} has several files: {names}")
                         for path in paths)
    return Matching(matched, tuple(unmatched), tuple(ambiguous))
