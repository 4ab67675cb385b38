"""The pairs to evaluate: one from the command line, or many from a manifest CSV.

A manifest has a header row with the columns ``id, reference, candidate`` (required)
and ``fov, fundus`` (optional; their cells may be empty). Relative paths resolve
against the manifest's folder. Everything is checked before any evaluation starts, so
a typo fails fast: unknown columns, empty or duplicate ids, missing files.
"""

from __future__ import annotations

import csv
import dataclasses
from pathlib import Path

from vesselview.errors import InputError

REQUIRED_COLUMNS = ("id", "reference", "candidate")
OPTIONAL_COLUMNS = ("fov", "fundus")


@dataclasses.dataclass(frozen=True)
class Pair:
    """One reference / candidate pair to evaluate; paths as strings, None when absent."""

    id: str
    reference: str
    candidate: str
    fov: str | None = None
    fundus: str | None = None


def single_pair(reference: str, candidate: str, fov: str | None = None,
                fundus: str | None = None) -> Pair:
    """The pair given by ``--reference``/``--candidate``; its id is the candidate's name."""
    pair = Pair(Path(candidate).stem, reference, candidate, fov, fundus)
    _check_files_exist(pair, where="")
    return pair


def read_manifest(path: str) -> list[Pair]:
    """Read and check a manifest CSV.

    Parameters
    ----------
    path : str
        The CSV file (UTF-8, optionally with a byte-order mark).

    Returns
    -------
    list of Pair
        In file order, paths resolved against the manifest's folder.

    Raises
    ------
    InputError
        Naming the manifest (and line) for a missing or unreadable file, a missing or
        unknown column, an empty required cell, a duplicate id, a file that does not
        exist, or a manifest without rows.
    """
    rows = _rows(path)
    folder = Path(path).parent
    pairs, seen = [], set()
    for line, row in rows:
        where = f"{path} line {line}: "
        for column in REQUIRED_COLUMNS:
            if not row.get(column):
                raise InputError(f"{where}the {column} cell is empty", source=path)
        if row["id"] in seen:
            raise InputError(f"{where}id {row['id']!r} appears twice; ids must be unique",
                             source=path)
        seen.add(row["id"])
        pair = Pair(row["id"], str(folder / row["reference"]), str(folder / row["candidate"]),
                    *(_resolved(folder, row.get(column)) for column in OPTIONAL_COLUMNS))
        _check_files_exist(pair, where)
        pairs.append(pair)
    if not pairs:
        raise InputError(f"{path}: the manifest lists no pairs", source=path)
    return pairs


def _rows(path: str) -> list[tuple[int, dict[str, str]]]:
    """Rows of the manifest with their line numbers, cells stripped, header checked."""
    try:
        with open(path, newline="", encoding="utf-8-sig") as stream:
            reader = csv.DictReader(stream, skipinitialspace=True)
            columns = [name.strip() for name in reader.fieldnames or ()]
            _check_columns(path, columns)
            reader.fieldnames = columns
            return [(reader.line_num, _cells(row, path, reader.line_num)) for row in reader]
    except FileNotFoundError:
        raise InputError(f"{path}: manifest not found; check the path", source=path) from None
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise InputError(f"{path}: cannot read the manifest ({error})", source=path) from None


def _cells(row: dict[str | None, object], path: str, line: int) -> dict[str, str]:
    """Stripped cells of one row; a row longer than the header is an error."""
    if None in row:
        raise InputError(f"{path} line {line}: more cells than header columns (an unquoted "
                         "comma in a path?)", source=path)
    return {str(key): str(value or "").strip() for key, value in row.items()}


def _check_columns(path: str, columns: list[str]) -> None:
    """Require the id/reference/candidate columns and refuse unknown ones."""
    missing = [name for name in REQUIRED_COLUMNS if name not in columns]
    unknown = [name for name in columns if name not in (*REQUIRED_COLUMNS, *OPTIONAL_COLUMNS)]
    if missing or unknown:
        problem = (f"missing column {', '.join(missing)}" if missing
                   else f"unknown column {', '.join(repr(name) for name in unknown)}")
        raise InputError(
            f"{path}: {problem}; a manifest's header is id, reference, candidate "
            "and optionally fov, fundus",
            source=path,
        )


def _resolved(folder: Path, cell: str | None) -> str | None:
    """A manifest cell as a path relative to the manifest's folder; None when empty."""
    return str(folder / cell) if cell else None


def _check_files_exist(pair: Pair, where: str) -> None:
    """Fail before evaluating anything when a file of the pair is missing."""
    for role in ("reference", "candidate", "fov", "fundus"):
        path = getattr(pair, role)
        if path is not None and not Path(path).is_file():
            raise InputError(f"{where}{role} file {path} not found", source=path)
