"""CSV that a spreadsheet cannot run: text cells that look like formulas are neutralised.

A spreadsheet opening a CSV evaluates a cell starting with ``=``, ``+``, ``-`` or ``@``
as a formula (``=HYPERLINK(...)``, ``=cmd|' /C calc'!A0``), and a leading tab or
carriage return can hide such a start. As OWASP recommends ("CSV Injection"), every
CSV vesselview writes prefixes such a text cell with a single quote, which spreadsheets
show as text: ids, methods, paths, error messages, graders, notes, column names.
Numbers stay numbers (``-0.5``, ``+3``, ``-1e-05``, ``-inf``). The JSON outputs and
grading files keep the raw text.

`restored` undoes the prefix when vesselview reads its own CSV back (``grades.csv``):
text that starts with quotes and then a formula character loses one quote. Text that
already starts with such quotes gets one more on writing, so every text reads back as
it was written (``'=x`` is written ``''=x``).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any, TextIO

#: Characters that make a spreadsheet read the cell they start as a formula.
FORMULA_STARTS = "=+-@\t\r"
_NEEDS_QUOTE = re.compile(r"'*[=+\-@\t\r]")
_QUOTED = re.compile(r"'+[=+\-@\t\r]")
_NUMBER = re.compile(r"[+-]?(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|inf|nan)")


def neutralised(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet shows as text, never runs.

    Examples
    --------
    >>> neutralised("=1+1"), neutralised("-2+3+cmd"), neutralised("-0.5"), neutralised("a=b")
    ("'=1+1", "'-2+3+cmd", '-0.5', 'a=b')
    """
    if _NEEDS_QUOTE.match(text) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def restored(text: str) -> str:
    """Inverse of `neutralised`: a cell of a CSV vesselview wrote, as the text it held.

    Examples
    --------
    >>> restored("'=1+1"), restored("''=x"), restored("'quoted"), restored("-0.5")
    ('=1+1', "'=x", "'quoted", '-0.5')
    """
    return text[1:] if _QUOTED.match(text) else text


class FormulaSafeWriter:
    """`csv.writer` whose text cells are `neutralised` (other values are written as is).

    A row with a carriage return in a cell is written with every cell quoted: with the
    ``"\n"`` line ending vesselview writes, `csv.writer` leaves such a cell unquoted, and
    a reader would split the row there.
    """

    def __init__(self, stream: TextIO, **options: Any) -> None:
        self._writer = csv.writer(stream, **options)
        self._quoting_writer = csv.writer(stream, **options, quoting=csv.QUOTE_ALL)

    def writerow(self, row: Iterable[Any]) -> None:
        """Write one row, neutralising its text cells."""
        cells = [neutralised(cell) if isinstance(cell, str) else cell for cell in row]
        carriage_return = any(isinstance(cell, str) and "\r" in cell for cell in cells)
        (self._quoting_writer if carriage_return else self._writer).writerow(cells)

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        """Write every row of ``rows`` (`writerow`)."""
        for row in rows:
            self.writerow(row)
