"""A method comparison as a JSON-safe document (`comparison_document`; its ``"left_out"``
is added by `vesselview.io.report_tables.write_comparison`).

JSON (strict; numbers encoded as in `vesselview.io.strict_json`: a non-finite value is
``null`` and its object's ``"undefined"`` map gives the reason, ``"+inf: ..."`` for an
infinite mean)::

    {"vesselview": version, "params": {...}, "cases": number of cases,
     "summary": {method: {metric: {"mean", "sd", "median", "ci_low", "ci_high", "n",
                                   "n_inf", "q1", "q3", "undefined"}}},
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

``n`` is the number of cases a value is computed from: undefined values (``nan``, and
failed pairs) are left out, never averaged in; ``n_inf`` of them are infinite
(distances to an empty mask), which makes the mean infinite. A human baseline (the dataset's other
observer, `MethodScores.baselines`) has its own entry, is tested against each method in
``comparisons`` (always as ``b``) and is in no ranking.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from vesselview._version import __version__
from vesselview.engine.params import Params
from vesselview.io.friedman_tables import friedman_entry
from vesselview.io.shared_reasons import SharedReasons
from vesselview.io.strict_json import encode_fields, encode_number
from vesselview.io.summary_table import Flagged
from vesselview.research.friedman import FriedmanTest
from vesselview.research.method_orders import MethodOrders
from vesselview.research.posthoc import PostHoc
from vesselview.research.statistics import HOLM_FAMILY, Comparison
from vesselview.research.summaries import Summary

#: Reason of a ``nan`` summary or test value.
_UNDEFINED = "undefined: too few cases define it (or an infinite value enters it)"
#: Keys of a summary entry and of a comparison entry in the JSON, in order.
SUMMARY_FIELDS: tuple[str, ...] = (
    "mean", "sd", "median", "ci_low", "ci_high", "n", "n_inf", "q1", "q3")
COMPARISON_FIELDS: tuple[str, ...] = (
    "metric", "a", "b", "test", "statistic", "p", "p_holm", "median_diff", "n")


def comparison_document(comparison: Comparison, orders: MethodOrders, params: Params,
                        flagged: Flagged | None = None,
                        friedman: Sequence[FriedmanTest] = (),
                        post_hoc: PostHoc | None = None,
                        reasons: SharedReasons | None = None) -> dict[str, Any]:
    """The JSON-safe comparison document (module docstring); ``flagged``: method ->
    case id -> flag of the flagged rows; ``friedman``: `friedman_tests` of the scores;
    ``post_hoc``: their post-hoc test (`vesselview.research.posthoc.post_hoc`; Nemenyi's
    when not given); ``reasons``: `shared_reasons` of the records, said by the summaries
    of the metrics no case defines."""
    scores = comparison.scores
    shared = reasons or {}

    def summaries(methods: Sequence[str]) -> dict[str, Any]:
        return {method: {metric: _summary_entry(summary, shared.get(method, {}).get(metric))
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
        "friedman": friedman_entry(friedman, post_hoc),
        "rank_agreement": _orders_entry(orders),
        "flagged": {method: dict(cases) for method, cases in (flagged or {}).items()},
    }


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


def _summary_entry(summary: Summary, reason: str | None = None) -> dict[str, Any]:
    """One ``{"mean", "sd", "median", "ci_low", "ci_high", "n"}`` entry; ``reason``: why
    every case leaves the metric undefined, when they share one."""
    values = dataclasses.asdict(summary)
    nan_reason = (f"undefined on every case: {reason}" if reason and summary.n == 0
                  else _UNDEFINED)
    return encode_fields({field: values[field] for field in SUMMARY_FIELDS},
                         nan_reason=nan_reason)
