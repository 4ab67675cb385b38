"""Parameter sweeps: equal to one-off evaluations, one cached Evaluator per case, means,
forward differences worked out by hand, rows for CSV, and every error."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.engine.cases import small_case
from vesselview.engine.case import Case
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator, evaluate
from vesselview.errors import EvaluationStopped, ParamsError
from vesselview.research.sweep import sweep

CASE = small_case()


def line_case(candidate_col: int | None) -> Case:
    """20 x 20: reference column 5 (rows 5-14), candidate the same rows at another column."""
    reference = np.zeros((20, 20), bool)
    reference[5:15, 5] = True
    candidate = np.zeros((20, 20), bool)
    if candidate_col is not None:
        candidate[5:15, candidate_col] = True
    return Case(reference=reference, candidate=candidate, fov=np.ones((20, 20), bool))


def test_sweep_equals_one_off_evaluations() -> None:
    result = sweep(CASE, "cal_alpha", [0, 1, 3])
    assert result.values == (0, 1, 3) and result.metrics == METRIC_KEYS
    assert result.per_case.shape == (1, 3, len(METRIC_KEYS))
    for j, alpha in enumerate([0, 1, 3]):
        expected = evaluate(CASE, Params(cal_alpha=alpha)).metrics
        np.testing.assert_array_equal(result.per_case[0, j], [expected[k] for k in METRIC_KEYS])


def test_a_sweep_over_t_re_uses_every_other_stage() -> None:
    evaluator = Evaluator(CASE)
    sweep({"small": evaluator}, "t", [0, 1, 2, 3], metrics=["f1_t"])
    runs = evaluator.stage_runs
    assert runs["tolerance"] == 4
    assert runs["reference_skeleton"] == runs["ss_matching"] == runs["cal_area"] == 1


def test_forward_differences_worked_out_by_hand() -> None:
    # candidate 2 columns from the reference: matched only from t = 2 on (chessboard)
    result = sweep(line_case(7), "t", [0, 1, 2, 3], metrics=["f1_t", "dice"])
    np.testing.assert_array_equal(result.curve("f1_t"), [0, 0, 1, 1])
    np.testing.assert_array_equal(result.forward_differences(), [[0, 0], [1, 0], [0, 0]])
    assert result.forward_differences(per_case=True).shape == (1, 3, 2)


def test_the_mean_skips_undefined_values() -> None:
    # an empty candidate has no precision (nan); the other case has precision 1
    result = sweep({"empty": line_case(None), "same": line_case(5)}, "t", [0, 2],
                   metrics=["precision", "f1_t"])
    assert result.case_names == ("empty", "same")
    assert np.isnan(result.per_case[0, :, 0]).all()
    np.testing.assert_array_equal(result.curve("precision"), [1.0, 1.0])
    np.testing.assert_array_equal(result.curve("f1_t"), [0.5, 0.5])  # (0 + 1) / 2


def test_a_metric_undefined_everywhere_stays_undefined() -> None:
    result = sweep([line_case(None)], "t", [1], metrics=["precision"])
    assert result.case_names == ("case 1",)
    assert math.isnan(result.curve("precision")[0])


def test_rows_for_csv() -> None:
    result = sweep({"a": line_case(7), "b": line_case(5)}, "t", [1, 2], metrics=["f1_t"])
    rows = result.to_rows(differences=True)
    assert [(r["case"], r["t"]) for r in rows] == [("mean", 1), ("mean", 2), ("a", 1),
                                                  ("a", 2), ("b", 1), ("b", 2)]
    assert rows[0] == {"case": "mean", "t": 1, "f1_t": 0.5, "f1_t_forward_difference": 0.5}
    assert math.isnan(rows[1]["f1_t_forward_difference"])
    assert list(result.to_rows()[0]) == ["case", "t", "f1_t"]


def test_threshold_sweep_of_a_soft_candidate() -> None:
    soft = small_case(soft=True)
    result = sweep(soft, "threshold", [0.3, 0.7], metrics=["dice"])
    for j, threshold in enumerate([0.3, 0.7]):
        expected = evaluate(soft, Params(threshold=threshold)).metrics["dice"]
        assert result.per_case[0, j, 0] == expected


def test_progress_and_stop() -> None:
    reports = []
    sweep([line_case(5), line_case(6)], "t", [0, 1], metrics=["f1_t"],
          progress=lambda fraction, message: reports.append((fraction, message)))
    assert [f for f, _ in reports] == [0.25, 0.5, 0.75, 1.0]
    assert reports[-1][1] == "case 2: t=1"
    with pytest.raises(EvaluationStopped):
        sweep(line_case(5), "t", [0], should_stop=lambda: True)


@pytest.mark.parametrize(("key", "values", "metrics", "message"), [
    ("tee", [1], None, "unknown parameter 'tee'"),
    ("distance", ["cityblock"], None, "not numeric"),
    ("t", [-1], None, "out of range"),
    ("t", [], None, "at least one value"),
    ("t", [1], ["f2"], "unknown metric f2"),
    ("t", [1], [], "unknown metric"),
])
def test_sweep_errors(key, values, metrics, message) -> None:
    with pytest.raises(ParamsError, match=message):
        sweep(line_case(5), key, values, metrics=metrics)


def test_a_sweep_needs_a_case() -> None:
    with pytest.raises(ParamsError, match="at least one case"):
        sweep([], "t", [1])
