"""LaTeX tables that compile with a stated preamble and fit the page width.

Every table starts with the comment `PREAMBLE_COMMENT`: it needs ``booktabs`` (rules),
``longtable`` (tables longer than `LONG_ROWS` rows, which break across pages) and
``graphicx`` (``\\resizebox``), compiled by pdflatex with UTF-8 input (the default since
LaTeX 2018). The width of a table is estimated from its text (`estimated_width`, in
points of the 10 pt Computer Modern an ``article`` sets) against `TEXT_WIDTH` (the 10 pt
``article``'s ``\\textwidth``). A table wider than that is, by `LATEX_FITS`:

* ``split`` (default): cut into parts of whole columns, each repeating the key columns
  (those naming the rows) and captioned "part i of k";
* ``resize``: scaled down to the text width with ``\\resizebox``.

A ``longtable`` cannot be scaled: a long table too wide is set in the largest of
`LONG_FONT_SIZES` it fits in, else split.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TextIO

from vesselview.io.bold_cells import Bold, Marked

#: Ways to fit a table wider than the text (`--latex-fit`).
LATEX_FITS: tuple[str, ...] = ("split", "resize")
#: The packages every table needs.
PREAMBLE = "\\usepackage{booktabs,longtable,graphicx}"
#: The comment heading each table.
PREAMBLE_COMMENT = (f"% vesselview table: needs {PREAMBLE} in the preamble "
                    "(pdflatex, UTF-8 input)\n")
#: ``\textwidth`` of a 10 pt ``article`` (points), the width a table must fit.
TEXT_WIDTH = 345.0
#: Tables with more rows than this are a ``longtable`` (a float must fit one page).
LONG_ROWS = 30
#: The widest the first column (the rows' names) is set; longer names wrap (points).
FIRST_COLUMN = 130.0
#: Smaller type for long tables: LaTeX size command and its scale.
LONG_FONT_SIZES: tuple[tuple[str, float], ...] = (
    ("\\small", 0.9), ("\\footnotesize", 0.8), ("\\scriptsize", 0.7))
#: Space LaTeX puts around a column's text (2 ``\tabcolsep``), points.
_COLUMN_PADDING = 12.0
#: The widest another column is set, so that it fits beside a wrapped first column; longer
#: text (a list of tied winners) wraps at its spaces (points).
WIDEST_COLUMN = TEXT_WIDTH - FIRST_COLUMN - 2 * _COLUMN_PADDING
#: Character classes and their estimated widths (points, 10 pt Computer Modern, measured
#: with ``\\settowidth`` and rounded up): widest, capitals, narrow, narrowest, others.
_WIDTHS: tuple[tuple[re.Pattern[str], float], ...] = (
    (re.compile("[MWmw±=%—∞↑↓αβΔµ\N{GREEK SMALL LETTER GAMMA}]"), 9.0),
    (re.compile("[A-Z]"), 7.6),
    (re.compile(r"[ ()\[\]\-/rstf]"), 4.0),
    (re.compile(r"[.,;:'!|ijl]"), 2.8),
)
_OTHER = 5.2
#: A minus sign (``$-$``), wider than a hyphen.
_MINUS_SIGN = 7.8
#: Bold Computer Modern is wider than the roman.
_BOLD = 1.15

_LATEX_REPLACEMENT = {"\\": r"\textbackslash{}", "~": r"\textasciitilde{}",
                      "^": r"\textasciicircum{}", "<": "$<$", ">": "$>$", "±": r"$\pm$",
                      "–": "--", "—": "---", "∞": r"$\infty$", "−": "$-$",
                      "↑": r"$\uparrow$", "↓": r"$\downarrow$",
                      "α": r"$\alpha$", "β": r"$\beta$", "Δ": r"$\Delta$", "µ": r"$\mu$",
                      "\N{GREEK SMALL LETTER GAMMA}": r"$\gamma$", "²": r"$^2$", "š": r"\v{s}"}
_LATEX_SPECIAL = re.compile("([" + re.escape("".join(_LATEX_REPLACEMENT) + "_%&#${}") + "])")
#: A minus sign: a hyphen starting a number (``-0.25``, not ``Li-2019`` nor ``a - b``).
_MINUS = re.compile(r"(?<![\w.])-(?=\d|\.\d|inf\b)")


def latex_escape(text: str) -> str:
    """``text`` with LaTeX's special characters escaped and the non-ASCII ones the tables
    use spelled out (``±`` as ``$\\pm$``, ``↑`` as ``$\\uparrow$``, ``<`` as ``$<$``).

    Examples
    --------
    >>> latex_escape("f1_t 5% a&b")
    'f1\\\\_t 5\\\\% a\\\\&b'
    >>> latex_escape("HD95 (px²) ↓")
    'HD95 (px$^2$) $\\\\downarrow$'
    >>> latex_escape("-0.25 a - b Li-2019")
    '$-$0.25 a - b Li-2019'
    >>> latex_escape("∞ ± — −∞")
    '$\\\\infty$ $\\\\pm$ --- $-$$\\\\infty$'
    """
    escaped = _LATEX_SPECIAL.sub(lambda m: _LATEX_REPLACEMENT.get(m[1], "\\" + m[1]), text)
    return _MINUS.sub("$-$", escaped)


def estimated_width(text: str, *, bold: bool = False) -> float:
    """Printed width of ``text`` in a table cell, points (a slight overestimate).

    Examples
    --------
    >>> estimated_width("0.812")
    23.6
    """
    counts = [len(pattern.findall(text)) for pattern, _ in _WIDTHS]
    width = sum(count * size for count, (_, size) in zip(counts, _WIDTHS, strict=True))
    width += (len(text) - sum(counts)) * _OTHER
    width += len(_MINUS.findall(text)) * (_MINUS_SIGN - 4.0)  # a minus, not a hyphen
    return round(width * (_BOLD if bold else 1.0), 1)


def write_latex_table(header: Sequence[str], rows: Sequence[Sequence[str]], stream: TextIO,
                      caption: str, fit: str = "split", *, key_columns: int = 1) -> None:
    """Write one table, fitted to `TEXT_WIDTH` by ``fit`` (module docstring).

    Parameters
    ----------
    header : sequence of str
    rows : sequence of sequence of str
        Each as long as ``header``; `Bold` cells in bold, `Marked` cells' marks as
        superscripts.
    stream : text stream
    caption : str
    fit : {"split", "resize"}
    key_columns : int
        The first columns, which name a row: repeated in every part of a split table.
    """
    if fit not in LATEX_FITS:
        raise ValueError(f"unknown LaTeX fit {fit!r}; use one of {LATEX_FITS}")
    widths = _column_widths(header, rows)
    long, too_wide = len(rows) > LONG_ROWS, sum(widths) > TEXT_WIDTH
    size = _long_font_size(widths) if long and too_wide else ""
    split = too_wide and (fit == "split" or long) and not size
    parts = _column_parts(widths, key_columns) if split else [list(range(len(header)))]
    for number, columns in enumerate(parts, start=1):
        part_caption = caption if len(parts) == 1 else (
            f"{caption} (part 1 of {len(parts)})" if number == 1
            else f"Continued (part {number} of {len(parts)}).")
        part_header = [header[c] for c in columns]
        part_rows = [[row[c] for c in columns] for row in rows]
        stream.write(PREAMBLE_COMMENT)
        if long:
            _longtable(part_header, part_rows, stream, part_caption, size)
        else:
            _float(part_header, part_rows, stream, part_caption, resize=too_wide and not split)


def _long_font_size(widths: Sequence[float]) -> str:
    """The largest `LONG_FONT_SIZES` command a long table whose columns are ``widths``
    wide at the normal size fits the text in (the column padding and a wrapped first
    column do not shrink), ``""`` when none."""
    padding = _COLUMN_PADDING * (len(widths) - 1)
    return next((command for command, scale in LONG_FONT_SIZES
                 if widths[0] + (sum(widths[1:]) - padding) * scale + padding <= TEXT_WIDTH),
                "")


def split_parts(header: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    """How many parts ``split`` cuts the table into (1: it fits)."""
    widths = _column_widths(header, rows)
    return len(_column_parts(widths, 1)) if sum(widths) > TEXT_WIDTH else 1


def _column_widths(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[float]:
    """Each column's estimated width with its padding, points (the first one at most
    `FIRST_COLUMN`, the others at most `WIDEST_COLUMN`: they wrap)."""
    widths = _text_widths(header, rows)
    return [min(widths[0], FIRST_COLUMN) + _COLUMN_PADDING,
            *(min(width, WIDEST_COLUMN) + _COLUMN_PADDING for width in widths[1:])]


def _text_widths(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[float]:
    """Each column's widest estimated text, points."""
    return [max(estimated_width(cell, bold=isinstance(cell, Bold)) for cell in column)
            for column in zip(header, *rows, strict=True)]


