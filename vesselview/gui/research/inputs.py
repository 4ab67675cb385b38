"""What users type or pick for the research tools, parsed and checked (no Qt).

The default text of a sweep (its grammar is `vesselview.engine.sweep`), an expected
order typed as one rank per candidate, a CSV of human scores, the names of candidate
files and a set of cases from a manifest. Every problem raises `ParamsError` (typed
text) or `InputError` (files) with a message that says what is wrong, so the GUI can
show it and keep what it had.
"""

from __future__ import annotations

import csv
import math
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from vesselview.engine.case import Case
from vesselview.engine.params import PARAM_SPECS
from vesselview.engine.pipeline import ProgressCallback, StopCallback
from vesselview.errors import EvaluationStopped, InputError, ParamsError
from vesselview.io.dataset.layouts import case_id_of
from vesselview.io.dataset.matching import match_files
from vesselview.io.loader import load_case
from vesselview.io.manifest import read_manifest

#: File suffixes the candidate loader picks from a folder (what `load_case` reads).
IMAGE_SUFFIXES = (".png", ".gif", ".tif", ".tiff", ".jpg", ".jpeg", ".bmp", ".ppm", ".pgm",
                  ".npy")
#: Columns of a human-score CSV (header names, case-insensitive).
SCORE_COLUMNS = ("candidate", "score")
_UNKNOWN = ("", "?", "nan", "-")


def parse_numbers(text: str, what: str) -> list[float]:
    """Finite numbers separated by commas or spaces (``what`` names them in errors).

    Raises
    ------
    ParamsError
        When an item is not a finite number or there is none.
    """
    numbers = []
    for item in text.replace(",", " ").split():
        try:
            number = float(item)
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            raise ParamsError(f"{what}: {item!r} is not a finite number")
        numbers.append(number)
    if not numbers:
        raise ParamsError(f"{what}: give at least one number")
    return numbers


def default_sweep_text(key: str) -> str:
    """A sensible sweep of ``key``: up to 10 steps from its low end (CAL Fig. 1, F1 Table 4)."""
    spec = PARAM_SPECS[key]
    low, high = spec.bounds
    if spec.kind is int:
        return f"{low:g}:{min(high, low + 10):g}"
    high = min(high, low + 1.0)
    return f"{low:g}:{high:g}:{(high - low) / 10:g}"


def parse_expected_ranks(text: str, n_candidates: int) -> np.ndarray:
    """One expected rank per candidate (1 = best), comma or space separated.

    ``?`` or ``nan`` marks an unknown rank (left out of the statistics).

    Returns
    -------
    ndarray of float64, shape (n_candidates,)

    Raises
    ------
    ParamsError
        When an item is not a number or the count differs from ``n_candidates``.
    """
    items = text.replace(",", " ").split()
    if len(items) != n_candidates:
        raise ParamsError(f"give one expected rank per candidate: {n_candidates} expected, "
                          f"got {len(items)}")
    ranks = []
    for item in items:
        if item.lower() in _UNKNOWN:
            ranks.append(math.nan)
            continue
        try:
            ranks.append(float(item))
        except ValueError:
            raise ParamsError(f"expected rank {item!r} is not a number") from None
    if any(math.isinf(rank) for rank in ranks):
        raise ParamsError("expected ranks must be finite")
    return np.array(ranks, dtype=np.float64)


def read_human_scores(path: str | os.PathLike, candidates: Sequence[str]) -> np.ndarray:
    """Mean human score per candidate from a CSV with columns ``candidate, score``.

    Rows name candidates by their display name (see
    `vesselview.app.candidate_names.candidate_names`); rows for other candidates are
    ignored, a candidate without a row or with an empty score gets ``nan`` (unknown).
    Higher scores mean better segmentations.

    Returns
    -------
    ndarray of float64, shape (len(candidates),)

    Raises
    ------
    InputError
        Naming the file (and line) when it cannot be read, lacks a column, repeats a
        candidate, holds a score that is not a finite number, or scores none of
        ``candidates``.
    """
    name = os.fspath(path)
    scores = dict.fromkeys(candidates, math.nan)
    seen: set[str] = set()
    for line, candidate, text in _score_rows(name):
        if candidate in seen:
            raise InputError(f"{name} line {line}: candidate {candidate!r} appears twice",
                             source=name)
        seen.add(candidate)
        if candidate in scores:
            scores[candidate] = _score(text, name, line)
    if not seen & set(candidates):
        raise InputError(f"{name}: no row names a loaded candidate (loaded: "
                         f"{', '.join(candidates)})", source=name)
    return np.array(list(scores.values()), dtype=np.float64)


