"""Critical-difference diagrams (Demšar, J. Mach. Learn. Res. 7, 2006) as SVG.

One panel per metric: a rank axis from 1 (best, left) to k, a bar as long as Nemenyi's
critical difference, each method's mean rank marked and named (the better half on the
left, the rest on the right), and a thick line under every maximal group of methods
whose mean ranks differ by less than the CD (not significantly different).

Written by hand as SVG text because matplotlib is not a dependency and the engine side
may not import Qt (pyqtgraph's exporters need a running scene); SVG only, which papers
and browsers take directly and any vector tool converts to PDF or PNG.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from vesselview.io.text_tables import number
from vesselview.research.friedman import FriedmanTest

#: Panel geometry in SVG user units (px): width, left and right end of the rank axis.
WIDTH, AXIS_LEFT, AXIS_RIGHT = 640, 170, 470
#: Vertical space of a panel's title, axis and each label row.
TOP, ROW = 70, 18


def rank_x(rank: float, k: int) -> float:
    """x of mean rank ``rank`` (1..k) on the axis."""
    return AXIS_LEFT + (rank - 1) / max(k - 1, 1) * (AXIS_RIGHT - AXIS_LEFT)


def groups(mean_rank: np.ndarray, critical_difference: float) -> list[tuple[int, int]]:
    """Maximal runs of the methods sorted by mean rank whose spread is below the CD.

    Parameters
    ----------
    mean_rank : ndarray of float64, shape (k,)
        Sorted ascending.
    critical_difference : float

    Returns
    -------
    list of (first, last)
        Indices into ``mean_rank`` of each group of two or more methods, none inside another.
    """
    runs: list[tuple[int, int]] = []
    for first in range(mean_rank.size):
        last = int(np.searchsorted(mean_rank, mean_rank[first] + critical_difference,
                                   side="left")) - 1
        if last > first and not (runs and runs[-1][1] >= last):
            runs.append((first, last))
    return runs


def cd_diagram_svg(tests: Sequence[FriedmanTest]) -> str:
    """An SVG document with one critical-difference panel per test with n > 0.

    Parameters
    ----------
    tests : sequence of FriedmanTest
        From `vesselview.research.friedman.friedman_tests` (k >= 3 methods).

    Returns
    -------
    str
        The SVG text (UTF-8, no external resources).
    """
    panels, y = [], 0.0
    for test in (t for t in tests if t.n > 0):
        body, height = _panel(test)
        panels.append(f'<g transform="translate(0,{y:g})">{body}</g>')
        y += height
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{max(y, 1):g}" '
            f'viewBox="0 0 {WIDTH} {max(y, 1):g}" font-family="sans-serif" font-size="12">\n'
            + "\n".join(panels) + "\n</svg>\n")


def _panel(test: FriedmanTest) -> tuple[str, float]:
    """One metric's diagram and its height."""
    k = len(test.methods)
    order = np.argsort(test.mean_rank, kind="stable")
    ranks = test.mean_rank[order]
    axis_y = TOP - 10
    parts = [_text(10, 16, f"{test.metric}: Friedman p = {number(test.p, 2)}, n = {test.n}, "
                           f"CD = {number(test.critical_difference)}", "start", bold=True),
             _line(AXIS_LEFT, axis_y, AXIS_RIGHT, axis_y, 1)]
    for tick in range(1, k + 1):
        x = rank_x(tick, k)
        parts += [_line(x, axis_y, x, axis_y - 5, 1), _text(x, axis_y - 8, str(tick), "middle")]
    cd_end = rank_x(1 + test.critical_difference, k)
    parts += [_line(AXIS_LEFT, 36, cd_end, 36, 2, "cd"),
              _text((AXIS_LEFT + cd_end) / 2, 31, "CD", "middle")]
    clique_rows = groups(ranks, test.critical_difference)
    for row, (first, last) in enumerate(clique_rows):
        cy = axis_y + 8 + 6 * row
        parts.append(_line(rank_x(ranks[first], k) - 3, cy, rank_x(ranks[last], k) + 3, cy, 4,
                           "group"))
    label_top = axis_y + 16 + 6 * len(clique_rows)
    left = math.ceil(k / 2)
    for position, index in enumerate(order):
        x = rank_x(test.mean_rank[index], k)
        on_left = position < left
        row_y = label_top + ROW * (position if on_left else k - 1 - position)
        end_x = AXIS_LEFT - 20 if on_left else AXIS_RIGHT + 20
        parts += [_line(x, axis_y, x, row_y, 1, "method"), _line(x, row_y, end_x, row_y, 1),
                  _text(end_x + (-4 if on_left else 4), row_y + 4,
                        f"{test.methods[index]} ({test.mean_rank[index]:.2f})",
                        "end" if on_left else "start")]
    return "".join(parts), label_top + ROW * left + 10


def _line(x1: float, y1: float, x2: float, y2: float, width: float, kind: str = "") -> str:
    """An SVG line; ``kind`` becomes its class (``cd``, ``group``, ``method``)."""
    css = f' class="{kind}"' if kind else ""
    return (f'<line{css} x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" '
            f'stroke="black" stroke-width="{width:g}"/>')


def _text(x: float, y: float, content: str, anchor: str, bold: bool = False) -> str:
    """An SVG text, escaped."""
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.2f}" y="{y:.2f}" text-anchor={quoteattr(anchor)}{weight}>'
            f"{escape(content)}</text>")
