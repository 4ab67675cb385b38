"""Every JSON output is strict JSON: a non-finite number is ``null`` with its reason in
the object's ``"undefined"`` map (never a string such as ``"inf"``), and infinities come
back from the reason; the comparison tables count the infinite values per cell."""

from __future__ import annotations

import io
import json
import math
from typing import Any

from tests.engine.cases import small_case
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.engine.result import Result
from vesselview.io import result_record, summarise, write_json
from vesselview.io.agreement_tables import write_agreement
from vesselview.io.curve_tables import write_curves
from vesselview.io.report_tables import write_comparison
from vesselview.io.strict_json import decode_metrics
from vesselview.research.grading_agreement import InterGrader
from vesselview.research.method_orders import method_orders
from vesselview.research.ranking import rank_agreement
from vesselview.research.statistics import MethodScores, compare_methods


def strict(text: str) -> Any:
    """``json.loads`` that refuses ``NaN``, ``Infinity`` and ``-Infinity``."""

    def refuse(constant: str) -> None:
        raise ValueError(f"non-standard JSON constant {constant}")

    return json.loads(text, parse_constant=refuse)


def strings_and_nulls(node: Any, path: str = "") -> tuple[list[str], list[str]]:
    """Paths of the string values spelling an infinity, and of the nulls, in ``node``
    (the ``"undefined"`` maps themselves are skipped)."""
    if isinstance(node, dict):
        found = [strings_and_nulls(value, f"{path}/{key}") for key, value in node.items()
                 if key != "undefined"]
    elif isinstance(node, list):
        found = [strings_and_nulls(value, f"{path}[{i}]") for i, value in enumerate(node)]
    else:
        infinite = isinstance(node, str) and node.lstrip("+-").lower() in ("inf", "infinity")
        return ([path] if infinite else []), ([path] if node is None else [])
    return [p for f in found for p in f[0]], [p for f in found for p in f[1]]


def explained(node: Any, path: str = "") -> list[str]:
    """Paths of the number nulls that no ``"undefined"`` map of their object explains
    (list entries as ``name[i]``)."""
    if isinstance(node, list):
        return [p for i, value in enumerate(node) for p in explained(value, f"{path}[{i}]")]
    if not isinstance(node, dict):
        return []
    reasons = node.get("undefined") or {}
    missing = [f"{path}/{key}" for key, value in node.items() if value is None
               and key in _NUMBER_FIELDS and key not in reasons]
    missing += [f"{path}/{key}[{i}]" for key, value in node.items() if isinstance(value, list)
                for i, entry in enumerate(value) if entry is None and f"{key}[{i}]" not in reasons]
    nested = [p for key, value in node.items() if key != "undefined"
              for p in explained(value, f"{path}/{key}")]
    return missing + nested


_NUMBER_FIELDS = {*METRIC_KEYS, "mean", "sd", "median", "ci_low", "ci_high", "statistic", "p",
                  "p_holm", "median_diff", "kendall_tau_b", "spearman", "pearson", "delta_r1",
                  "delta_r2", "weighted_kappa", "icc_2_1", "kendall_w", "auc",
                  "average_precision", "best_threshold", "best_f1_t"}


def _record(case_id: str, **metrics: float) -> dict[str, Any]:
    values = {key: 0.5 for key in METRIC_KEYS} | metrics
    reasons = {key: "reference is empty" for key, value in values.items() if math.isnan(value)}
    result = Result(params=Params(), version="9.9", metrics=values, undefined=reasons)
    return result_record(result, id=case_id, sources={})


def test_results_and_summary_are_strict_and_every_null_says_why() -> None:
    records = [_record("a", hausdorff=math.inf, se=math.nan), _record("b", hausdorff=2.0)]
    stream = io.StringIO()
    write_json(records, Params(), stream, summary=summarise(records))
    document = strict(stream.getvalue())
    infinite, nulls = strings_and_nulls(document)
    assert infinite == [] and "/results[0]/metrics/hausdorff" in nulls
    for record in document["results"]:  # a record's reasons are beside its metrics
        assert explained(record["metrics"] | {"undefined": record["undefined"]}) == []
    group = document["summary"][0]
    for statistic in ("mean", "std", "median"):
        assert explained(group[statistic] | {"undefined": group["undefined"][statistic]}) == []
    assert decode_metrics(document["results"][0])["hausdorff"] == math.inf
    assert math.isnan(decode_metrics(document["results"][0])["se"])
    assert document["results"][0]["undefined"]["hausdorff"] == (
        "+inf: one mask is empty, so no distance to it exists")


