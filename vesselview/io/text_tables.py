"""Render small tables of text cells as CSV, Markdown (GitHub pipes) or LaTeX (booktabs).

Cells are plain text; the renderers escape what their format needs (``|`` and ``*`` in
Markdown; ``\\ _ % & # $ { } ~ ^ < >`` and ``±`` in LaTeX). Bold cells are given as
`Bold`, so each format marks them its own way (``**x**``, ``\\textbf{x}``; unmarked in
CSV), with an optional mark after them (``*``; a superscript in LaTeX).
Numbers are formatted once (`number`: significant digits; `fixed` with `row_decimals`:
the same decimals across a row) so every format shows the same digits.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import TextIO

from vesselview.io.csv_cells import FormulaSafeWriter

#: Formats `write_text_table` accepts.
TABLE_FORMATS: tuple[str, ...] = ("csv", "markdown", "latex")
_LATEX_SPECIAL = re.compile(r"([\\_%&#${}~^<>±–])")
_LATEX_REPLACEMENT = {"\\": r"\textbackslash{}", "~": r"\textasciitilde{}",
                      "^": r"\textasciicircum{}", "<": "$<$", ">": "$>$", "±": r"$\pm$",
                      "–": "--"}


class Bold(str):
    """A cell to show in bold (Markdown, LaTeX), optionally followed by a plain ``mark``.

    Examples
    --------
    >>> cell = Bold("0.81", mark="*")
    >>> str(cell), cell.text, cell.mark
    ('0.81*', '0.81', '*')
    """

    text: str
    mark: str

    def __new__(cls, text: str, mark: str = "") -> Bold:
        cell = super().__new__(cls, text + mark)
        cell.text, cell.mark = text, mark
        return cell


def number(value: float, digits: int = 3) -> str:
    """``value`` with ``digits`` significant digits; ``–`` for nan, ``inf``/``-inf``.

    Examples
    --------
    >>> number(0.81234), number(23.456), number(float("nan")), number(float("inf"))
    ('0.812', '23.5', '–', 'inf')
    """
    if math.isnan(value):
        return "–"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
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
    """``value`` with ``decimals`` decimals; ``–`` for nan, ``inf``/``-inf``.

    Examples
    --------
    >>> fixed(0.99995, 3), fixed(21.64, 1), fixed(float("-inf"), 2)
    ('1.000', '21.6', '-inf')
    """
    if not math.isfinite(value):
        return number(value)
    return f"{value:.{decimals}f}"


def write_text_table(header: Sequence[str], rows: Sequence[Sequence[str]], stream: TextIO,
                     table_format: str, *, caption: str = "") -> None:
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
    """
    if table_format == "csv":
        FormulaSafeWriter(stream, lineterminator="\n").writerows([list(header), *map(list, rows)])
    elif table_format == "markdown":
        _markdown(header, rows, stream, caption)
    elif table_format == "latex":
        _latex(header, rows, stream, caption)
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


def _latex(header: Sequence[str], rows: Sequence[Sequence[str]], stream: TextIO,
           caption: str) -> None:
    """A ``table`` with a booktabs ``tabular`` (needs ``\\usepackage{booktabs}``)."""
    stream.write("\\begin{table}\n\\centering\n")
    if caption:
        stream.write(f"\\caption{{{latex_escape(caption)}}}\n")
    stream.write(f"\\begin{{tabular}}{{l{'r' * (len(header) - 1)}}}\n\\toprule\n")
    stream.write(_latex_row(header) + "\\midrule\n")
    for row in rows:
        stream.write(_latex_row(row))
    stream.write("\\bottomrule\n\\end{tabular}\n\\end{table}\n\n")


def _latex_row(cells: Sequence[str]) -> str:
    """One ``a & b \\\\`` line; a `Bold` cell's mark as a superscript."""
    text = [f"\\textbf{{{latex_escape(c.text)}}}" + (f"$^{{{c.mark}}}$" if c.mark else "")
            if isinstance(c, Bold) else latex_escape(c) for c in cells]
    return " & ".join(text) + " \\\\\n"


def latex_escape(text: str) -> str:
    """``text`` with LaTeX's special characters escaped (``±`` as ``$\\pm$``, ``<`` as ``$<$``).

    Examples
    --------
    >>> latex_escape("f1_t 5% a&b")
    'f1\\\\_t 5\\\\% a\\\\&b'
    """
    return _LATEX_SPECIAL.sub(lambda m: _LATEX_REPLACEMENT.get(m[1], "\\" + m[1]), text)