def _column_parts(widths: Sequence[float], key_columns: int) -> list[list[int]]:
    """Columns of each part: the key columns, then as many of the next as fit (at least
    one per part)."""
    keys = list(range(min(key_columns, len(widths))))
    parts: list[list[int]] = []
    for column in range(len(keys), len(widths)):
        used = sum(widths[c] for c in parts[-1]) if parts else TEXT_WIDTH
        if used + widths[column] > TEXT_WIDTH:
            parts.append(list(keys))
        parts[-1].append(column)
    return parts or [keys]


def _float(header: Sequence[str], rows: Sequence[Sequence[str]], stream: TextIO,
           caption: str, *, resize: bool) -> None:
    """A ``table`` float with a booktabs ``tabular`` (scaled to the text width when
    ``resize``)."""
    stream.write("\\begin{table}\n\\centering\n")
    if caption:
        stream.write(f"\\caption{{{latex_escape(caption)}}}\n")
    if resize:
        stream.write("\\resizebox{\\textwidth}{!}{%\n")
    alignment = _alignment(header, rows)
    wrap = alignment.startswith("p")
    stream.write(f"\\begin{{tabular}}{{{alignment}}}\n\\toprule\n")
    stream.write(_row(header, wrap) + "\\midrule\n")
    stream.writelines(_row(row, wrap) for row in rows)
    stream.write("\\bottomrule\n\\end{tabular}" + ("}\n" if resize else "\n"))
    stream.write("\\end{table}\n\n")


