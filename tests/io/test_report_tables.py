"""Comparison and agreement reports: exact JSON keys, undefined values, and the CSV /
Markdown / LaTeX tables with their significance marks."""

from __future__ import annotations

import csv
import io
import json
import math

import numpy as np
import pytest
from scipy import stats

from vesselview.engine.params import Params
from vesselview.io.agreement_tables import agreement_document, write_agreement
from vesselview.io.report_tables import write_comparison
from vesselview.io.text_tables import latex_escape
from vesselview.research.friedman import friedman_tests
from vesselview.research.grading_agreement import InterGrader, calibrate
from vesselview.research.method_orders import method_orders
from vesselview.research.ranking import rank_agreement
from vesselview.research.statistics import MethodScores, compare_methods

GOOD = [0.81, 0.79, 0.85, 0.77, 0.83, 0.80, 0.78, 0.84]


def _comparison():
    """A clearly best, B and C close; hausdorff best for C; cal undefined for C."""
    table = {
        "A": [(d, 10 - 5 * d, 0.7) for d in GOOD],
        "B": [(d - 0.10 - 0.001 * i, 5.0 + 0.1 * i, 0.6) for i, d in enumerate(GOOD)],
        "C": [(d - 0.10 + 0.001 * (i % 3 - 1), 1.0 + 0.01 * i, math.nan)
              for i, d in enumerate(GOOD)],
    }
    scores = MethodScores.from_mapping({
        method: {f"{i + 1:02d}": dict(zip(("dice", "hausdorff", "cal"), row, strict=True))
                 for i, row in enumerate(rows)}
        for method, rows in table.items()})
    comparison = compare_methods(scores, n_resamples=500)
    return comparison, method_orders(scores), Params(), friedman_tests(scores)


def _with_a_human_baseline():
    """A and B as in `_comparison`, and a human baseline H better than both everywhere."""
    rows = {"A": [(d, 10 - 5 * d) for d in GOOD],
            "H": [(d + 0.1, 1 - 0.01 * i) for i, d in enumerate(GOOD)],
            "B": [(d - 0.10 - 0.001 * i, 5.0 + 0.1 * i) for i, d in enumerate(GOOD)]}
    scores = MethodScores.from_mapping({
        method: {f"{i + 1:02d}": dict(zip(("dice", "hausdorff"), row, strict=True))
                 for i, row in enumerate(values)} for method, values in rows.items()},
        baselines=["H"])
    return compare_methods(scores, n_resamples=500), method_orders(scores)


def test_a_human_baseline_is_shown_last_and_never_marked_best() -> None:
    stream = io.StringIO()
    write_comparison(*_with_a_human_baseline(), Params(), stream, "markdown")
    text = stream.getvalue()
    assert "| metric | name | A | B | H (human baseline) |" in text
    # A beats B significantly: bold and starred, although H beats A
    assert "| dice | Dice ↑ | **0.809 ± 0.029 [0.790, 0.829]**\\* | " in text
    assert "| dice | Dice ↑ | A | H (human baseline) | 8 |" in text
    assert "| metric | name | n | A | B | winner |" in text
    stream = io.StringIO()
    write_comparison(*_with_a_human_baseline(), Params(), stream, "json")
    document = json.loads(stream.getvalue())
    assert list(document["summary"]) == ["A", "B"]
    assert list(document["human_baselines"]) == ["H"]
    assert document["rank_agreement"]["winners"] == {"dice": ["A"], "hausdorff": ["B"]}


def _written(output_format: str) -> str:
    stream = io.StringIO()
    comparison, orders, params, friedman = _comparison()
    write_comparison(comparison, orders, params, stream, output_format, friedman=friedman)
    return stream.getvalue()


def test_comparison_json_has_exactly_the_contract_fields() -> None:
    document = json.loads(_written("json"))
    assert {"summary", "comparisons"} <= set(document)
    assert document["holm_family"].startswith("per metric, over all pairs of methods")
    assert list(document["summary"]) == ["A", "B", "C"]
    assert list(document["summary"]["A"]["dice"]) == ["mean", "sd", "median", "ci_low",
                                                      "ci_high", "n", "n_inf", "q1", "q3",
                                                      "undefined"]
    first = document["comparisons"][0]
    assert list(first) == ["metric", "a", "b", "test", "statistic", "p", "p_holm",
                           "median_diff", "n", "undefined"]
    assert document["cases"] == 8 and document["human_baselines"] == {}
    assert (first["metric"], first["a"], first["b"], first["test"]) == \
        ("dice", "A", "B", "wilcoxon")
    assert len(document["comparisons"]) == 3 * 3
    assert document["summary"]["A"]["dice"]["mean"] == pytest.approx(sum(GOOD) / 8)
    assert document["params"] == Params().to_dict()


