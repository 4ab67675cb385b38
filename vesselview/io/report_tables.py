"""Write a method comparison as JSON, or as CSV / Markdown / LaTeX tables for a paper.

JSON (strict; numbers encoded as in `vesselview.io.writers`: a non-finite value is
``null`` and its object's ``"undefined"`` map gives the reason, ``"+inf: ..."`` for an
infinite mean)::

    {"vesselview": version, "params": {...}, "cases": number of cases,
     "summary": {method: {metric: {"mean", "sd", "median", "ci_low", "ci_high", "n",
                                   "n_inf", "undefined"}}},
     "human_baselines": {baseline: {metric: {...the same...}}},
     "comparisons": [{"metric", "a", "b", "test", "statistic", "p", "p_holm",
                      "median_diff", "n", "undefined"}],
     "holm_family": the tests p_holm corrects over (`HOLM_FAMILY`),
     "friedman": k >= 3 methods' Friedman test (`vesselview.io.friedman_tables`) or null,
     "rank_agreement": {"mean_rank": {metric: {method: rank}}, "n": {metric: cases},
                        "winners": {metric: [method]},
                        "kendall_tau_b": {metric: {metric: tau}},
                        "consensus_tau_b": {metric: tau}},
     "flagged": {method: {case id: flag}},
     "left_out": {metric: why}}

``left_out`` names the metrics the report leaves out because they repeat another one
exactly (``"fpr": "fpr = 1 − sp"``; `vesselview.engine.metric_sets`); the tables' caption
says the same.

``n`` is the number of cases a value is computed from: undefined values (``nan``, and
failed pairs) are left out, never averaged in; ``n_inf`` of them are infinite
(distances to an empty mask), which makes the mean infinite. A human baseline (the dataset's other
observer, `MethodScores.baselines`) has its own entry, is tested against each method in
``comparisons`` (always as ``b``) and is in no ranking.

Tables (one row per metric, one column per method, then one per human baseline, headed
``observer2 (human baseline)``): a cell reads ``mean ± sd [ci_low, ci_high]``, with the
decimals that give the row's largest mean three significant digits, and ``(n=k)`` when
the value is defined on k of fewer than all the cases, ``(n=k, j inf)`` when j of those k
values are infinite. The best method of a metric by its
mean (the largest, or the smallest for a dissimilarity) is in bold, with ``*`` when its
Holm-corrected Wilcoxon p against every other method is below `ALPHA`; a human baseline
is never bold nor starred and does not count as an "other method". When some
predictions are flagged (the rows' ``flags``: empty or nearly empty, see
`vesselview.io.candidate_flags`), a last row ``flagged predictions`` names their cases
per method. CSV has this table
only (the best method in a ``best`` column); Markdown and LaTeX add the pairwise tests
(``*`` p_holm < 0.05, ``**`` < 0.01, ``***`` < 0.001), with k >= 3 methods Friedman's
test with Nemenyi's critical difference, and the methods' orders (with the
cases each metric's ranks are averaged over).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

import numpy as np

from vesselview._version import __version__
from vesselview.engine.params import Params
from vesselview.io.friedman_tables import FRIEDMAN_CAPTION, friedman_entry, friedman_table
from vesselview.io.text_tables import Bold, fixed, number, row_decimals, write_text_table
from vesselview.io.writers import encode_fields, encode_number
from vesselview.research.friedman import FriedmanTest
from vesselview.research.method_orders import MethodOrders
from vesselview.research.ranking import oriented
from vesselview.research.statistics import (
    HOLM_FAMILY,
    Comparison,
    PairedComparison,
    method_label,
)
from vesselview.research.summaries import Summary

#: Method -> case id -> flag of the flagged rows (`vesselview.io.candidate_flags`).
Flagged = Mapping[str, Mapping[str, str]]
#: Output formats of a comparison.
COMPARISON_FORMATS: tuple[str, ...] = ("json", "csv", "markdown", "latex")
#: Reason of a ``nan`` summary or test value.
_UNDEFINED = "undefined: too few cases define it (or an infinite value enters it)"
#: Significance level of the marks in the tables.
ALPHA = 0.05
#: Keys of a summary entry and of a comparison entry in the JSON, in order.
SUMMARY_FIELDS: tuple[str, ...] = ("mean", "sd", "median", "ci_low", "ci_high", "n", "n_inf")
COMPARISON_FIELDS: tuple[str, ...] = (
    "metric", "a", "b", "test", "statistic", "p", "p_holm", "median_diff", "n")


def comparison_document(comparison: Comparison, orders: MethodOrders, params: Params,
                        flagged: Flagged | None = None,
                        friedman: Sequence[FriedmanTest] = ()) -> dict[str, Any]:
    """The JSON-safe comparison document (module docstring); ``flagged``: method ->
    case id -> flag of the flagged rows; ``friedman``: `friedman_tests` of the scores."""
    scores = comparison.scores

    def summaries(methods: Sequence[str]) -> dict[str, Any]:
        return {method: {metric: _summary_entry(summary)
                         for metric, summary in comparison.summary[method].items()}
                for method in methods}

    return {
        "vesselview": __version__,
        "params": params.to_dict(),
        "cases": len(scores.cases),
        "summary": summaries(scores.ranked),
        "human_baselines": summaries(scores.baselines),
        "comparisons": [encode_fields({field: getattr(test, field)
                                       for field in COMPARISON_FIELDS}, nan_reason=_UNDEFINED)
                        for test in comparison.comparisons],
        "holm_family": HOLM_FAMILY,
        "friedman": friedman_entry(friedman),
        "rank_agreement": _orders_entry(orders),
        "flagged": {method: dict(cases) for method, cases in (flagged or {}).items()},
    }


def write_comparison(comparison: Comparison, orders: MethodOrders, params: Params,
                     stream: TextIO, output_format: str, flagged: Flagged | None = None,
                     friedman: Sequence[FriedmanTest] = (),
                     left_out: Mapping[str, str] | None = None) -> None:
    """Write ``comparison`` in ``output_format`` (one of `COMPARISON_FORMATS`);
    ``flagged`` and ``friedman`` as in `comparison_document`; ``left_out`` names the
    metrics left out as repeats of another (`vesselview.engine.metric_sets.left_out`):
    JSON ``"left_out"``, a sentence of the tables' caption."""
    if output_format == "json":
        document = comparison_document(comparison, orders, params, flagged, friedman)
        json.dump({**document, "left_out": dict(left_out or {})}, stream, indent=2,
                  allow_nan=False)
        stream.write("\n")
        return
    scores = comparison.scores
    baselines = "".join(f" {method_label(name, scores.baselines)}: the dataset's other observer, "
                        "shown for reference, not ranked." for name in scores.baselines)
    caption = (f"Mean ± sd [95 % bootstrap CI] over the {len(scores.cases)} cases (n=k: "
               f"defined on k of them only; j inf: j of them infinite); bold: best mean "
               f"among the methods; * Holm-corrected Wilcoxon p < {ALPHA} against every "
               f"other method (Holm {HOLM_FAMILY}).{baselines} "
               f"{_left_out_note(left_out or {})}(vesselview {__version__}).")
    header, rows = summary_table(comparison, with_best_column=output_format == "csv")
    if flagged:
        rows.append(flagged_row(comparison.scores.methods, flagged, len(header)))
    write_text_table(header, rows, stream, output_format, caption=caption)
    if output_format == "csv":
        return
    write_text_table(*tests_table(comparison.comparisons, scores.baselines), stream,
                     output_format,
                     caption="Paired Wilcoxon signed-rank tests (a - b) over the n cases "
                             f"both define; Holm {HOLM_FAMILY}: * p < 0.05, ** < 0.01, "
                             "*** < 0.001.")
    if friedman:
        write_text_table(*friedman_table(friedman), stream, output_format,
                         caption=FRIEDMAN_CAPTION)
    write_text_table(*orders_table(orders), stream, output_format,
                     caption="Mean rank of each method per case (1 = best) over the n cases "
                             "every method defines, and Kendall's tau-b of each metric's "
                             "order with the consensus order (human baselines not ranked).")


