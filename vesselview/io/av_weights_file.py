"""Reading an A/V weight table file (``--av-weights FILE``; ``docs/metrics.md`` §11).

The table gives the cost of each cell of the artery/vein confusion matrix, rows the
reference's class and columns the candidate's, both background, artery and vein, by name:

* JSON: ``{"background": {"background": 0, "artery": 1, "vein": 1}, "artery": {...},
  "vein": {...}}``;
* CSV: a header naming the columns (its first cell free, e.g. ``reference``), then one
  row per reference class, its name first::

      reference,background,artery,vein
      background,0,1,1
      artery,1,0,2
      vein,1,2,0

Every row and column must be named once, every weight a finite number >= 0, not all 0.
`read_av_weights` gives the table as the text of the parameter ``av_weights``.
"""

from __future__ import annotations

import csv
import io
import os
from typing import Any

from vesselview.engine.av_weights import WEIGHT_CLASSES, weights_table
from vesselview.errors import InputError, ParamsError
from vesselview.io.json_file import read_json, regular_file_bytes

_KIND = "A/V weight table"
_NAMES = ", ".join(WEIGHT_CLASSES)
_JSON_EXAMPLE = ('{"background": {"background": 0, "artery": 1, "vein": 1}, "artery": '
                 '{...}, "vein": {...}}')


def read_av_weights(path: str | os.PathLike) -> str:
    """The table of the JSON or CSV file ``path`` as the text of ``av_weights``
    (``"0,1,1;1,0,2;1,2,0"``).

    Raises
    ------
    InputError
        Naming the file: not .json or .csv, unreadable, not JSON / CSV, a row or column
        missing, repeated or of another name, a weight that is no finite number >= 0,
        or every weight 0; the message says how to fix it.
    """
    source = os.fspath(path)
    suffix = os.path.splitext(source)[1].lower()
    if suffix == ".json":
        rows = _json_rows(read_json(source, _KIND, "is not a JSON A/V weight table"), source)
    elif suffix == ".csv":
        rows = _csv_rows(regular_file_bytes(source, _KIND), source)
    else:
        raise _error(source, "must be a .json or .csv file (docs/metrics.md section 11)")
    try:
        return weights_table([[rows[r][c] for c in WEIGHT_CLASSES] for r in WEIGHT_CLASSES])
    except ParamsError as error:
        raise _error(source, f"{error}") from None


def _json_rows(document: Any, source: str) -> dict[str, dict[str, Any]]:
    """Weights by reference then candidate class, from a JSON document."""
    if not isinstance(document, dict) or any(not isinstance(row, dict)
                                             for row in document.values()):
        raise _error(source, f"must be an object of objects, {_JSON_EXAMPLE}")
    _check_names(list(document), source, "rows")
    for row in document.values():
        _check_names(list(row), source, "columns")
        if any(isinstance(value, bool) or not isinstance(value, (int, float))
               for value in row.values()):
            raise _error(source, "holds a weight that is not a number; write each as a "
                         "number >= 0 (e.g. 1 or 0.5)")
    return document


def _csv_rows(data: bytes, source: str) -> dict[str, dict[str, str]]:
    """Weights by reference then candidate class, from a CSV file's bytes."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _error(source, "is not UTF-8 text; save it as CSV (UTF-8)") from None
    lines = [row for row in csv.reader(io.StringIO(text)) if any(cell.strip() for cell in row)]
    if len(lines) != 4 or any(len(row) != 4 for row in lines):
        raise _error(source, f"must have a header and 3 rows of 4 cells: the class name, "
                     f"then the weights of candidate {_NAMES} (docs/metrics.md section 11)")
    columns = [cell.strip() for cell in lines[0][1:]]
    _check_names(columns, source, "columns (the header)")
    _check_names([row[0].strip() for row in lines[1:]], source, "rows (first cells)")
    return {row[0].strip(): dict(zip(columns, (cell.strip() for cell in row[1:]), strict=True))
            for row in lines[1:]}


def _check_names(names: list[str], source: str, where: str) -> None:
    """Refuse ``names`` unless they are `WEIGHT_CLASSES` once each, in any order."""
    if sorted(names) != sorted(WEIGHT_CLASSES):
        raise _error(source, f"names the {where} {', '.join(map(repr, names)) or 'nothing'}; "
                     f"name each of {_NAMES} once")


def _error(source: str, problem: str) -> InputError:
    return InputError(f"{source}: the {_KIND} {problem}", source)
