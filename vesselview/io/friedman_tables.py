"""Friedman's test, Nemenyi's critical difference and the post-hoc test in a comparison report.

JSON (``friedman`` of the comparison document; numbers as in `vesselview.io.writers`)::

    {"post_hoc": "nemenyi" | "conover" | "wilcoxon-holm", "post_hoc_family": family,
     "alpha": 0.05, "methods": [method],
     "tests": {metric: {"n", "statistic", "p", "critical_difference", "undefined",
                        "mean_rank": {method: rank},
                        "nemenyi_p": {method: {method: p}},
                        "post_hoc_p": {method: {method: p}}}}}

A ``null`` number has its reason in ``"undefined"`` (`vesselview.io.strict_json.encode_fields`);
the ranks and Nemenyi p are ``null`` exactly when ``n`` is 0, the post-hoc p also when
every case ties every method. ``post_hoc_p`` is the chosen post-hoc's p
(`vesselview.research.posthoc`), corrected as ``post_hoc_family`` states: Nemenyi's p
(the default) as they are, Conover's and Wilcoxon's by Holm over every pair of methods
times every metric of the report.

``null`` with fewer than 3 ranked methods (two keep the paired Wilcoxon). The table (Markdown
and LaTeX) has one row per metric: the cases, chi-square, p, CD and the mean ranks; with
Conover's or Wilcoxon's post-hoc a second table has one row per metric and pair of
methods with its corrected p.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from vesselview.io.strict_json import encode_fields, encode_number
from vesselview.io.text_tables import number
from vesselview.research.friedman import ALPHA, FriedmanTest
from vesselview.research.posthoc import PostHoc, nemenyi

#: Why a Friedman test's number is undefined.
UNDEFINED = ("fewer than 2 cases that every method defines, or every case ties every "
             "method (no case: no ranks either)")


def friedman_entry(tests: Sequence[FriedmanTest], post_hoc: PostHoc | None = None
                   ) -> dict[str, Any] | None:
    """The ``friedman`` entry of the comparison document (module docstring); ``post_hoc``
    of the same methods and metrics, Nemenyi's when not given."""
    if not tests:
        return None
    methods = tests[0].methods
    post_hoc = post_hoc or nemenyi(tests)

    def by_method(values: np.ndarray) -> dict[str, Any]:
        return dict(zip(methods, map(encode_number, values), strict=True))

    return {
        "post_hoc": post_hoc.name, "post_hoc_family": post_hoc.family, "alpha": ALPHA,
        "methods": list(methods),
        "tests": {test.metric: {
            **encode_fields({"n": test.n, "statistic": test.statistic, "p": test.p,
                             "critical_difference": test.critical_difference},
                            nan_reason=UNDEFINED),
            "mean_rank": by_method(test.mean_rank),
            "nemenyi_p": {a: by_method(row) for a, row in zip(methods, test.nemenyi_p,
                                                               strict=True)},
            "post_hoc_p": {a: by_method(row) for a, row in zip(methods, p, strict=True)},
        } for test, p in zip(tests, post_hoc.p, strict=True)},
    }


def friedman_table(tests: Sequence[FriedmanTest]) -> tuple[list[str], list[list[str]]]:
    """Header and rows: metric, n, chi-square, p, CD, then each method's mean rank."""
    header = ["metric", "n", "chi2", "p", f"CD ({ALPHA})", *tests[0].methods]
    rows = [[test.metric, str(test.n), number(test.statistic), number(test.p, 2),
             number(test.critical_difference), *(number(r) for r in test.mean_rank)]
            for test in tests]
    return header, rows


#: Caption of the Friedman table.
FRIEDMAN_CAPTION = (
    "Friedman's test over the n cases every method defines, with Nemenyi's critical "
    f"difference CD at alpha = {ALPHA} (Demšar 2006): two methods whose mean ranks "
    "(1 = best) differ by more than CD differ significantly; human baselines not ranked.")


def post_hoc_table(post_hoc: PostHoc, labels: Mapping[str, str] | None = None
                   ) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the post-hoc test: metric, the methods a and b (named by
    ``labels`` when given) and the corrected p with its stars (`stars`)."""
    def name(method: str) -> str:
        return labels[method] if labels else method

    return (["metric", "a", "b", "p"],
            [[metric, name(a), name(b), number(p, 2) + stars(p)]
             for metric, a, b, p in post_hoc.pairs()])


def post_hoc_caption(post_hoc: PostHoc) -> str:
    """The post-hoc table's caption: the test, its cases and the family Holm corrects."""
    test = {"conover": "Friedman-Conover test (Conover 1999) of the rank sums",
            "wilcoxon-holm": "paired Wilcoxon signed-rank tests"}.get(post_hoc.name,
                                                                     post_hoc.name)
    return (f"Post-hoc comparison of each pair of methods after Friedman's test: {test} "
            f"over the n cases every method defines; p corrected by {post_hoc.family}: "
            f"* p < {ALPHA}, ** < 0.01, *** < 0.001.")


def stars(p: float) -> str:
    """Significance stars of a corrected p-value (none for an undefined one)."""
    return "***" if p < 0.001 else "**" if p < 0.01 else "*" if p < ALPHA else ""
