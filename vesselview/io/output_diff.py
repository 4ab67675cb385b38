"""Where two outputs of the same command differ, for ``vesselview-eval --verify``.

Values are compared as `same_value` says: integers and text exactly, floats to a
relative `RELATIVE_TOLERANCE` (an exact 0 only by 0; infinities and NaN only by
themselves). The provenance itself is left out: it is checked on its own. When the
study folder has moved, the recorded output's absolute paths are moved first
(``relocate``), so that only values can differ.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from vesselview.io.json_file import read_json
from vesselview.io.provenance_formats import body_text, read_text

#: Largest accepted |remade - recorded| / |recorded| of a float.
RELATIVE_TOLERANCE = 1e-12


def output_differences(recorded: str, remade: str, output_format: str,
                       relocate: Callable[[str], str] = str) -> list[str]:
    """Every difference of the output file ``remade`` from ``recorded``, one line each.

    Parameters
    ----------
    recorded, remade : str
        Paths of the two outputs.
    output_format : str
        ``json``, ``csv``, ``markdown`` or ``latex``.
    relocate : callable, optional
        Applied to every text of ``recorded`` (a JSON string, the CSV or Markdown/LaTeX
        text) before comparing: where its paths are now
        (`vesselview.io.provenance_location.InputLocation.text`).

    Returns
    -------
    list of str
        Empty when they match; else each difference with where it is (a JSON path
        naming each result's id and method, a CSV row's id and column, a text line).
    """
    if output_format == "json":
        return list(_json_differences(_relocated(_document(recorded), relocate),
                                      _document(remade), ""))
    if output_format == "csv":
        return _csv_differences(relocate(read_text(recorded)), read_text(remade))
    return _line_differences(relocate(body_text(read_text(recorded))),
                             body_text(read_text(remade)))


def diagram_differences(recorded: Any, remade: Any) -> list[str]:
    """Every difference of two critical-difference diagrams' plotted values
    (`vesselview.io.cd_diagram.diagram_values`; ``remade`` None when no diagram was
    written now), each panel named by its metric."""
    if remade is None:
        return ["the command wrote no critical-difference diagram now"]
    return list(_json_differences(_panels_by_metric(recorded), _panels_by_metric(remade), ""))


def _panels_by_metric(values: Any) -> Any:
    """``{"panels": [...]}`` as ``{"panels": {metric: panel}}`` (else as it is)."""
    panels = values.get("panels") if isinstance(values, dict) else None
    if not isinstance(panels, list) or not all(isinstance(p, dict) for p in panels):
        return values
    return {**values, "panels": {str(panel.get("metric")): panel for panel in panels}}


def same_value(recorded: Any, remade: Any) -> bool:
    """Whether two leaf values match (floats to `RELATIVE_TOLERANCE`, else exactly).

    Examples
    --------
    >>> same_value(0.1, 0.1 + 1e-17), same_value(0.1, 0.1001), same_value(1, 1.0)
    (True, False, False)
    """
    if type(recorded) is float and type(remade) is float:
        if math.isnan(recorded) or math.isnan(remade):
            return math.isnan(recorded) and math.isnan(remade)
        return math.isclose(recorded, remade, rel_tol=RELATIVE_TOLERANCE, abs_tol=0.0)
    return type(recorded) is type(remade) and recorded == remade


def _document(path: str) -> Any:
    document = read_json(path, "output", "the output is not JSON")
    if isinstance(document, dict):
        document.pop("provenance", None)
    return document


def _relocated(document: Any, relocate: Callable[[str], str]) -> Any:
    """A parsed JSON document with ``relocate`` applied to each string in it."""
    if isinstance(document, dict):
        return {key: _relocated(value, relocate) for key, value in document.items()}
    if isinstance(document, list):
        return [_relocated(value, relocate) for value in document]
    return relocate(document) if isinstance(document, str) else document


def _json_differences(recorded: Any, remade: Any, where: str) -> Iterator[str]:
    """The differing leaves and shapes of two parsed JSON documents."""
    if isinstance(recorded, dict) and isinstance(remade, dict):
        for key in [*recorded, *(key for key in remade if key not in recorded)]:
            if key not in remade or key not in recorded:
                side = "recorded only" if key in recorded else "new"
                yield f"{where}.{key}: {side}"
            else:
                yield from _json_differences(recorded[key], remade[key], f"{where}.{key}")
    elif isinstance(recorded, list) and isinstance(remade, list):
        if len(recorded) != len(remade):
            yield f"{where}: {len(recorded)} items recorded, {len(remade)} now"
        for index, (old, new) in enumerate(zip(recorded, remade, strict=False)):
            yield from _json_differences(old, new, f"{where}[{_item_name(old, index)}]")
    elif not same_value(recorded, remade):
        yield f"{where}: recorded {recorded!r}, now {remade!r}"


def _item_name(item: Any, index: int) -> str:
    """A list item by its id and method when it has them (a result), else its index."""
    if isinstance(item, dict) and "id" in item:
        method = f", method={item['method']}" if item.get("method") else ""
        return f"id={item['id']}{method}"
    return str(index)


def _csv_differences(recorded: str, remade: str) -> list[str]:
    """The differing cells of two CSV tables, by row id and column."""
    old, new = (list(csv.reader(io.StringIO(text))) for text in (recorded, remade))
    if not old or not new or old[0] != new[0]:
        return ["the CSV header differs"]
    header, differences = old[0], []
    if len(old) != len(new):
        differences.append(f"{len(old) - 1} rows recorded, {len(new) - 1} now")
    for line, (old_row, new_row) in enumerate(zip(old[1:], new[1:], strict=False), start=2):
        name = _row_name(header, old_row, line)
        differences += [f"{name}, {column}: recorded {a!r}, now {b!r}"
                        for column, a, b in zip(header, old_row, new_row, strict=False)
                        if not same_value(_typed(a), _typed(b))]
    return differences


def _row_name(header: Sequence[str], row: Sequence[str], line: int) -> str:
    cells = dict(zip(header, row, strict=False))
    method = f", method {cells['method']}" if cells.get("method") else ""
    return f"line {line} (id {cells.get('id', '?')}{method})"


def _typed(cell: str) -> int | float | str:
    """A CSV cell as an integer, a float or its text."""
    for kind in (int, float):
        try:
            return kind(cell)
        except ValueError:
            pass
    return cell


def _line_differences(recorded: str, remade: str) -> list[str]:
    """The differing lines of two text outputs (Markdown, LaTeX: numbers as printed)."""
    old, new = recorded.splitlines(), remade.splitlines()
    differences = [f"line {number}: recorded {a!r}, now {b!r}"
                   for number, (a, b) in enumerate(zip(old, new, strict=False), start=1)
                   if a != b]
    if len(old) != len(new):
        differences.append(f"{len(old)} lines recorded, {len(new)} now")
    return differences
