"""Agreement with graders: hand-worked kappa, Shrout & Fleiss' ICC example, Kendall's W
against scipy's Friedman test, the CAL paper's Table IV through grades, calibration."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from scipy import stats

from vesselview.research.grading_agreement import (
    GraderScore,
    calibrate,
    grader_table,
    icc_2_1,
    inter_grader,
    kendall_w,
    mean_scores,
    metric_agreement,
    weighted_kappa,
)
from vesselview.research.ranking import rank_agreement

# Shrout & Fleiss (1979), Table 2: 6 targets rated by 4 judges; ICC(2,1) = .29.
SHROUT_FLEISS = [[9, 2, 5, 8], [6, 1, 3, 2], [8, 4, 6, 8], [7, 1, 2, 6], [10, 5, 6, 9],
                 [6, 2, 4, 7]]

# CAL paper (seed 001), Table III: mean human score and CAL over 14 segmentations.
HUMAN = [.709, .461, .903, .449, .105, .869, .605, .651, .486, .604, .130, .358, .575, .556]
CAL = [.849, .681, 1.0, .631, .393, .881, .716, .775, .654, .771, .340, .635, .715, .733]


def test_weighted_kappa_on_a_hand_worked_example() -> None:
    # observed mean squared difference 1/4; chance: 48 / 16 = 3 over all 16 pairs
    assert weighted_kappa([1, 2, 3, 4], [1, 2, 4, 4]) == pytest.approx(1 - 0.25 / 3)
    assert weighted_kappa([1, 2, 3], [1, 2, 3]) == 1.0


def _cohen_quadratic(a: np.ndarray, b: np.ndarray, k: int) -> float:
    """Cohen's weighted kappa from the k x k confusion matrix, weights (i-j)^2/(k-1)^2."""
    observed = np.zeros((k, k))
    np.add.at(observed, (a, b), 1)
    observed /= observed.sum()
    expected = np.outer(observed.sum(axis=1), observed.sum(axis=0))
    i, j = np.indices((k, k))
    weights = (i - j) ** 2 / (k - 1) ** 2
    return 1 - (weights * observed).sum() / (weights * expected).sum()


@given(st.lists(st.tuples(st.integers(0, 10), st.integers(0, 10)), min_size=2, max_size=30))
def test_weighted_kappa_equals_the_confusion_matrix_formula(pairs) -> None:
    a, b = np.array(pairs).T
    assume(len(set(a)) > 1 or len(set(b)) > 1)
    assert weighted_kappa(a, b) == pytest.approx(_cohen_quadratic(a, b, 11))


def test_weighted_kappa_is_undefined_without_chance_disagreement() -> None:
    assert math.isnan(weighted_kappa([5, 5, 5], [5, 5, 5]))
    assert math.isnan(weighted_kappa([], []))


def test_icc_2_1_reproduces_shrout_and_fleiss_table_2() -> None:
    assert round(icc_2_1(SHROUT_FLEISS), 2) == 0.29
    assert icc_2_1([[1, 1], [2, 2], [3, 3]]) == pytest.approx(1.0)
    assert math.isnan(icc_2_1([[1, 2]])) and math.isnan(icc_2_1([[1], [2]]))
    assert math.isnan(icc_2_1([[4, 4], [4, 4]]))


@given(st.lists(st.lists(st.integers(0, 10), min_size=3, max_size=3), min_size=3, max_size=12))
def test_kendall_w_equals_friedman_chi_square_over_m_n_minus_1(rows) -> None:
    table = np.array(rows, dtype=float)  # subjects x 3 graders
    n, m = table.shape
    assume(not all(np.ptp(column) == 0 for column in table.T))
    chi2 = stats.friedmanchisquare(*table).statistic  # subjects as treatments
    assert kendall_w(table) == pytest.approx(chi2 / (m * (n - 1)))


def test_kendall_w_on_hand_worked_orders() -> None:
    assert kendall_w([[1, 1, 1], [2, 2, 2], [3, 3, 3], [4, 4, 4]]) == pytest.approx(1.0)
    # two graders in opposite orders: rank sums all equal, W = 0
    assert kendall_w([[1, 3], [2, 2], [3, 1]]) == pytest.approx(0.0)
    assert math.isnan(kendall_w([[1, 2, 3]]))
    assert math.isnan(kendall_w([[5, 5], [5, 5]]))