def summary_table(comparison: Comparison, *, with_best_column: bool = False
                  ) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the paper table: metric, one formatted cell per method, then
    per human baseline (never the best)."""
    scores = comparison.scores
    methods, ranked = scores.methods, list(scores.ranked)
    header = ["metric", *(method_label(m, scores.baselines) for m in methods),
              *(["best"] if with_best_column else [])]
    tests = [t for t in comparison.comparisons
             if t.a not in scores.baselines and t.b not in scores.baselines]
    rows = []
    for metric in scores.metrics:
        summaries = [comparison.summary[m][metric] for m in methods]
        best = _best(metric, ranked, summaries[:len(ranked)])
        marked = best is not None and _significantly_best(tests, metric, best)
        decimals = row_decimals([s.mean for s in summaries])
        cells = [_summary_cell(s, decimals, len(scores.cases), m == best, marked)
                 for m, s in zip(methods, summaries, strict=True)]
        rows.append([metric, *cells, *([best or ""] if with_best_column else [])])
    return header, rows


def flagged_row(methods: Sequence[str], flagged: Flagged, width: int) -> list[str]:
    """The ``flagged predictions`` row: per method its flagged cases, e.g.
    ``01 (empty), 07 (nearly empty)``; ``width`` cells."""
    cells = [", ".join(f"{case_id} ({flag.removesuffix('_candidate').replace('_', ' ')})"
                       for case_id, flag in flagged.get(method, {}).items())
             for method in methods]
    return ["flagged predictions", *cells, *[""] * (width - 1 - len(methods))]


def tests_table(tests: Sequence[PairedComparison], baselines: Sequence[str] = ()
                ) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the pairwise tests: one row per metric and pair of methods."""
    header = ["metric", "a", "b", "n", "median diff", "W", "p", "p Holm"]
    rows = [[t.metric, method_label(t.a, baselines), method_label(t.b, baselines), str(t.n),
             number(t.median_diff), number(t.statistic), number(t.p, 2),
             number(t.p_holm, 2) + _stars(t.p_holm)] for t in tests]
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


