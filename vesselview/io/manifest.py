"""The pairs to evaluate from a manifest CSV (one from the command line: `vesselview.io.pair`).

A manifest has a header row with the columns ``id, reference, candidate`` (required)
and ``fov, fundus, ignore, observer, spacing_um`` (optional; their cells may be empty;
``ignore`` is a mask of regions left out of every metric; ``observer`` is the number of
the observer whose annotation the reference is, recorded in the output, 1 when empty;
``spacing_um`` is the pixel spacing in µm per pixel, a finite number > 0, recorded as
``Case.spacing_um`` with source ``"manifest"``).
Other observers' references of the same image are columns ``reference_2``,
``reference_3``... (``reference_N`` is observer N's; ``reference_1`` too when the
``observer`` cell names another), and ``reference_soft`` a soft (fuzzy) reference: a
probability map of memberships in [0, 1] (`vesselview.io.loader.load_case`), and
``reference_junctions`` the image's annotated junctions (a CSV point file ``x,y[,kind]``,
`vesselview.io.junction_files`).
Ids are compared by the case id rule (`vesselview.engine.case_ids`: ``1`` and ``01`` are
one case). Relative paths resolve against the manifest's folder. An ``fov`` cell ``auto`` estimates
the field of view from the row's fundus photograph.

The header is checked first: a missing, unknown or repeated column stops the run before
any work. A problem of one row (an empty cell, a repeated id, a file that does not
exist, more cells than columns) is kept with the row (`Pair.problem`): the batch
evaluates every other row and reports that one with its line and id.
"""

from __future__ import annotations

import csv
import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

from vesselview.engine.case_ids import id_key
from vesselview.errors import InputError
from vesselview.io.loader import AUTO_FOV
from vesselview.io.pair import FILE_ROLES, Pair, missing_file
from vesselview.io.spacing import SPACING_FIX, Spacing, parse_spacing

REQUIRED_COLUMNS = ("id", "reference", "candidate")
OPTIONAL_COLUMNS = ("fov", "fundus", "ignore", "observer", "spacing_um", "reference_soft",
                    "reference_junctions")
#: The column of another observer's reference: ``reference_N`` is observer N's.
OBSERVER_COLUMN = re.compile(r"reference_([1-9][0-9]*)")


def read_manifest(path: str) -> list[Pair]:
    """Read a manifest CSV and stop at its first problem (for the GUI's case sets).

    Raises
    ------
    InputError
        For a problem of the header (see `read_manifest_rows`) or of any row, naming
        the manifest, line and id.
    """
    pairs = read_manifest_rows(path)
    for pair in pairs:
        if pair.problem is not None:
            raise InputError(f"{pair.label}: {pair.problem}", source=path)
    return pairs


def read_manifest_rows(path: str) -> list[Pair]:
    """Read a manifest CSV; each row's problem is kept with it (`Pair.problem`).

    Parameters
    ----------
    path : str
        The CSV file (UTF-8, optionally with a byte-order mark).

    Returns
    -------
    list of Pair
        In file order, paths resolved against the manifest's folder, ``where`` naming
        the manifest and line.

    Raises
    ------
    InputError
        Naming the manifest (and line and column) when it is missing or unreadable,
        its header lacks a required column, has an unknown or repeated column, or
        it lists no row.
    """
    folder = Path(path).parent
    pairs: list[Pair] = []
    first: dict[str, tuple[int, str]] = {}  # id_key -> (line, id as written there)
    for line, cells, extra in _rows(path):
        pair = _pair(cells, folder, f"{path} line {line}")
        problem = ("more cells than header columns (an unquoted comma in a path?)" if extra
                   else _row_problem(pair, cells, first.get(id_key(pair.id))))
        first.setdefault(id_key(pair.id), (line, pair.id))
        pairs.append(dataclasses.replace(pair, problem=problem))
    if not pairs:
        raise InputError(f"{path}: the manifest lists no pairs; add a row per case "
                         "(id, reference, candidate)", source=path)
    return pairs


def _rows(path: str) -> Iterator[tuple[int, dict[str, str], bool]]:
    """``(line, stripped cells by column, has extra cells)`` per row; header checked."""
    try:
        with open(path, newline="", encoding="utf-8-sig") as stream:
            reader = csv.reader(stream, skipinitialspace=True)
            header = next((row for row in reader if row), [])
            columns = [name.strip() for name in header]
            _check_columns(path, reader.line_num, columns)
            rows = [(reader.line_num, row) for row in reader if any(cell.strip()
                                                                  for cell in row)]
    except FileNotFoundError:
        raise InputError(f"{path}: manifest not found; check the path", source=path) from None
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise InputError(f"{path}: cannot read the manifest; check that it is a CSV text "
                         "file and that you may read it", source=path,
                         details=str(error)) from None
    for line, row in rows:
        cells = dict(zip(columns, (cell.strip() for cell in row), strict=False))
        yield line, cells, len(row) > len(columns)


