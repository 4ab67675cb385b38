"""The paper table of a method comparison: one summary cell per method and metric.

A cell reads ``mean ± sd`` (``--summary-stat mean``; Markdown and CSV add the 95 %
bootstrap CI, ``[ci_low, ci_high]``) or ``median [q1, q3]`` (``--summary-stat median``),
with the decimals that give the row's largest value three significant digits. When not
every case defines the value it adds how many do and why the others are missing:
``(n=19, 1 undefined)`` (``nan`` or a failed pair), ``(n=20, 2 inf)`` (infinite values,
kept in n: the mean is then ``∞``, LaTeX ``$\\infty$``; a statistic that is undefined, as
the sd then, is an em dash); with ``note_marks`` (LaTeX, to keep the columns
narrow) as a superscript letter that a caption sentence explains instead. The best
methods of a metric by the value shown, as rounded (the largest, or the smallest for a
dissimilarity), are bold, ties together; a single best one has ``*`` when its
Holm-corrected Wilcoxon p against every other method is below `ALPHA`. A human baseline
is never bold nor starred. Metrics are named from the registry (`MetricInfo`: short
name, unit, ``↑`` higher / ``↓`` lower is better).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from vesselview._version import __version__
from vesselview.engine.families import METRICS
from vesselview.engine.params import Params
from vesselview.io.bold_cells import Marked
from vesselview.io.text_tables import Bold, fixed, row_decimals
from vesselview.research.ranking import oriented
from vesselview.research.statistics import (
    HOLM_FAMILY,
    Comparison,
    PairedComparison,
    method_label,
)
from vesselview.research.summaries import Summary

#: Summary statistics a table may show (`--summary-stat`).
SUMMARY_STATS: tuple[str, ...] = ("mean", "median")
#: Significance level of the ``*`` mark.
ALPHA = 0.05
#: The arrow of each direction a metric declares.
ARROWS = {"higher": "↑", "lower": "↓", "neither": ""}
#: Method -> case id -> flag of the flagged rows (`vesselview.io.candidate_flags`).
Flagged = Mapping[str, Mapping[str, str]]


def metric_label(key: str) -> str:
    """The registry's short name (or name) of ``key`` with its unit and direction arrow,
    e.g. ``HD95 (px) ↓``; an unregistered key as itself.

    Examples
    --------
    >>> metric_label("hd95"), metric_label("dice"), metric_label("custom")
    ('HD95 (px) ↓', 'Dice ↑', 'custom')
    """
    info = METRICS.get(key)
    if info is None:
        return key
    unit = f" ({info.unit})" if info.unit and info.unit not in (info.short or info.name) else ""
    return f"{info.short or info.name}{unit} {ARROWS[info.direction]}".rstrip()


def named(header: Sequence[str], rows: Sequence[Sequence[str]], latex: bool, column: int = 0
          ) -> tuple[list[str], list[list[str]]]:
    """A table with a metric key per row in ``column``, named from the registry
    (`metric_label`): in LaTeX instead of the key, else (Markdown, CSV) in a ``name``
    column after it, as the paper table.

    Examples
    --------
    >>> named(["metric", "n"], [["dice", "3"]], latex=False)
    (['metric', 'name', 'n'], [['dice', 'Dice ↑', '3']])
    >>> named(["metric", "n"], [["dice", "3"]], latex=True)
    (['metric', 'n'], [['Dice ↑', '3']])
    """
    if latex:
        return list(header), [[*row[:column], metric_label(row[column]), *row[column + 1:]]
                              for row in rows]
    return ([*header[:column + 1], "name", *header[column + 1:]],
            [[*row[:column + 1], metric_label(row[column]), *row[column + 1:]] for row in rows])


def stat_caption(stat: str, with_ci: bool) -> str:
    """What a cell shows, for a caption (``stat`` one of `SUMMARY_STATS`)."""
    if stat == "median":
        return "Median [interquartile range]"
    return "Mean ± sd [95 % bootstrap CI of the mean]" if with_ci else "Mean ± sd"


def summary_caption(comparison: Comparison, params: Params, left_out_note: str, stat: str,
                    inputs: str, *, with_ci: bool) -> str:
    """The paper table's caption: what a cell shows (``stat``, ``with_ci``), counts, bold
    and stars, baselines, the repeats left out (``left_out_note``), the parameters that
    differ from the defaults, the ``inputs`` sentence and the version."""
    scores = comparison.scores
    baselines = "".join(f" {method_label(name, scores.baselines)}: the dataset's other observer, "
                        "shown for reference, not ranked." for name in scores.baselines)
    changed = [f"{key} = {value}" for key, value in params.to_dict().items()
               if value != Params().to_dict()[key]]
    return (f"{stat_caption(stat, with_ci)} over the {len(scores.cases)} cases (n=k: "
            "defined on k of them; j undefined: j not defined or failed; i inf: i of "
            f"them infinite); ↑ higher / ↓ lower is better; bold: the best {stat} as shown "
            f"among the methods, ties together; * Holm-corrected Wilcoxon p < {ALPHA} "
            f"against every other method (Holm {HOLM_FAMILY}).{baselines} "
            f"{left_out_note}Parameters: "
            f"{', '.join(changed) + ', others' if changed else 'all'} at their defaults. "
            f"{inputs + ' ' if inputs else ''}(vesselview {__version__}).")


def summary_table(comparison: Comparison, *, stat: str = "mean", with_ci: bool = True,
                  with_best_column: bool = False, note_marks: bool = False
                  ) -> tuple[list[str], list[list[str]], str]:
    """Header and rows of the paper table: the metric's key and name, then one cell per
    method and per human baseline (module docstring), then the best methods when
    ``with_best_column``; and the caption sentence explaining the ``note_marks`` (``""``
    when there are none)."""
    scores = comparison.scores
    methods, ranked = scores.methods, list(scores.ranked)
    header = ["metric", "name", *(method_label(m, scores.baselines) for m in methods),
              *(["best"] if with_best_column else [])]
    tests = [t for t in comparison.comparisons
             if t.a not in scores.baselines and t.b not in scores.baselines]
    letters: dict[str, str] = {}
    rows = []
    for metric in scores.metrics:
        summaries = [comparison.summary[m][metric] for m in methods]
        shown = [_shown(s, stat) for s in summaries]
        decimals = row_decimals(shown)
        best = _best(metric, ranked, [_rounded(v, decimals) for v in shown[:len(ranked)]])
        star = "*" if len(best) == 1 and _significantly_best(tests, metric, best[0]) else ""
        cells = []
        for method, summary in zip(methods, summaries, strict=True):
            text, note = _cell(summary, decimals, stat, with_ci), count_note(summary, len(
                scores.cases))
            if note_marks and note:
                note = letters.setdefault(note, chr(ord("a") + len(letters)))
            else:
                text, note = text + note, ""
            mark = ",".join(filter(None, (star if method in best else "", note)))
            cells.append(Bold(text, mark) if method in best else Marked(text, mark))
        rows.append([metric, metric_label(metric), *cells,
                     *([", ".join(best)] if with_best_column else [])])
    legend = "; ".join(f"{letter}: {note.strip()[1:-1]}" for note, letter in letters.items())
    return header, rows, f"Cases: {legend}." if legend else ""


def flagged_row(methods: Sequence[str], flagged: Flagged, width: int) -> list[str]:
    """The ``flagged predictions`` row: per method its flagged cases, e.g.
    ``01 (empty), 07 (nearly empty)``; ``width`` cells (two name the row)."""
    cells = [", ".join(f"{case_id} ({flag.removesuffix('_candidate').replace('_', ' ')})"
                       for case_id, flag in flagged.get(method, {}).items())
             for method in methods]
    return ["flagged", "flagged predictions", *cells, *[""] * (width - 2 - len(methods))]


def count_note(summary: Summary, cases: int) -> str:
    """``" (n=k, j undefined, i inf)"`` naming what is missing or infinite, ``""`` when
    all ``cases`` are defined and finite.

    Examples
    --------
    >>> nan = float("nan")
    >>> count_note(Summary(0.8, 0.1, 0.8, nan, nan, 19), 20)
    ' (n=19, 1 undefined)'
    >>> count_note(Summary(float("inf"), nan, 3.0, nan, nan, 20, 2), 20)
    ' (n=20, 2 inf)'
    """
    parts = [f"{cases - summary.n} undefined" if summary.n < cases else "",
             f"{summary.n_inf} inf" if summary.n_inf else ""]
    notes = "".join(f", {part}" for part in parts if part)
    return f" (n={summary.n}{notes})" if notes else ""


def _cell(summary: Summary, decimals: int, stat: str, with_ci: bool) -> str:
    """One cell's text without its count note (module docstring)."""
    def shown(*values: float) -> list[str]:
        return [fixed(value, decimals) for value in values]

    if stat == "median":
        median, q1, q3 = shown(summary.median, summary.q1, summary.q3)
        text = f"{median} [{q1}, {q3}]"
    else:
        mean, sd, low, high = shown(summary.mean, summary.sd, summary.ci_low, summary.ci_high)
        text = f"{mean} ± {sd}" + (f" [{low}, {high}]" if with_ci else "")
    return text


def _shown(summary: Summary, stat: str) -> float:
    """The value a cell leads with: the median or the mean."""
    return summary.median if stat == "median" else summary.mean


def _rounded(value: float, decimals: int) -> float:
    """``value`` as a cell shows it, rounded to ``decimals`` (non-finite values as they are)."""
    return float(fixed(value, decimals)) if np.isfinite(value) else value


def _best(metric: str, methods: Sequence[str], shown: Sequence[float]) -> list[str]:
    """The methods whose shown (rounded) value is the best, ties together; none when no
    value is defined or the metric has no better direction."""
    values = oriented(metric, list(shown))
    if np.isnan(values).all():
        return []
    return [m for m, value in zip(methods, values, strict=True) if value == np.nanmax(values)]


def _significantly_best(tests: Sequence[PairedComparison], metric: str, best: str) -> bool:
    """Holm p < `ALPHA` in every test of ``metric`` involving ``best``."""
    involved = [t.p_holm for t in tests if t.metric == metric and best in (t.a, t.b)]
    return bool(involved) and all(p < ALPHA for p in involved)
