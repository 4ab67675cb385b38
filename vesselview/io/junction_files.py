"""Read a dataset's annotated junctions: a CSV point file ``x,y[,kind]``
(``docs/inputs.md`` "Junction point files").

One point per row: ``x`` (column) and ``y`` (row) in pixels, 0-based, fractions allowed,
inside the image (0 <= x <= W - 1, 0 <= y <= H - 1); an optional third cell ``kind``,
``bifurcation`` or ``crossing`` (any case). An optional header row names the columns
(``x,y`` or ``x,y,kind``); blank rows are skipped. The kinds count only when every point
has one; otherwise bifurcation and crossing F1 are undefined with that reason.
"""

from __future__ import annotations

import csv
import math
import os

import numpy as np

from vesselview.engine.junction_points import JunctionPoints
from vesselview.errors import InputError

#: Accepted ``kind`` cells -> crossing (True) or bifurcation (False).
KINDS = {"bifurcation": False, "crossing": True}
#: The header rows a file may start with.
HEADERS = (["x", "y"], ["x", "y", "kind"])
_FORMAT = ("one point per row as x,y or x,y,kind (x = column, y = row, 0-based pixels; "
           "kind bifurcation or crossing)")


def junction_input(value: str | os.PathLike | JunctionPoints | None, shape: tuple[int, int]
                   ) -> JunctionPoints | None:
    """`load_case`'s ``reference_junctions``: a file read by `read_junction_points`, or
    points given as they are (checked by the `Case`)."""
    if value is None or isinstance(value, JunctionPoints):
        return value
    return read_junction_points(value, shape)


def read_junction_points(path: str | os.PathLike, shape: tuple[int, int]) -> JunctionPoints:
    """The junction points of the CSV file ``path`` for an image of ``shape`` (H, W).

    Returns
    -------
    JunctionPoints
        Positions (row, col) = (y, x); kinds when every row gives one; ``source`` the path.

    Raises
    ------
    InputError
        Naming the file (and the line): unreadable, a row that is not ``x,y[,kind]``
        (a number missing or not finite, an unknown kind, extra cells), a point outside
        the image, a file with no point.
    """
    source = os.fspath(path)
    rows = _numbered_rows(source)
    if rows and not _is_number(rows[0][1][0]):
        _check_header(source, *rows[0])
        rows = rows[1:]
    if not rows:
        raise InputError(f"{source}: the junction file has no point; give {_FORMAT}",
                         source=source)
    parsed = [_point(source, line, cells) for line, cells in rows]
    kinds = [kind for _, _, kind in parsed]
    points = JunctionPoints(np.array([(y, x) for x, y, _ in parsed], np.float64),
                            None if None in kinds else np.array(kinds, np.bool_), source)
    for line, (x, y, _) in zip((line for line, _ in rows), parsed, strict=True):
        _check_inside(source, line, x, y, shape)
    return points


def _numbered_rows(source: str) -> list[tuple[int, list[str]]]:
    """``(line, stripped cells)`` of every non-blank row."""
    try:
        with open(source, newline="", encoding="utf-8-sig") as stream:
            reader = csv.reader(stream)
            return [(reader.line_num, [cell.strip() for cell in row]) for row in reader
                    if any(cell.strip() for cell in row)]
    except FileNotFoundError:
        raise InputError(f"{source}: junction file not found; check the path",
                         source=source) from None
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise InputError(f"{source}: cannot read the junction file; check that it is a CSV "
                         "text file you may read", source=source, details=str(error)) from None


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def _check_header(source: str, line: int, cells: list[str]) -> None:
    if [cell.lower() for cell in cells] not in HEADERS:
        raise InputError(f"{source} line {line}: {','.join(cells)!r} is neither a point nor "
                         "the header x,y or x,y,kind; give " + _FORMAT, source=source)


def _point(source: str, line: int, cells: list[str]) -> tuple[float, float, bool | None]:
    """``(x, y, crossing or None)`` of one row."""
    where = f"{source} line {line}"
    if not 2 <= len(cells) <= 3:
        raise InputError(f"{where}: {len(cells)} cells; give {_FORMAT}", source=source)
    try:
        x, y = float(cells[0]), float(cells[1])
    except ValueError:
        raise InputError(f"{where}: x and y must be numbers, got {cells[0]!r}, {cells[1]!r}; "
                         f"give {_FORMAT}", source=source) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise InputError(f"{where}: x and y must be finite numbers, got {cells[0]!r}, "
                         f"{cells[1]!r}", source=source)
    kind = cells[2].lower() if len(cells) == 3 else ""
    if kind and kind not in KINDS:
        raise InputError(f"{where}: unknown kind {cells[2]!r}; write bifurcation or crossing, "
                         "or leave the cell empty", source=source)
    return x, y, KINDS[kind] if kind else None


def _check_inside(source: str, line: int, x: float, y: float, shape: tuple[int, int]) -> None:
    height, width = shape
    if not (0 <= x <= width - 1 and 0 <= y <= height - 1):
        raise InputError(
            f"{source} line {line}: the point x={x:g}, y={y:g} lies outside the "
            f"{width}x{height} image (0 <= x <= {width - 1}, 0 <= y <= {height - 1}); check "
            "that the file belongs to this image and gives x (column) before y (row)",
            source=source)