def test_the_summary_of_read_back_records_keeps_the_infinite_mean() -> None:
    stream = io.StringIO()
    records = [_record("a", hausdorff=math.inf), _record("b", hausdorff=2.0)]
    write_json(records, Params(), stream)
    (group,) = summarise(strict(stream.getvalue())["results"])
    assert group["mean"]["hausdorff"] is None
    assert group["undefined"]["mean"]["hausdorff"].startswith("+inf:")
    assert group["mean"]["dice"] == 0.5


def _scores_with_an_empty_prediction() -> MethodScores:
    """B's case 03 is empty: its hausdorff is infinite; A's case 05 leaves dice undefined."""
    a = {f"{i:02d}": {"dice": math.nan if i == 5 else 0.80 + 0.01 * i, "hausdorff": 3.0 + i}
         for i in range(1, 7)}
    b = {f"{i:02d}": {"dice": 0.70 + 0.01 * i, "hausdorff": math.inf if i == 3 else 5.0 + i}
         for i in range(1, 7)}
    return MethodScores.from_mapping({"A": a, "B": b})


def _comparison_text(output_format: str) -> str:
    scores = _scores_with_an_empty_prediction()
    stream = io.StringIO()
    write_comparison(compare_methods(scores, n_resamples=200), method_orders(scores), Params(),
                     stream, output_format)
    return stream.getvalue()


def test_comparison_json_is_strict_with_the_infinite_mean_explained() -> None:
    document = strict(_comparison_text("json"))
    assert strings_and_nulls(document)[0] == []
    hausdorff_b = document["summary"]["B"]["hausdorff"]
    assert (hausdorff_b["mean"], hausdorff_b["n"], hausdorff_b["n_inf"]) == (None, 6, 1)
    assert hausdorff_b["undefined"]["mean"].startswith("+inf:")
    assert document["summary"]["A"]["hausdorff"]["n_inf"] == 0
    assert explained(document["summary"]) == explained(document["comparisons"]) == []


def test_comparison_tables_count_undefined_and_infinite_values_per_cell() -> None:
    text = _comparison_text("markdown")
    dice = next(line for line in text.splitlines() if line.startswith("| dice |"))
    hausdorff = next(line for line in text.splitlines() if line.startswith("| hausdorff |"))
    a_dice, b_dice = dice.split(" | ")[2:4]
    a_hausdorff, b_hausdorff = hausdorff.split(" | ")[2:4]
    assert a_dice.rstrip("*").endswith("(n=5, 1 undefined)") and "(n=" not in b_dice
    assert b_hausdorff.rstrip(" |").endswith("(n=6, 1 inf)") and "(n=" not in a_hausdorff
    assert "i inf: i of them infinite" in text


def test_agreement_json_is_strict_and_explains_its_nulls() -> None:
    agreement = rank_agreement({"dice": [1, 2, 3, 4], "cal": [1, 1, 1, 1]}, [1, 2, 3, 4],
                               expected_kind="score")
    stream = io.StringIO()
    write_agreement(agreement, InterGrader(("ann", "bob"), 4, 0.9, math.nan, math.nan),
                    Params(), stream, "json")
    document = strict(stream.getvalue())
    assert document["inter_grader"]["icc_2_1"] is None
    assert explained(document) == []


def test_curves_json_is_strict_and_names_the_threshold_below_every_probability() -> None:
    stream = io.StringIO()
    write_curves(small_case(soft=True), Params(t=1), stream, "json")
    document = strict(stream.getvalue())
    assert strings_and_nulls(document)[0] == []
    assert explained(document) == []
    reasons = document["roc"]["undefined"]
    assert reasons and all(reason.startswith("-inf: below every probability")
                           for reason in reasons.values())
