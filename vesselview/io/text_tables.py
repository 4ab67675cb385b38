"""Render tables of text cells as CSV, Markdown (GitHub pipes) or LaTeX (booktabs, fitted
to the page: `vesselview.io.latex_tables`).

Cells are plain text; the renderers escape what their format needs (``|`` and ``*`` in
Markdown; ``\\ _ % & # $ { } ~ ^ < >``, ``±`` and the arrows in LaTeX). Bold cells are given as
`Bold`, so each format marks them its own way (``**x**``, ``\\textbf{x}``; unmarked in
CSV), with an optional mark after them (``*``; a superscript in LaTeX).
Numbers are formatted once (`number`: significant digits; `fixed` with `row_decimals`:
the same decimals across a row) so every format shows the same digits; an undefined
value is an em dash (``—``; LaTeX ``---``), an infinite one ``∞`` (LaTeX ``$\\infty$``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TextIO

from vesselview.io.bold_cells import Bold
from vesselview.io.csv_cells import FormulaSafeWriter
from vesselview.io.latex_tables import latex_escape, write_latex_table

__all__ = ["INFINITY", "MINUS_INFINITY", "TABLE_FORMATS", "UNDEFINED", "Bold", "fixed",
           "latex_escape", "number", "row_decimals", "write_text_table"]

#: Formats `write_text_table` accepts.
TABLE_FORMATS: tuple[str, ...] = ("csv", "markdown", "latex")


#: How a table shows an undefined value (an em dash; the cell's note counts them).
UNDEFINED = "—"
#: How a table shows +inf and -inf (LaTeX: ``$\infty$``, ``$-\infty$``).
INFINITY, MINUS_INFINITY = "∞", "−∞"


def number(value: float, digits: int = 3) -> str:
    """``value`` with ``digits`` significant digits; `UNDEFINED` for nan, `INFINITY` and
    `MINUS_INFINITY` for the infinities.

    Examples
    --------
    >>> number(0.81234), number(23.456), number(float("nan")), number(float("inf"))
    ('0.812', '23.5', '—', '∞')
    """
    if math.isnan(value):
        return UNDEFINED
    if math.isinf(value):
        return INFINITY if value > 0 else MINUS_INFINITY
    return f"{value:.{digits}g}"


def row_decimals(values: Sequence[float], significant: int = 3) -> int:
    """Decimals that show the largest finite ``|value|`` with ``significant`` digits.

    One count per table row, so a row's cells line up (``0.887``, ``0.995``; ``21.6``).

    Examples
    --------
    >>> row_decimals([0.887, 0.995]), row_decimals([0.0213, 5e-05]), row_decimals([21.6])
    (3, 4, 1)
    >>> row_decimals([float("nan"), 0.0]), row_decimals([1234.5])
    (3, 0)
    """
    finite = [abs(v) for v in values if math.isfinite(v) and v != 0]
    if not finite:
        return significant
    return max(0, significant - 1 - math.floor(math.log10(max(finite))))


def fixed(value: float, decimals: int) -> str:
    """``value`` with ``decimals`` decimals; non-finite values as `number` shows them.

    Examples
    --------
    >>> fixed(0.99995, 3), fixed(21.64, 1), fixed(float("-inf"), 2)
    ('1.000', '21.6', '−∞')
    """
    if not math.isfinite(value):
        return number(value)
    return f"{value:.{decimals}f}"


def write_text_table(header: Sequence[str], rows: Sequence[Sequence[str]], stream: TextIO,
                     table_format: str, *, caption: str = "", latex_fit: str = "split",
                     key_columns: int = 1) -> None:
    """Write one table.

    Parameters
    ----------
    header : sequence of str
    rows : sequence of sequence of str
        Each as long as ``header``; `Bold` cells are emphasised.
    stream : text stream
    table_format : {"csv", "markdown", "latex"}
    caption : str
        Markdown: a line before the table; LaTeX: ``\\caption``; CSV: ignored.
    latex_fit : {"split", "resize"}
        How LaTeX fits a table wider than the text (`vesselview.io.latex_tables`).
    key_columns : int
        LaTeX: the first columns, naming a row, that each part of a split table repeats.
    """
    if table_format == "csv":
        FormulaSafeWriter(stream, lineterminator="\n").writerows([list(header), *map(list, rows)])
    elif table_format == "markdown":
        _markdown(header, rows, stream, caption)
    elif table_format == "latex":
        write_latex_table(header, rows, stream, caption, latex_fit,
                          key_columns=key_columns)
    else:
        raise ValueError(f"unknown table format {table_format!r}; use one of {TABLE_FORMATS}")


def _markdown(header: Sequence[str], rows: Sequence[Sequence[str]], stream: TextIO,
              caption: str) -> None:
    """GitHub-flavoured Markdown pipe table, first column left, others right-aligned."""
    if caption:
        stream.write(f"{caption}\n\n")
    stream.write(_markdown_row(header))
    stream.write("|" + "|".join([":---", *["---:"] * (len(header) - 1)]) + "|\n")
    for row in rows:
        stream.write(_markdown_row(row))
    stream.write("\n")


def _markdown_row(cells: Sequence[str]) -> str:
    """One ``| a | b |`` line."""
    text = [f"**{_markdown_escape(cell.text)}**{_markdown_escape(cell.mark)}"
            if isinstance(cell, Bold) else _markdown_escape(cell) for cell in cells]
    return "| " + " | ".join(text) + " |\n"


def _markdown_escape(text: str) -> str:
    """``|`` and ``*`` escaped, so cells neither split nor turn italic."""
    return text.replace("|", r"\|").replace("*", r"\*")
