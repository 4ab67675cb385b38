"""A weight table over the artery/vein confusion matrix, and the weighted error it gives
(``docs/metrics.md`` §11).

The table ``W`` is 3 x 3 over background, artery and vein (`WEIGHT_CLASSES`): ``W[r, c]``
is the cost of a pixel the reference calls ``r`` and the candidate ``c``. It travels as
the parameter ``av_weights``, a text of nine numbers row by row (``"0,1,1;1,0,2;1,2,0"``,
`weights_text`), so every output row records the table that produced its number.
The weighted error, ``Σ W[r, c] C[r, c] / Σ C[r, c]`` (the mean cost per counted
pixel), is the artery/vein family's (`vesselview.engine.families.artery_vein`). Plain
Python: `vesselview.engine.params` checks the parameter with it, and the CLI's ``--help``
must not import numpy.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from vesselview.errors import ParamsError

#: The table's rows (reference) and columns (candidate), in order.
WEIGHT_CLASSES = ("background", "artery", "vein")
_EXAMPLE = "e.g. '0,1,1;1,0,2;1,2,0' (rows: reference background, artery, vein)"


def weights_text(text: str) -> str:
    """``text``, nine numbers in three rows (rows split by ``;``, numbers by ``,`` or
    blanks), checked and written canonically (``"0,1,1;1,0,2;1,2,0"``).

    Raises
    ------
    ParamsError
        For another shape, a value that is no number, not finite or negative, or a
        table of zeros; the message says what is wrong and gives an example.

    Examples
    --------
    >>> weights_text(" 0 1 1 ; 1 0 2.5 ; 1,2,0 ")
    '0,1,1;1,0,2.5;1,2,0'
    """
    rows = [re.split(r"[,\s]+", row.strip()) for row in text.strip().split(";")]
    if len(rows) != 3 or any(len(row) != 3 for row in rows):
        raise ParamsError(f"A/V weights {text!r}: expected 3 rows of 3 numbers, {_EXAMPLE}")
    return ";".join(",".join(_number(cell, text) for cell in row) for row in rows)


def weights_table(values: Sequence[Sequence[object]]) -> str:
    """The canonical `weights_text` of a 3 x 3 table of numbers (rows: reference class).

    Raises
    ------
    ParamsError
        As `canonical_weights`.
    """
    rows = [list(row) for row in values]
    if len(rows) != 3 or any(len(row) != 3 for row in rows):
        raise ParamsError(f"A/V weights: expected a 3 x 3 table, got rows of "
                          f"{[len(row) for row in rows]} numbers; {_EXAMPLE}")
    return canonical_weights(";".join(",".join(str(cell) for cell in row) for row in rows))


def weights_rows(text: str) -> list[list[float]]:
    """The table of a canonical `weights_text` as 3 rows of 3 floats."""
    return [[float(cell) for cell in row.split(",")] for row in text.split(";")]


def _number(cell: str, text: str) -> str:
    """One weight's canonical text (``"1"``, ``"0.25"``), checked."""
    try:
        value = float(cell)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise ParamsError(f"A/V weights {text!r}: {cell!r} is not a finite number >= 0; "
                          f"{_EXAMPLE}")
    return repr(value).removesuffix(".0")


def canonical_weights(text: str) -> str:
    """`weights_text` of ``text``, refusing a table of zeros (which would score every
    map 0): the check of the parameter ``av_weights``.

    Raises
    ------
    ParamsError
        As `weights_text`, or when every weight is 0.
    """
    canonical = weights_text(text)
    if not any(any(row) for row in weights_rows(canonical)):
        raise ParamsError(f"A/V weights {text!r}: every weight is 0, so every candidate "
                          f"would score 0; give the errors a cost, {_EXAMPLE}")
    return canonical