def _grades(table: list[list[float]], graders: str = "XYZW") -> list[GraderScore]:
    return [GraderScore(f"{i:02d}", "m", graders[j], score)
            for i, row in enumerate(table) for j, score in enumerate(row)]


def test_inter_grader_uses_subjects_every_grader_scored() -> None:
    grades = [*_grades(SHROUT_FLEISS), GraderScore("99", "m", "X", 3.0)]
    agreement = inter_grader(grades)
    assert agreement.graders == tuple("XYZW") and agreement.n == 6
    assert round(agreement.icc_2_1, 2) == 0.29
    assert math.isnan(agreement.weighted_kappa)  # four graders
    two = inter_grader(_grades([[1, 1], [2, 2], [3, 4], [4, 4]]))
    assert two.weighted_kappa == pytest.approx(1 - 0.25 / 3)
    one = inter_grader(_grades([[1], [2]]))
    assert one.n == 2 and math.isnan(one.icc_2_1) and math.isnan(one.kendall_w)


def test_grader_table_and_mean_scores() -> None:
    grades = [GraderScore("1", "a", "X", 4), GraderScore("1", "a", "Y", 6),
              GraderScore("2", "a", "X", 1)]
    assert mean_scores(grades) == {("1", "a"): 5.0, ("2", "a"): 1.0}
    graders, table = grader_table(grades)
    assert graders == ("X", "Y") and table.tolist() == [[4, 6]]
    assert grader_table([])[1].shape == (0, 0)


def test_zero_padded_ids_are_one_subject_named_as_first_seen() -> None:
    grades = [GraderScore("01", "a", "X", 4), GraderScore("1", "a", "Y", 6),
              GraderScore("002", "a", "X", 1), GraderScore("2", "a", "Y", 3),
              GraderScore("a1", "a", "X", 2), GraderScore("a01", "a", "Y", 2)]
    assert mean_scores(grades) == {("01", "a"): 5.0, ("002", "a"): 2.0, ("a1", "a"): 2.0,
                                   ("a01", "a"): 2.0}  # a1 and a01 are no numbers
    graders, table = grader_table(grades)
    assert graders == ("X", "Y") and table.tolist() == [[4, 6], [1, 3]]
    values = {("1", "a"): {"dice": 0.9}, ("2", "a"): {"dice": 0.1}}
    assert metric_agreement(values, mean_scores(grades[:4]), ["dice"])["dice"].n == 2


def test_metric_agreement_reproduces_the_cal_paper_table_iv_from_grades() -> None:
    # two graders whose mean is the paper's mean human score
    grades = [GraderScore(f"{i}", "m", g, h + d) for i, h in enumerate(HUMAN)
              for g, d in (("X", 0.05), ("Y", -0.05))]
    values = {(f"{i}", "m"): {"cal": c} for i, c in enumerate(CAL)}
    row = metric_agreement(values, mean_scores(grades), ["cal", "dice"])["cal"]
    assert row.standard_inconsistency == pytest.approx(12 / 14)  # Table IV: 0.857
    assert row.pearson == pytest.approx(0.977, abs=0.002)
    assert row.n == 14
    missing = metric_agreement(values, mean_scores(grades), ["dice"])["dice"]
    assert missing.n == 0 and math.isnan(missing.kendall_tau_b)


def test_calibration_picks_the_value_agreeing_best_and_skips_flat_metrics() -> None:
    human = [1, 2, 3, 4]
    per_value = [(t, rank_agreement({"f1_t": f1, "dice": [1, 2, 3, 4]}, human,
                                    expected_kind="score"))
                 for t, f1 in ((0, [4, 3, 2, 1]), (1, [1, 2, 4, 3]), (2, [1, 2, 3, 4]),
                               (3, [1, 2, 3, 4]))]
    [calibration] = calibrate(per_value)
    assert (calibration.metric, calibration.value, calibration.kendall_tau_b) == \
        ("f1_t", 2, 1.0)
    assert calibrate([]) == []
