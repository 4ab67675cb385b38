"""``--compare`` and ``--grades`` on a synthetic DRIVE-like test set of 3 methods x 8
cases: the reports equal the statistics of the same records computed by hand / scipy."""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from tests.cli.method_dataset import write_method_dataset
from vesselview.cli.compare import write_grader_agreement, write_method_comparison
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.errors import InputError
from vesselview.io.dataset import open_dataset
from vesselview.io.grades import read_grades
from vesselview.io.latex_tables import latex_escape
from vesselview.io.summary_table import metric_label
from vesselview.io.writers import result_record

SHAPE = (160, 155)
N_CASES = 8


@pytest.fixture(scope="module")
def method_dataset(tmp_path_factory) -> tuple[Path, dict[str, Path]]:
    return write_method_dataset(tmp_path_factory.mktemp("methods"), N_CASES, SHAPE)


@pytest.fixture(scope="module")
def records(method_dataset) -> list[dict]:
    """Records of every case and method through the API, t = 1 and 2."""
    dataset = open_dataset(*method_dataset)
    out = []
    for case in dataset.cases:
        for method in dataset.methods:
            evaluator = Evaluator(case.load(method))
            for t in (1, 2):
                record = result_record(evaluator.evaluate(Params(t=t)), id=case.id,
                                       sources={})
                out.append({**record, "method": method})
    return out


def _at(records: list[dict], t: int) -> list[dict]:
    return [r for r in records if r["params"]["t"] == t]


def _values(records: list[dict], method: str, metric: str) -> np.ndarray:
    return np.array([r["metrics"][metric] for r in records if r["method"] == method],
                    dtype=float)


def _comparison(records: list[dict], output_format: str = "json") -> str:
    stream = io.StringIO()
    write_method_comparison(_at(records, 2), Params(), stream, output_format)
    return stream.getvalue()


@pytest.fixture(scope="module")
def document(records) -> dict:
    return json.loads(_comparison(records))


def test_summary_and_tests_equal_numpy_and_scipy_on_the_records(records, document) -> None:
    assert list(document["summary"]) == ["demo", "gap", "shift"]
    at_2 = _at(records, 2)
    dice = {m: _values(at_2, m, "dice") for m in ("demo", "gap", "shift")}
    entry = document["summary"]["gap"]["dice"]
    assert entry["n"] == N_CASES
    assert entry["mean"] == pytest.approx(dice["gap"].mean())
    assert entry["sd"] == pytest.approx(dice["gap"].std(ddof=1))
    assert entry["ci_low"] <= entry["mean"] <= entry["ci_high"]
    test = next(c for c in document["comparisons"]
                if (c["metric"], c["a"], c["b"]) == ("dice", "demo", "shift"))
    expected = stats.wilcoxon(dice["demo"], dice["shift"])
    assert (test["statistic"], test["p"]) == pytest.approx((expected.statistic,
                                                            expected.pvalue))
    assert test["median_diff"] == pytest.approx(np.median(dice["demo"] - dice["shift"]))
    assert test["p_holm"] >= test["p"]
    n_metrics = len(document["summary"]["demo"])
    assert len(document["comparisons"]) == 3 * n_metrics


def test_three_methods_get_friedmans_test_with_the_ranks_of_the_orders(records,
                                                                      document) -> None:
    at_2 = _at(records, 2)
    dice = [_values(at_2, m, "dice") for m in ("demo", "gap", "shift")]
    friedman = document["friedman"]
    assert friedman["methods"] == ["demo", "gap", "shift"]
    test = friedman["tests"]["dice"]
    assert test["n"] == N_CASES
    assert test["statistic"] == pytest.approx(stats.friedmanchisquare(*dice).statistic)
    assert test["mean_rank"] == pytest.approx(document["rank_agreement"]["mean_rank"]["dice"])
    assert "holm_family" in document


def test_the_choice_of_metric_changes_the_winner(document) -> None:
    orders = document["rank_agreement"]
    # 12 px gaps change few pixels: best Dice; a 2 px shift moves every vessel pixel
    # (worst Dice) but keeps the tree intact: best F1_t at t = 2 and best CAL
    assert orders["winners"]["dice"] == ["gap"]
    assert orders["mean_rank"]["dice"]["shift"] == 3.0
    assert orders["winners"]["f1_t"] == ["shift"]
    assert orders["winners"]["cal"] == ["shift"]
    assert orders["kendall_tau_b"]["dice"]["cal"] < 0


