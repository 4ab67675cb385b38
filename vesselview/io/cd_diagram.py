"""Critical-difference diagrams (Demšar, J. Mach. Learn. Res. 7, 2006), one figure for
PNG, SVG and PDF.

One panel per metric, stacked: the metric's name with Friedman's p, n and Nemenyi's CD;
a bar as long as the CD; a rank axis from 1 (best, left) to k; each method's mean rank
marked and named with its value (the better half on the left, the rest on the right);
and a thick line under every maximal group of methods whose mean ranks differ by less
than the CD (not significantly different).

The figure is a `matplotlib.figure.Figure` drawn in inches (x right, y down from the
top), never through pyplot (no GUI backend, no global state); `vesselview.io.figure_file`
saves it in the format of the file's suffix. It is one column of a paper wide
(`COLUMN_WIDTH`) unless the method names need more. `diagram_values` are the plotted
numbers, which the files carry for ``vesselview-eval --verify``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from vesselview.errors import InputError
from vesselview.io.figure_file import figure_blocks, save_figure
from vesselview.io.provenance import Provenance
from vesselview.io.provenance_formats import PROVENANCE_KEY, figure_text
from vesselview.io.strict_json import encode_number
from vesselview.io.summary_table import metric_label
from vesselview.io.text_tables import number
from vesselview.research.friedman import FriedmanTest

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.typing import RcKeyType

#: Width of a one-column paper figure (inches), and the least length of the rank axis.
COLUMN_WIDTH, LEAST_AXIS = 3.5, 1.2
#: Font sizes (points) of the method labels and the panel titles.
LABEL_SIZE, TITLE_SIZE = 7.0, 7.5
#: Vertical layout of a panel (inches from its top): title, CD bar, tick labels, axis;
#: then the distance between clique lines and between label rows.
TITLE_Y, CD_Y, TICK_Y, AXIS_Y, CLIQUE_STEP, ROW_STEP = 0.10, 0.27, 0.38, 0.50, 0.05, 0.15
#: Side margin, and the elbow of a label line beyond the axis end (inches).
MARGIN, ELBOW = 0.04, 0.12
#: The font of every diagram: DejaVu Sans ships with matplotlib (the same metrics
#: everywhere). The file settings are `vesselview.io.figure_file.FILE_STYLE`.
STYLE: dict[RcKeyType, Any] = {"font.family": "DejaVu Sans"}
#: The key of the block holding `diagram_values` in a diagram file.
VALUES_KEY = "vesselview-cd-diagram"
_POINTS_PER_INCH = 72.0


def write_cd_diagram(path: str, tests: Sequence[FriedmanTest],
                     provenance: Provenance | None = None) -> None:
    """Write the diagram of ``tests`` to ``path`` (PNG, SVG or PDF by its suffix) with its
    `diagram_values` (`VALUES_KEY`) and ``provenance`` (`PROVENANCE_KEY`) in it
    (`vesselview.io.figure_file`).

    Raises
    ------
    InputError
        Naming ``path`` when it cannot be written.
    """
    blocks = {VALUES_KEY: json.dumps(diagram_values(tests), indent=1, allow_nan=False)}
    if provenance is not None:
        blocks[PROVENANCE_KEY] = figure_text(provenance)
    save_figure(cd_figure(tests), path, blocks)


def read_diagram_values(path: str) -> Any:
    """The `diagram_values` a diagram file carries; None when ``path`` is no diagram.

    Raises
    ------
    InputError
        Naming ``path`` when it cannot be read or its values are not JSON.
    """
    block = (figure_blocks(path) or {}).get(VALUES_KEY)
    if block is None:
        return None
    try:
        return json.loads(block)
    except ValueError:
        raise InputError(f"{path}: its {VALUES_KEY} block is not JSON (edited by hand?)",
                         source=path) from None


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


def drawn_tests(tests: Sequence[FriedmanTest]) -> list[FriedmanTest]:
    """The tests that get a panel: those with cases (n > 0)."""
    return [test for test in tests if test.n > 0]


def diagram_values(tests: Sequence[FriedmanTest]) -> dict[str, Any]:
    """The plotted numbers of each panel, as JSON values.

    Returns
    -------
    dict
        ``{"panels": [{"metric", "n", "p", "critical_difference", "methods",
        "mean_rank", "cliques"}, ...]}``: methods in the order drawn (best first), each
        clique as its methods' names; a non-finite p as null.
    """
    panels = []
    for test in drawn_tests(tests):
        order = np.argsort(test.mean_rank, kind="stable")
        methods = [test.methods[index] for index in order]
        panels.append({"metric": test.metric, "n": test.n, "p": encode_number(test.p),
                       "critical_difference": float(test.critical_difference),
                       "methods": methods,
                       "mean_rank": [float(test.mean_rank[index]) for index in order],
                       "cliques": [methods[first:last + 1] for first, last in
                                   groups(test.mean_rank[order], test.critical_difference)]})
    return {"panels": panels}


def cd_figure(tests: Sequence[FriedmanTest]) -> Figure:
    """The critical-difference diagram of ``tests`` (one panel each with n > 0).

    Parameters
    ----------
    tests : sequence of FriedmanTest
        From `vesselview.research.friedman.friedman_tests` (k >= 3 methods).

    Returns
    -------
    matplotlib.figure.Figure
        Width `COLUMN_WIDTH` inches or more (long names), height the panels'. Every
        artist's coordinates are inches from the top left. Artists carry ids (``gid``,
        the SVG's group ids): ``cd-bar``, ``clique``, ``method-<rank order>``.
    """
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    panels = drawn_tests(tests)
    left_room, right_room = _label_rooms(panels)
    titles = max((_width(_title(test), TITLE_SIZE, bold=True) for test in panels), default=0)
    width = max(COLUMN_WIDTH, titles + 2 * MARGIN,
                left_room + right_room + LEAST_AXIS + 2 * (MARGIN + ELBOW))
    axis = (MARGIN + ELBOW + left_room, width - MARGIN - ELBOW - right_room)
    heights = [_panel_height(test) for test in panels]
    with rc_context(STYLE):
        figure = Figure(figsize=(width, max(sum(heights), 0.1)))
        ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_axis_off()
        ax.set_xlim(0.0, width)
        ax.set_ylim(max(sum(heights), 0.1), 0.0)
        top = 0.0
        for test, height in zip(panels, heights, strict=True):
            _draw_panel(ax, test, axis, top)
            top += height
    return figure


def rank_x(rank: float, k: int, axis: tuple[float, float]) -> float:
    """x (inches) of mean rank ``rank`` (1..k) on the axis from ``axis[0]`` to ``axis[1]``."""
    return axis[0] + (rank - 1) / max(k - 1, 1) * (axis[1] - axis[0])


def _draw_panel(ax: Axes, test: FriedmanTest, axis: tuple[float, float], top: float) -> None:
    """One metric's panel, ``top`` inches below the figure's top."""
    k = len(test.methods)
    order = np.argsort(test.mean_rank, kind="stable")
    ranks = test.mean_rank[order]
    axis_y = top + AXIS_Y
    _text(ax, MARGIN, top + TITLE_Y, _title(test), "left", TITLE_SIZE, bold=True)
    ax.plot(axis, (axis_y, axis_y), color="black", linewidth=0.8)
    for tick in range(1, k + 1):
        x = rank_x(tick, k, axis)
        ax.plot((x, x), (axis_y, axis_y - 0.04), color="black", linewidth=0.8)
        _text(ax, x, top + TICK_Y, str(tick), "center", LABEL_SIZE)
    cd_end = rank_x(1 + test.critical_difference, k, axis)
    ax.plot((axis[0], cd_end), (top + CD_Y, top + CD_Y), color="black", linewidth=1.5,
            gid="cd-bar", solid_capstyle="butt")
    _text(ax, (axis[0] + cd_end) / 2, top + CD_Y - 0.06, "CD", "center", LABEL_SIZE)
    cliques = groups(ranks, test.critical_difference)
    for row, (first, last) in enumerate(cliques):
        y = axis_y + 0.08 + CLIQUE_STEP * row
        ax.plot((rank_x(ranks[first], k, axis) - 0.03, rank_x(ranks[last], k, axis) + 0.03),
                (y, y), color="black", linewidth=2.5, gid="clique", solid_capstyle="butt")
    label_top = axis_y + 0.16 + CLIQUE_STEP * len(cliques)
    for position, (row_y, on_left) in enumerate(_label_rows(k, label_top)):
        index = order[position]
        x = rank_x(test.mean_rank[index], k, axis)
        end_x = axis[0] - ELBOW if on_left else axis[1] + ELBOW
        ax.plot((x, x, end_x), (axis_y, row_y, row_y), color="black", linewidth=0.6,
                gid=f"method-{position}")
        _text(ax, end_x + (-0.03 if on_left else 0.03), row_y, _label(test, index),
              "right" if on_left else "left", LABEL_SIZE)


def _label_rows(k: int, label_top: float) -> Iterator[tuple[float, bool]]:
    """(y, on the left) of each method's label in rank order: the better half top-down
    on the left, the rest bottom-up on the right (lines never cross)."""
    left = math.ceil(k / 2)
    for position in range(k):
        on_left = position < left
        yield label_top + ROW_STEP * (position if on_left else k - 1 - position), on_left


def _panel_height(test: FriedmanTest) -> float:
    cliques = len(groups(np.sort(test.mean_rank), test.critical_difference))
    rows = math.ceil(len(test.methods) / 2)
    return AXIS_Y + 0.16 + CLIQUE_STEP * cliques + ROW_STEP * (rows - 1) + 0.14


def _label_rooms(tests: Sequence[FriedmanTest]) -> tuple[float, float]:
    """Widths (inches) of the widest left and right method labels over every panel."""
    rooms = [0.0, 0.0]
    for test in tests:
        order = np.argsort(test.mean_rank, kind="stable")
        for (_, on_left), index in zip(_label_rows(len(order), 0.0), order, strict=True):
            side = 0 if on_left else 1
            rooms[side] = max(rooms[side], _width(_label(test, index), LABEL_SIZE) + 0.03)
    return rooms[0], rooms[1]


def _width(text: str, size: float, bold: bool = False) -> float:
    """Width (inches) of ``text`` in the diagram's font at ``size`` points."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    font = FontProperties(family=STYLE["font.family"], size=size,
                          weight="bold" if bold else "normal")
    points = TextToPath().get_text_width_height_descent(text, font, ismath=False)[0]
    return float(points) / _POINTS_PER_INCH


def _title(test: FriedmanTest) -> str:
    return (f"{metric_label(test.metric)}: Friedman p = {number(test.p, 2)}, n = {test.n}, "
            f"CD = {number(test.critical_difference)}")


def _label(test: FriedmanTest, index: int) -> str:
    return f"{test.methods[index]} ({test.mean_rank[index]:.2f})"


def _text(ax: Axes, x: float, y: float, content: str, align: str, size: float,
          bold: bool = False) -> None:
    """Plain text (no mathtext: a ``$`` in a name stays a ``$``), vertically centred."""
    ax.text(x, y, content, ha=align, va="center", fontsize=size, parse_math=False,
            fontweight="bold" if bold else "normal")