def image_files(folder: str | os.PathLike) -> list[str]:
    """Image files directly in ``folder``, sorted by name.

    Raises
    ------
    InputError
        When ``folder`` is not a readable folder or holds no image file.
    """
    name = os.fspath(folder)
    try:
        entries = sorted(os.scandir(name), key=lambda entry: entry.name)
    except OSError as error:
        raise InputError(f"{name}: The folder cannot be opened; check that it exists and "
                         "that you may read it", source=name,
                         details=str(error.strerror)) from None
    files = [entry.path for entry in entries
             if entry.is_file() and entry.name.lower().endswith(IMAGE_SUFFIXES)]
    if not files:
        raise InputError(f"{name}: The folder holds no image file; choose the folder of a "
                         "method's results", source=name,
                         details=f"image files end in {', '.join(IMAGE_SUFFIXES)}")
    return files


def folder_candidates(folder: str, reference: Case | None) -> list[str]:
    """The files of a method's output ``folder`` to rank against ``reference``.

    A reference read from a public dataset's file (``01_manual1.gif``) has a case id
    (`vesselview.io.dataset.layouts.case_id_of`): only the folder's file for that case
    is taken, so a folder of 20 outputs adds one candidate, not 20 against one
    reference. Other references take every image file but their own files.

    Raises
    ------
    InputError
        When the folder cannot be listed, holds no image, or no file fits the case.
    """
    files = image_files(folder)
    sources = reference.sources if reference is not None else {}
    case_id = case_id_of(sources.get("reference", ""))
    if case_id is None:
        own = {os.path.abspath(sources[role]) for role in ("reference", "fov", "fundus")
               if sources.get(role) and os.path.exists(sources[role])}
        return [path for path in files if os.path.abspath(path) not in own]
    matching = match_files([Path(path) for path in files], [case_id], Path(folder).name)
    if case_id not in matching.files:
        problems = "; ".join(str(issue) for issue in matching.ambiguous) or (
            f"{len(files)} image files, none named after it")
        raise InputError(f"{folder}: no file for case {case_id} (the reference "
                         f"{Path(sources['reference']).name}): {problems}. Name the method's "
                         f"output after the case, e.g. {case_id}.png", source=folder)
    return [str(matching.files[case_id])]


def load_case_set(manifest: str, should_stop: StopCallback,
                  progress: ProgressCallback) -> dict[str, Case]:
    """Every pair of a manifest CSV (``vesselview-eval --manifest`` format), loaded by id.

    Read as the inspector reads files, at the default threshold: the inspector's
    threshold acts on probability-map candidates when they are evaluated. A row's
    ``spacing_um`` cell becomes its case's spacing (`Case.spacing_um`, source
    ``"manifest"``).

    Raises
    ------
    InputError
        For a bad manifest or a bad file (the message names it).
    EvaluationStopped
        When ``should_stop`` returned True between two pairs.
    """
    pairs = read_manifest(manifest)
    cases = {}
    for done, pair in enumerate(pairs, start=1):
        if should_stop():
            raise EvaluationStopped("loading the case set was cancelled")
        case = load_case(pair.reference, pair.candidate, fov=pair.fov, fundus=pair.fundus)
        cases[pair.id] = case if pair.spacing is None else pair.spacing.applied(case)
        progress(done / len(pairs), f"loaded {pair.id}")
    return cases


def _score_rows(path: str) -> list[tuple[int, str, str]]:
    """``(line, candidate, score text)`` of every row, header checked."""
    try:
        with open(path, newline="", encoding="utf-8-sig") as stream:
            reader = csv.DictReader(stream, skipinitialspace=True)
            columns = [column.strip().lower() for column in reader.fieldnames or ()]
            missing = [column for column in SCORE_COLUMNS if column not in columns]
            if missing:
                raise InputError(f"{path}: a human-score CSV needs the header columns "
                                 f"{', '.join(SCORE_COLUMNS)}; missing {', '.join(missing)}",
                                 source=path)
            reader.fieldnames = columns
            return [(reader.line_num, str(row["candidate"] or "").strip(),
                     str(row["score"] or "").strip()) for row in reader]
    except FileNotFoundError:
        raise InputError(f"{path}: file not found", source=path) from None
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise InputError(f"{path}: cannot read the CSV ({error})", source=path) from None


def _score(text: str, path: str, line: int) -> float:
    if text.lower() in _UNKNOWN:
        return math.nan
    try:
        value = float(text)
    except ValueError:
        value = math.inf
    if not math.isfinite(value):
        raise InputError(f"{path} line {line}: score {text!r} is not a finite number",
                         source=path)
    return value
