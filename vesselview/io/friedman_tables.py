"""Friedman's test and Nemenyi's critical difference in a comparison report.

JSON (``friedman`` of the comparison document; numbers as in `vesselview.io.writers`)::

    {"post_hoc": "nemenyi", "alpha": 0.05, "methods": [method],
     "tests": {metric: {"n", "statistic", "p", "critical_difference", "undefined",
                        "mean_rank": {method: rank},
                        "nemenyi_p": {method: {method: p}}}}}

A ``null`` number has its reason in ``"undefined"`` (`vesselview.io.strict_json.encode_fields`);
the ranks and Nemenyi p are ``null`` exactly when ``n`` is 0.

``null`` with fewer than 3 ranked methods (two keep the paired Wilcoxon). The table (Markdown
and LaTeX) has one row per metric: the cases, chi-square, p, CD and the mean ranks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from vesselview.io.strict_json import encode_fields, encode_number
from vesselview.io.text_tables import number
from vesselview.research.friedman import ALPHA, POST_HOC, FriedmanTest

#: Why a Friedman test's number is undefined.
UNDEFINED = ("fewer than 2 cases that every method defines, or every case ties every "
             "method (no case: no ranks either)")


def friedman_entry(tests: Sequence[FriedmanTest]) -> dict[str, Any] | None:
    """The ``friedman`` entry of the comparison document (module docstring)."""
    if not tests:
        return None
    methods = tests[0].methods

    def by_method(values: np.ndarray) -> dict[str, Any]:
        return dict(zip(methods, map(encode_number, values), strict=True))

    return {
        "post_hoc": POST_HOC, "alpha": ALPHA, "methods": list(methods),
        "tests": {test.metric: {
            **encode_fields({"n": test.n, "statistic": test.statistic, "p": test.p,
                             "critical_difference": test.critical_difference},
                            nan_reason=UNDEFINED),
            "mean_rank": by_method(test.mean_rank),
            "nemenyi_p": {a: by_method(row) for a, row in zip(methods, test.nemenyi_p,
                                                               strict=True)},
        } for test in tests},
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