def test_undefined_values_are_null_in_json() -> None:
    document = json.loads(_written("json"))
    fields = ("mean", "sd", "median", "ci_low", "ci_high", "q1", "q3")
    cal = document["summary"]["C"]["cal"]
    assert cal == {**dict.fromkeys(fields), "n": 0, "n_inf": 0, "undefined": cal["undefined"]}
    assert list(cal["undefined"]) == list(fields)
    assert all(reason.startswith("undefined:") for reason in cal["undefined"].values())
    cal_bc = next(c for c in document["comparisons"]
                  if (c["metric"], c["a"], c["b"]) == ("cal", "B", "C"))
    assert cal_bc["p"] is None and cal_bc["p_holm"] is None and cal_bc["median_diff"] is None
    assert {"p", "p_holm", "median_diff"} <= set(cal_bc["undefined"])
    # A - B on cal: all differences 0.1 -> tested; B and A constant in cal: sd 0
    assert document["summary"]["A"]["cal"]["sd"] == 0.0


def test_rank_agreement_says_the_metric_changes_the_winner() -> None:
    orders = json.loads(_written("json"))["rank_agreement"]
    assert orders["winners"] == {"dice": ["A"], "hausdorff": ["C"], "cal": []}
    assert orders["mean_rank"]["hausdorff"] == {"A": 3.0, "B": 2.0, "C": 1.0}
    assert orders["kendall_tau_b"]["dice"]["hausdorff"] == pytest.approx(-1 / 3)


def test_friedman_test_and_critical_difference_are_in_json_and_markdown() -> None:
    friedman = json.loads(_written("json"))["friedman"]
    assert (friedman["post_hoc"], friedman["alpha"]) == ("nemenyi", 0.05)
    dice = friedman["tests"]["dice"]
    # dice: A first on every case, B and C alternate (B-C: +, -, 0, ...)
    assert dice["n"] == 8 and dice["mean_rank"]["A"] == 1.0
    good = np.array(GOOD)
    index = np.arange(len(GOOD))
    values = [good, good - 0.10 - 0.001 * index, good - 0.10 + 0.001 * (index % 3 - 1)]
    assert dice["statistic"] == pytest.approx(stats.friedmanchisquare(*values).statistic)
    # Demsar 2006, Table 5: q_0.05 = 2.343 for 3 methods
    assert dice["critical_difference"] == pytest.approx(2.343 * math.sqrt(12 / 48), abs=1e-3)
    assert friedman["tests"]["cal"]["n"] == 0 and friedman["tests"]["cal"]["p"] is None
    assert "| metric | name | n | chi2 | p | CD (0.05) | A | B | C |" in _written("markdown")
    stream = io.StringIO()
    write_comparison(*_with_a_human_baseline(), Params(), stream, "json")
    assert json.loads(stream.getvalue())["friedman"] is None  # two methods: Wilcoxon only


def test_csv_is_the_paper_table_with_the_best_method() -> None:
    rows = list(csv.reader(io.StringIO(_written("csv"))))
    assert rows[0] == ["metric", "name", "A", "B", "C", "best"]
    dice = rows[1]
    assert dice[:2] == ["dice", "Dice ↑"] and dice[-1] == "A"
    assert dice[2].startswith("0.809 ± 0.029 [0.790, ") and dice[2].endswith("]*")
    hausdorff = rows[2]
    assert hausdorff[1] == "Hausdorff (px) ↓"
    assert hausdorff[-1] == "C" and hausdorff[4].endswith("*")
    assert rows[3][4] == "— ± — [—, —] (n=0, 8 undefined)" and rows[3][-1] == "A"
    assert "(n=" not in rows[3][2]


def test_markdown_marks_the_best_in_bold_and_the_tests_with_stars() -> None:
    text = _written("markdown")
    assert "| dice | Dice ↑ | **0.809 ± 0.029 [0.790, 0.829]**\\* |" in text
    assert "|:---|---:|" in text
    # 8 differences of one sign: exact p = 2/256; Holm over the 3 pairs of dice: (A, B)
    # and (A, C) share the smallest p, so both get 3 p
    assert "| dice | Dice ↑ | A | B | 8 | 0.103 | 0 | 0.0078 | 0.023\\* |" in text
    # hausdorff: every pair has p = 2/256, so every one gets 3 p
    assert "| hausdorff | Hausdorff (px) ↓ | A | C | 8 | 4.95 | 0 | 0.0078 | 0.023\\* |" in text
    # every table of metrics names them after the key, as the paper table
    assert "| metric | name | a | b | n | median diff | W | p | p Holm |" in text
    assert "| metric | name | n | A | B | C | winner | tau-b vs consensus |" in text
    assert "Holm per metric, over all pairs of methods" in text
    assert "tau-b vs consensus" in text


