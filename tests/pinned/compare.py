"""How pinned outputs are compared: metric values at a stated tolerance, all else exact.

A metric value (a float under a key of `vesselview.METRICS` whose values are not
counts) may differ from its pinned value by at most `RELATIVE_TOLERANCE` of it; where
the pinned value is exactly 0, by at most `ZERO_FLOOR`. Everything else must be equal,
type included: integer counts (count metrics, layer class counts), layer digests,
undefined reasons, parameters, paths, key order and table shape.
"""

from __future__ import annotations

import csv
import io
import json
import math
from typing import Any

from vesselview import METRICS

#: Largest accepted |computed - pinned| / |pinned| of a metric value.
RELATIVE_TOLERANCE = 1e-12
#: Largest accepted |computed| of a metric value pinned as exactly 0.
ZERO_FLOOR = 1e-15


def values_close(computed: float, pinned: float) -> bool:
    """Whether a metric value matches its pinned value at the stated tolerance."""
    if computed == pinned or not math.isfinite(pinned):
        return computed == pinned
    if pinned == 0.0:
        return abs(computed) <= ZERO_FLOOR
    return abs(computed - pinned) <= RELATIVE_TOLERANCE * abs(pinned)


def _is_tolerant(key: str, value: Any) -> bool:
    """A float of a metric that is not a count."""
    return (type(value) is float and key in METRICS and not METRICS[key].count)


def mismatches(computed: Any, pinned: Any, key: str = "", where: str = "") -> list[str]:
    """Every place where ``computed`` differs from ``pinned`` (JSON-like values).

    Parameters
    ----------
    computed, pinned : dict, list, str, int, float, bool or None
        Nested as `json.loads` returns them; dict keys are compared in order.
    key : str
        The dict key the values sit under (metric keys select the tolerance).
    where : str
        Path of the values, for the messages.

    Returns
    -------
    list of str
        One message per differing leaf or structure; empty when they match.
    """
    if isinstance(pinned, dict) and isinstance(computed, dict):
        if list(computed) != list(pinned):
            return [f"{where}: keys {list(computed)} != pinned {list(pinned)}"]
        return [message for name in pinned
                for message in mismatches(computed[name], pinned[name], name,
                                          f"{where}/{name}")]
    if isinstance(pinned, list) and isinstance(computed, list):
        if len(computed) != len(pinned):
            return [f"{where}: {len(computed)} items != pinned {len(pinned)}"]
        return [message for index, (item, pin) in enumerate(zip(computed, pinned, strict=True))
                for message in mismatches(item, pin, key, f"{where}[{index}]")]
    if _is_tolerant(key, pinned) and _is_tolerant(key, computed):
        same = values_close(computed, pinned)
    else:
        same = type(computed) is type(pinned) and computed == pinned
    return [] if same else [f"{where}: {computed!r} != pinned {pinned!r}"]


def _cell(column: str, text: str) -> str | float:
    """A CSV cell as a float where it is a non-count metric value, else its text."""
    try:
        value = float(text)
    except ValueError:
        return text
    return value if _is_tolerant(column, value) else text


def csv_records(text: str) -> dict[str, Any]:
    """A CSV table (after its first line) as its header and rows of typed cells."""
    first, _, table = text.partition("\n")
    header, *rows = list(csv.reader(io.StringIO(table)))
    return {"first line": first, "header": header,
            "rows": [{column: _cell(column, cell) for column, cell in
                      zip(header, row, strict=True)} for row in rows]}


def json_document(text: str) -> dict[str, Any]:
    """A JSON output (after its first line) parsed, with that first line."""
    first, _, document = text.partition("\n")
    return {"first line": first, "document": json.loads(document)}