@pytest.mark.parametrize("output_format", ["csv", "markdown", "latex"])
def test_paper_tables_list_every_metric_and_method(records, document, output_format) -> None:
    text = _comparison(records, output_format)
    if output_format == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        assert rows[0] == ["metric", "name", "demo", "gap", "shift", "best"]
        assert [row[0] for row in rows[1:]] == list(document["summary"]["demo"])
        dice = next(row for row in rows if row[0] == "dice")
        assert dice[-1] == "gap"
    else:
        text = text.replace("\\allowbreak{}", "")  # a wrapped first column's breaks
        for metric in ("dice", "f1_t", "hausdorff", "cal"):  # LaTeX: by registry name
            assert (latex_escape(metric_label(metric)) if output_format == "latex"
                    else metric) in text


def _grades(path: Path, records: list[dict]) -> str:
    """Two graders scoring by f1_t at t = 1 on 0-10 (one a point lower on every other)."""
    rows = ["id,method,grader,score,notes"]
    f1 = np.array([r["metrics"]["f1_t"] for r in _at(records, 1)])
    for i, r in enumerate(_at(records, 1)):
        score = round(10 * (r["metrics"]["f1_t"] - f1.min()) / np.ptp(f1))
        rows += [f"{r['id']},{r['method']},ann,{score},", f"{r['id']},{r['method']},bob,"
                 f"{score - i % 2},\"ok, fine\""]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return str(path)


def test_grader_agreement_and_the_calibrated_tolerance(records, tmp_path) -> None:
    grades = _grades(tmp_path / "grades.csv", records)
    stream = io.StringIO()
    notes = write_grader_agreement(records, read_grades(grades), Params(), stream, "json",
                                   sweep_key="t", grid=[Params(t=1), Params(t=2)])
    assert notes == []
    document = json.loads(stream.getvalue())
    f1 = document["agreement"]["f1_t"]
    assert f1["n"] == 3 * N_CASES
    assert list(f1) == ["kendall_tau_b", "spearman", "pearson", "delta_r1", "delta_r2", "n",
                        "undefined"]
    inter = document["inter_grader"]
    assert inter["graders"] == ["ann", "bob"] and inter["n"] == 3 * N_CASES
    assert 0.5 < inter["weighted_kappa"] <= 1 and 0.5 < inter["icc_2_1"] <= 1
    sweep = document["sweep"]
    assert sweep["values"] == [1, 2]
    # the graders scored by f1_t at t = 1: that tolerance agrees best
    assert sweep["calibrated"]["f1_t"]["value"] == 1
    at_1 = sweep["agreement"][0]["agreement"]["f1_t"]
    assert at_1["kendall_tau_b"] > f1["kendall_tau_b"]
    assert "dice" not in sweep["calibrated"]  # t does not change dice


def test_grades_of_nothing_evaluated_are_a_clear_error(records, tmp_path) -> None:
    path = tmp_path / "grades.csv"
    path.write_text("id,method,grader,score,notes\n99,demo,ann,5,\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"none of its .id, method. was evaluated"):
        write_grader_agreement(records, read_grades(str(path)), Params(), io.StringIO(),
                               "json", source=str(path))


def test_failed_pairs_count_as_undefined(records) -> None:
    at_2 = _at(records, 2)
    failed = [{**r, "metrics": None, "error": "broken"} if (r["id"], r["method"]) ==
              ("01", "demo") else r for r in at_2]
    stream = io.StringIO()
    write_method_comparison(failed, Params(), stream, "json")
    summary = json.loads(stream.getvalue())["summary"]
    assert summary["demo"]["dice"]["n"] == N_CASES - 1
    assert summary["gap"]["dice"]["n"] == N_CASES
    assert not math.isnan(summary["demo"]["dice"]["mean"])


def test_graded_cases_the_run_did_not_evaluate_are_reported(records, tmp_path) -> None:
    path = tmp_path / "grades.csv"
    path.write_text("id,method,grader,score,notes\n01,demo,ann,5,\n02,gap,ann,7,\n"
                    "01,unet,ann,3,\n", encoding="utf-8")
    stream = io.StringIO()
    notes = write_grader_agreement(_at(records, 2), read_grades(str(path)), Params(), stream,
                                   "json", source=str(path))
    assert notes == [f"{path}: 1 of 3 graded (id, method) were not evaluated and are left "
                     "out of the agreement with the metrics (e.g. 01/unet)"]
    assert json.loads(stream.getvalue())["agreement"]["dice"]["n"] == 2