def test_latex_escapes_and_uses_booktabs() -> None:
    text = _written("latex")
    assert text.count("\\begin{tabular}") == 4 and "\\toprule" in text
    # methods as rows (the table fits): no CI, named metrics with their arrows
    assert "method & Dice $\\uparrow$ & Hausdorff (px) $\\downarrow$ & CAL $\\uparrow$" in text
    assert "A & \\textbf{0.809 $\\pm$ 0.029}$^{*}$ &" in text
    # the Friedman and orders tables name the metric too; a negative number has a minus
    assert "\nDice $\\uparrow$ & 8 & 14.2 & " in text and "\nDice $\\uparrow$ & 8 & 1 & " in text
    assert "\nDice $\\uparrow$ & B & C & 8 & $-$0.0035 & " in text
    assert "\ndice & " not in text
    assert "Wilcoxon p $<$ 0.05" in text
    assert latex_escape("f1_t & 5%") == "f1\\_t \\& 5\\%"


def _agreement():
    human = [1, 2, 3, 4, 5]
    per_value = [(t, rank_agreement({"f1_t": f1, "dice": [1, 2, 3, 5, 4]}, human,
                                    expected_kind="score"))
                 for t, f1 in ((1, [2, 1, 3, 4, 5]), (2, [1, 2, 3, 4, 5]))]
    inter = InterGrader(("ann", "bob"), 5, 0.9, 0.8, math.nan)
    return per_value, inter


def test_agreement_json_has_exactly_the_contract_fields() -> None:
    per_value, inter = _agreement()
    document = agreement_document(per_value[1][1], inter, Params())
    assert list(document["agreement"]["f1_t"]) == ["kendall_tau_b", "spearman", "pearson",
                                                   "delta_r1", "delta_r2", "n", "undefined"]
    assert document["agreement"]["f1_t"]["kendall_tau_b"] == pytest.approx(1.0)
    assert document["agreement"]["f1_t"]["delta_r2"] == 0.0
    assert document["inter_grader"] == {"graders": ["ann", "bob"], "n": 5,
                                        "weighted_kappa": 0.9, "icc_2_1": 0.8,
                                        "kendall_w": None,
                                        "undefined": {"kendall_w": document["inter_grader"][
                                            "undefined"]["kendall_w"]}}
    assert "sweep" not in document


def test_agreement_with_a_sweep_gives_each_value_and_the_calibrated_one() -> None:
    per_value, inter = _agreement()
    stream = io.StringIO()
    write_agreement(per_value[1][1], inter, Params(t=2), stream, "json", sweep_key="t",
                    per_value=per_value, calibrated=calibrate(per_value))
    sweep = json.loads(stream.getvalue())["sweep"]
    assert sweep["key"] == "t" and sweep["values"] == [1, 2]
    assert sweep["agreement"][0]["agreement"]["f1_t"]["kendall_tau_b"] == pytest.approx(0.8)
    assert sweep["calibrated"] == {"f1_t": {"value": 2, "kendall_tau_b": pytest.approx(1.0),
                                            "undefined": {}}}


def test_agreement_csv_and_markdown() -> None:
    per_value, inter = _agreement()
    stream = io.StringIO()
    write_agreement(per_value[0][1], inter, Params(), stream, "csv", sweep_key="t",
                    per_value=per_value)
    rows = list(csv.DictReader(io.StringIO(stream.getvalue())))
    assert [(r["t"], r["metric"], r["name"]) for r in rows] == [
        ("1", "f1_t", "F1_t ↑"), ("1", "dice", "Dice ↑"), ("2", "f1_t", "F1_t ↑"),
        ("2", "dice", "Dice ↑")]
    assert list(rows[0])[:3] == ["t", "metric", "name"]
    assert rows[0]["n"] == "5" and rows[0]["vesselview_version"]
    stream = io.StringIO()
    write_agreement(per_value[1][1], inter, Params(), stream, "markdown")
    assert "| f1_t | F1_t ↑ | 1 | 1 | 1 | 0 | 0 | 5 |" in stream.getvalue()
    assert "| ann, bob | 5 | 0.9 | 0.8 | — |" in stream.getvalue()