def _longtable(header: Sequence[str], rows: Sequence[Sequence[str]], stream: TextIO,
               caption: str, size: str = "") -> None:
    """A booktabs ``longtable``: its header repeated on every page; in the type ``size``
    (a LaTeX size command, ``""``: the normal size)."""
    alignment = _alignment(header, rows)
    wrap = alignment.startswith("p")
    head = f"\\toprule\n{_row(header, wrap)}\\midrule\n"
    if size:
        stream.write(f"\\begingroup{size}\n")
    stream.write(f"\\begin{{longtable}}{{{alignment}}}\n")
    if caption:
        stream.write(f"\\caption{{{latex_escape(caption)}}}\\\\\n")
    stream.write(f"{head}\\endfirsthead\n{head}\\endhead\n\\bottomrule\n\\endlastfoot\n")
    stream.writelines(_row(row, wrap) for row in rows)
    stream.write("\\end{longtable}\n" + ("\\endgroup\n\n" if size else "\n"))


def _alignment(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """First column left (wrapped in a `FIRST_COLUMN` wide paragraph when its text is
    wider than that), the others right (wrapped in a `WIDEST_COLUMN` wide paragraph when
    wider than that)."""
    first, *others = _text_widths(header, rows)
    return (f"p{{{FIRST_COLUMN:g}pt}}" if first > FIRST_COLUMN else "l") + "".join(
        f"p{{{WIDEST_COLUMN:g}pt}}" if width > WIDEST_COLUMN else "r" for width in others)


def _marked(cell: Marked) -> str:
    """A `Marked` (or `Bold`) cell: its text, then its mark as a superscript."""
    text = latex_escape(cell.text)
    mark = f"$^{{{latex_escape(cell.mark)}}}$" if cell.mark else ""
    return (f"\\textbf{{{text}}}" if isinstance(cell, Bold) else text) + mark


def _row(cells: Sequence[str], wrap_first: bool = False) -> str:
    """One ``a & b \\\\`` line; a `Marked` cell's mark as a superscript; with
    ``wrap_first`` the first cell may also break after an underscore (a long key)."""
    text = [_marked(c) if isinstance(c, Marked) else latex_escape(c) for c in cells]
    if wrap_first:
        text[0] = text[0].replace("\\_", "\\_\\allowbreak{}")
    return " & ".join(text) + " \\\\\n"