def _orders_entry(orders: MethodOrders) -> dict[str, Any]:
    """The ``rank_agreement`` entry: mean ranks, cases, winners, tau-b matrix, consensus."""

    def by_metric(values: Any) -> dict[str, Any]:
        return dict(zip(orders.metrics, values, strict=True))

    def encoded(names: Sequence[str], values: np.ndarray) -> dict[str, Any]:
        return dict(zip(names, map(encode_number, values), strict=True))

    return {
        "mean_rank": by_metric(encoded(orders.methods, row) for row in orders.mean_rank),
        "n": by_metric(map(int, orders.n)),
        "winners": by_metric(list(w) for w in orders.winners),
        "kendall_tau_b": by_metric(encoded(orders.metrics, row) for row in orders.kendall_tau_b),
        "consensus_tau_b": encoded(orders.metrics, orders.consensus_tau_b),
    }


def _summary_entry(summary: Summary) -> dict[str, Any]:
    """One ``{"mean", "sd", "median", "ci_low", "ci_high", "n"}`` entry."""
    values = dataclasses.asdict(summary)
    return encode_fields({field: values[field] for field in SUMMARY_FIELDS},
                         nan_reason=_UNDEFINED)


def _best(metric: str, methods: list[str], summaries: list[Summary]) -> str | None:
    """The method with the best defined mean (oriented); None when none or a tie."""
    means = oriented(metric, [s.mean for s in summaries])
    if np.isnan(means).all() or np.sum(means == np.nanmax(means)) > 1:
        return None
    return methods[int(np.nanargmax(means))]


def _significantly_best(tests: Sequence[PairedComparison], metric: str, best: str) -> bool:
    """Holm p < `ALPHA` in every test of ``metric`` involving ``best``."""
    involved = [t.p_holm for t in tests if t.metric == metric and best in (t.a, t.b)]
    return bool(involved) and all(p < ALPHA for p in involved)


def _summary_cell(summary: Summary, decimals: int, cases: int, best: bool,
                  marked: bool) -> str:
    """``mean ± sd [low, high]``, with ``(n=k)`` when defined on k < ``cases`` cases only,
    ``(n=k, j inf)`` when j values are infinite (bold when best, ``*`` when significantly best)."""
    mean, sd, low, high = (fixed(value, decimals) for value in (
        summary.mean, summary.sd, summary.ci_low, summary.ci_high))
    infinite = f", {summary.n_inf} inf" if summary.n_inf else ""
    count = f" (n={summary.n}{infinite})" if summary.n != cases or infinite else ""
    text = f"{mean} ± {sd} [{low}, {high}]{count}"
    return Bold(text, "*" if marked else "") if best else text


def _left_out_note(left_out: Mapping[str, str]) -> str:
    """The caption's sentence on the metrics left out as repeats (``""`` when none)."""
    if not left_out:
        return ""
    return f"Left out as exact repeats: {'; '.join(left_out.values())}. "


def _stars(p: float) -> str:
    """Significance stars of a corrected p-value."""
    return "***" if p < 0.001 else "**" if p < 0.01 else "*" if p < ALPHA else ""
