"""Write a method comparison as JSON (the document of `vesselview.io.comparison_json` with
its ``"left_out"``), or as CSV / Markdown / LaTeX tables for a paper.

``left_out`` names the metrics the report leaves out because they repeat another one
exactly (``"fpr": "fpr = 1 − sp"``; `vesselview.engine.metric_sets`); the tables' caption
says the same.

Tables: the paper table (`vesselview.io.summary_table`: cells, counts, bold) has one row
per metric (its key and registry name with the direction arrow) and one column per
method, then one per human baseline, headed ``observer2 (human baseline)``. In LaTeX
the methods are the rows and the metrics the columns when that fits the page, and every
table is fitted to the width (`vesselview.io.latex_tables`: split or resized,
``longtable`` for long ones; each headed by the preamble it needs). When some
predictions are flagged (the rows' ``flags``: empty or nearly empty, see
`vesselview.io.candidate_flags`), a last row ``flagged predictions`` names their cases
per method. CSV has this table only (the best methods in a ``best`` column); Markdown
and LaTeX add the pairwise tests (``*`` p_holm < 0.05, ``**`` < 0.01, ``***`` < 0.001),
with k >= 3 methods Friedman's test with Nemenyi's critical difference, and the
methods' orders (with the cases each metric's ranks are averaged over); with Conover's or
Wilcoxon's post-hoc test its p per pair. Every table names its metrics from the registry
(`vesselview.io.summary_table.named`): Markdown and CSV in a ``name`` column after the
key, LaTeX instead of the key. Every caption
of the paper table gives the statistic shown, the parameters that differ from the
defaults, the inputs (`TableOptions.inputs`: FOV rule, reference observer) and the
version.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from typing import TextIO

from vesselview.engine.params import Params
from vesselview.io.comparison_json import comparison_document
from vesselview.io.friedman_tables import (
    FRIEDMAN_CAPTION,
    friedman_table,
    post_hoc_caption,
    post_hoc_table,
    stars,
)
from vesselview.io.latex_tables import split_parts
from vesselview.io.shared_reasons import SharedReasons, shared_reasons_note
from vesselview.io.summary_table import (
    Flagged,
    flagged_row,
    named,
    summary_caption,
    summary_table,
)
from vesselview.io.text_tables import number, write_text_table
from vesselview.research.friedman import FriedmanTest
from vesselview.research.method_orders import MethodOrders
from vesselview.research.posthoc import PostHoc
from vesselview.research.statistics import (
    HOLM_FAMILY,
    Comparison,
    PairedComparison,
    method_label,
)

#: A table's header and rows.
TextTable = tuple[list[str], list[list[str]]]
#: Output formats of a comparison.
COMPARISON_FORMATS: tuple[str, ...] = ("json", "csv", "markdown", "latex")


@dataclasses.dataclass(frozen=True)
class TableOptions:
    """How the tables are written.

    Attributes
    ----------
    summary_stat : {"mean", "median"}
        `vesselview.io.summary_table.SUMMARY_STATS` (``--summary-stat``).
    latex_fit : {"split", "resize"}
        `vesselview.io.latex_tables.LATEX_FITS` (``--latex-fit``).
    inputs : str
        A caption sentence on the inputs: FOV rule, reference observer.
    """

    summary_stat: str = "mean"
    latex_fit: str = "split"
    inputs: str = ""


def write_comparison(comparison: Comparison, orders: MethodOrders, params: Params,
                     stream: TextIO, output_format: str, flagged: Flagged | None = None,
                     friedman: Sequence[FriedmanTest] = (),
                     left_out: Mapping[str, str] | None = None,
                     options: TableOptions = TableOptions(),
                     post_hoc: PostHoc | None = None,
                     reasons: SharedReasons | None = None) -> None:
    """Write ``comparison`` in ``output_format`` (one of `COMPARISON_FORMATS`);
    ``flagged``, ``friedman`` and ``post_hoc`` as in `comparison_document` (the tables
    list a post-hoc's pairs unless it is Nemenyi's); ``left_out`` names the
    metrics left out as repeats of another (`vesselview.engine.metric_sets.left_out`):
    JSON ``"left_out"``, a sentence of the tables' caption; ``options``: the tables'
    statistic, LaTeX fit and inputs sentence; ``reasons``: `shared_reasons` of the
    records (the JSON summaries and the tables' caption say them)."""
    if output_format == "json":
        document = comparison_document(comparison, orders, params, flagged, friedman,
                                       post_hoc, reasons)
        json.dump({**document, "left_out": dict(left_out or {})}, stream, indent=2,
                  allow_nan=False)
        stream.write("\n")
        return
    fit = options.latex_fit

    def table(header: list[str], rows: list[list[str]], caption: str, keys: int = 1) -> None:
        write_text_table(header, rows, stream, output_format, caption=caption, latex_fit=fit,
                         key_columns=keys)

    latex = output_format == "latex"
    header, rows, notes = summary_table(comparison, stat=options.summary_stat,
                                        with_ci=not latex, note_marks=latex,
                                        with_best_column=output_format == "csv")
    if flagged:
        rows.append(flagged_row(comparison.scores.methods, flagged, len(header)))
    undefined = shared_reasons_note(reasons or {}, comparison.scores.methods,
                                    comparison.scores.metrics)
    caption = summary_caption(comparison, params, _left_out_note(left_out or {}) + undefined,
                              options.summary_stat, options.inputs, with_ci=not latex)
    if latex:
        header, rows, legend = _latex_layout(header, rows, fit)
        notes = f"{legend} {notes}".strip()
    table(header, rows, f"{caption} {notes}" if notes else caption)
    if output_format == "csv":
        return
    baselines = comparison.scores.baselines
    tests, legend = _with_method_legend(
        lambda labels: named(*tests_table(comparison.comparisons, baselines, labels=labels),
                             latex),
        comparison.scores.methods, baselines, latex)
    table(*tests, "Paired Wilcoxon signed-rank tests (a - b) over the n cases both define; "
          f"Holm {HOLM_FAMILY}: * p < 0.05, ** < 0.01, *** < 0.001.{legend}", keys=3)
    if friedman:
        table(*named(*friedman_table(friedman), latex), FRIEDMAN_CAPTION)
    if post_hoc is not None and post_hoc.name != "nemenyi":
        chosen = post_hoc
        pairs, legend = _with_method_legend(
            lambda labels: named(*post_hoc_table(chosen, labels), latex), chosen.methods, (),
            latex)
        table(*pairs, post_hoc_caption(chosen) + legend, keys=3)
    table(*named(*orders_table(orders), latex),
          "Mean rank of each method per case (1 = best) over the n cases every method "
          "defines, and Kendall's tau-b of each metric's order with the consensus order "
          "(human baselines not ranked).")


def _latex_layout(header: list[str], rows: list[list[str]], fit: str
                  ) -> tuple[list[str], list[list[str]], str]:
    """The LaTeX paper table and a caption sentence: methods as rows and metrics (named)
    as columns when that fits the page or is to be resized (``fit``), else the way that
    is cut into fewer parts (`split_parts`): metrics as rows with the methods as columns,
    headed by name or, when names make them wide, by number (the sentence says which is
    which); methods as rows on a tie."""
    by_method = (["method", *(row[1] for row in rows)],
                 [[name, *(row[column] for row in rows)]
                  for column, name in enumerate(header[2:], start=2)])
    numbers, legend = _numbered(header[2:])
    layouts = [(*by_method, ""), (["metric", *header[2:]], [row[1:] for row in rows], ""),
               (["metric", *numbers], [row[1:] for row in rows], legend)]
    if fit == "resize":
        return layouts[0]
    return min(layouts, key=lambda layout: split_parts(layout[0], layout[1]))


def _numbered(names: Sequence[str]) -> tuple[list[str], str]:
    """``(1)``, ``(2)``, ... for ``names``, and the caption sentence saying which is which."""
    numbers = [f"({i})" for i in range(1, len(names) + 1)]
    legend = "; ".join(f"{number} {name}" for number, name in zip(numbers, names, strict=True))
    return numbers, f"Methods: {legend}."


def _with_method_legend(make: Callable[[Mapping[str, str] | None], TextTable],
                        methods: Sequence[str], baselines: Sequence[str], latex: bool
                        ) -> tuple[TextTable, str]:
    """A table of pairs of methods (``make(labels)``, methods named by `method_label` when
    ``labels`` is None) and a caption sentence: in LaTeX, when the methods' names make it
    wider than the page, the methods are numbered (`_numbered`)."""
    table = make(None)
    if not latex or split_parts(*table) == 1:
        return table, ""
    numbers, legend = _numbered([method_label(m, baselines) for m in methods])
    return make(dict(zip(methods, numbers, strict=True))), f" {legend}"


def tests_table(tests: Sequence[PairedComparison], baselines: Sequence[str] = (), *,
                labels: Mapping[str, str] | None = None) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the pairwise tests: one row per metric and pair of methods
    (named by `method_label`, or by ``labels`` when given)."""
    def name(method: str) -> str:
        return labels[method] if labels else method_label(method, baselines)

    header = ["metric", "a", "b", "n", "median diff", "W", "p", "p Holm"]
    rows = [[t.metric, name(t.a), name(t.b), str(t.n),
             number(t.median_diff), number(t.statistic), number(t.p, 2),
             number(t.p_holm, 2) + stars(t.p_holm)] for t in tests]
    return header, rows


def orders_table(orders: MethodOrders) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the methods' orders: cases ranked, mean ranks, winners, tau-b
    with the consensus."""
    header = ["metric", "n", *orders.methods, "winner", "tau-b vs consensus"]
    columns = zip(orders.metrics, orders.n, orders.mean_rank, orders.winners,
                  orders.consensus_tau_b, strict=True)
    rows = [[metric, str(n), *(number(r) for r in ranks), ", ".join(winners), number(tau, 2)]
            for metric, n, ranks, winners, tau in columns]
    return header, rows


def _left_out_note(left_out: Mapping[str, str]) -> str:
    """The caption's sentence on the metrics left out as repeats (``""`` when none)."""
    if not left_out:
        return ""
    return f"Left out as exact repeats: {'; '.join(left_out.values())}. "