def _check_columns(path: str, line: int, columns: list[str]) -> None:
    """Require id/reference/candidate; refuse unknown and repeated columns."""
    where = f"{path} line {line}" if columns else path
    known = (*REQUIRED_COLUMNS, *OPTIONAL_COLUMNS)
    for number, name in enumerate(columns, start=1):
        if name not in known and not OBSERVER_COLUMN.fullmatch(name):
            raise InputError(f"{where}, column {number}: unknown column {name!r}; a "
                             f"manifest's columns are {', '.join(known)} and reference_2, "
                             "reference_3... (other observers' references)", source=path)
        first = columns.index(name) + 1
        if first != number:
            raise InputError(f"{where}, columns {first} and {number}: column {name!r} "
                             "appears twice; keep one", source=path)
    missing = [name for name in REQUIRED_COLUMNS if name not in columns]
    if missing:
        raise InputError(f"{where}: missing column {', '.join(missing)}; a manifest's "
                         "header is id, reference, candidate and optionally "
                         f"{', '.join(OPTIONAL_COLUMNS)}", source=path)


def _pair(cells: dict[str, str], folder: Path, where: str) -> Pair:
    """The pair of one row (paths resolved), its observer parsed when it is a number."""
    paths = {role: _resolved(folder, cells.get(role, "")) for role in FILE_ROLES}
    if cells.get("fov") == AUTO_FOV:
        paths["fov"] = AUTO_FOV
    observers = sorted((int(match[1]), path) for column, cell in cells.items()
                       if (match := OBSERVER_COLUMN.fullmatch(column))
                       and (path := _resolved(folder, cell)))
    return Pair(cells.get("id", ""), paths["reference"] or "", paths["candidate"] or "",
                paths["fov"], paths["fundus"], paths["ignore"],
                observer=_observer_number(cells.get("observer", "")),
                references=tuple((f"observer{number}", path) for number, path in observers),
                reference_soft=paths["reference_soft"], where=where,
                reference_junctions=paths["reference_junctions"],
                spacing=_manifest_spacing(cells.get("spacing_um", "")))


def _manifest_spacing(cell: str) -> Spacing | None:
    """A ``spacing_um`` cell's spacing (source ``"manifest"``); None when it is empty or
    not a spacing (`_row_problem` says so)."""
    try:
        return Spacing(parse_spacing(cell), "manifest") if cell else None
    except ValueError:
        return None


def _observer_number(cell: str) -> int | None:
    """An ``observer`` cell's number (1, 2, ...), else None (``"²"`` is no number)."""
    number = int(cell) if cell.isascii() and cell.isdecimal() else 0
    return number if number >= 1 else None


def _row_problem(pair: Pair, cells: dict[str, str],
                 first: tuple[int, str] | None) -> str | None:
    """What is wrong with one row, else None (``first``: the line and id of an earlier
    row with the same id by the case id rule)."""
    for column in REQUIRED_COLUMNS:
        if not cells.get(column):
            return f"the {column} cell is empty"
    if first is not None:
        spelt = "" if first[1] == pair.id else f" as {first[1]!r}, the same number"
        return (f"id {pair.id!r} appears twice (first on line {first[0]}{spelt}); ids must "
                "be unique")
    observer = cells.get("observer", "")
    if observer and pair.observer is None:
        return (f"observer {observer!r} is not an observer number; write 1, 2, ... in "
                "plain digits, or leave the cell empty")
    spacing = cells.get("spacing_um", "")
    if spacing and pair.spacing is None:
        return (f"spacing_um {spacing!r} is not a pixel spacing; "
                f"{SPACING_FIX.replace('leave it out', 'leave the cell empty')}")
    own = f"reference_{pair.observer or 1}"
    if cells.get(own):
        return (f"the {own} cell names observer {pair.observer or 1}, whose reference is the "
                f"reference cell; give each observer's mask once")
    return missing_file(pair)


def _resolved(folder: Path, cell: str) -> str | None:
    """A manifest cell as a path relative to the manifest's folder; None when empty."""
    return str(folder / cell) if cell else None
