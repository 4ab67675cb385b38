"""Friedman's test and Nemenyi's critical difference: hand-made ranks, and equality with
scipy and scikit-posthocs (an independent implementation)."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scikit_posthocs as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from vesselview.research.friedman import friedman_tests
from vesselview.research.statistics import MethodScores


def _scores(values: np.ndarray, metric: str = "dice", baselines: tuple[str, ...] = ()
            ) -> MethodScores:
    """MethodScores of ``values`` (methods, cases) for one metric; methods M0, M1, ..."""
    return MethodScores.from_mapping(
        {f"M{i}": {f"{j:02d}": {metric: float(v)} for j, v in enumerate(row)}
         for i, row in enumerate(values)}, baselines=baselines)


def test_hand_made_ranks_give_the_known_mean_ranks_and_critical_difference() -> None:
    # M0 best on every case, M2 worst: ranks 1, 2, 3 on 4 cases
    values = np.array([[0.9, 0.8, 0.85, 0.7], [0.8, 0.7, 0.75, 0.6], [0.7, 0.6, 0.65, 0.5]])
    (test,) = friedman_tests(_scores(values))
    np.testing.assert_allclose(test.mean_rank, [1, 2, 3])
    assert test.n == 4
    # chi2 = 12 / (n k (k + 1)) sum R_j^2 - 3 n (k + 1) with rank sums 4, 8, 12
    assert test.statistic == pytest.approx(12 / (4 * 3 * 4) * (16 + 64 + 144) - 3 * 4 * 4)
    # Demsar 2006, Table 5: q_0.05 = 2.343 for k = 3
    assert test.critical_difference == pytest.approx(2.343 * math.sqrt(3 * 4 / 24), abs=1e-3)


def test_a_dissimilarity_is_ranked_lower_is_better() -> None:
    values = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
    (test,) = friedman_tests(_scores(values, "hausdorff"))
    np.testing.assert_allclose(test.mean_rank, [1, 2, 3])


def test_cases_with_an_undefined_value_are_dropped_and_baselines_left_out() -> None:
    values = np.array([[0.9, math.nan, 0.8, 0.7], [0.8, 0.7, 0.7, 0.6],
                       [0.7, 0.6, 0.9, 0.5], [1.0, 1.0, 1.0, 1.0]])
    (test,) = friedman_tests(_scores(values, baselines=("M3",)))
    assert test.methods == ("M0", "M1", "M2") and test.n == 3
    assert test.statistic == pytest.approx(
        stats.friedmanchisquare(*values[:3][:, [0, 2, 3]]).statistic)


def test_two_methods_have_no_friedman_test_and_no_case_is_undefined() -> None:
    assert friedman_tests(_scores(np.array([[0.9, 0.8], [0.7, 0.6]]))) == ()
    (test,) = friedman_tests(_scores(np.array([[math.nan, 0.8], [0.7, math.nan],
                                               [0.5, 0.5]])))
    assert test.n == 0 and math.isnan(test.p) and math.isnan(test.critical_difference)


@settings(max_examples=40, deadline=None)
@given(k=st.integers(3, 6), n=st.integers(2, 12), seed=st.integers(0, 2**32 - 1),
       ties=st.booleans())
def test_friedman_and_nemenyi_equal_scipy_and_scikit_posthocs(k, n, seed, ties) -> None:
    rng = np.random.default_rng(seed)
    values = rng.random((k, n))
    if ties:
        values = np.round(values, 1)
    (test,) = friedman_tests(_scores(values))
    # scikit-posthocs ranks ascending; Nemenyi's p and Friedman's chi2 do not depend on
    # the direction, so the raw values are compared
    expected = sp.posthoc_nemenyi_friedman(-values.T).to_numpy()
    np.testing.assert_allclose(test.nemenyi_p, expected, atol=1e-9)
    np.testing.assert_allclose(test.mean_rank, stats.rankdata(-values, axis=0).mean(axis=1))
    if np.ptp(values, axis=0).any():
        result = stats.friedmanchisquare(*values)
        assert test.statistic == pytest.approx(result.statistic)
        assert test.p == pytest.approx(result.pvalue)
    # CD: the mean-rank difference at which Nemenyi's p equals alpha
    scale = math.sqrt(k * (k + 1) / (6 * n))
    p_at_cd = stats.studentized_range.sf(test.critical_difference / scale * math.sqrt(2), k,
                                         np.inf)
    assert p_at_cd == pytest.approx(0.05)
