"""The methods' orders across metrics: hand-worked mean ranks, winners and tau-b."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

from vesselview.research.method_orders import method_orders, tau_b_matrix
from vesselview.research.statistics import MethodScores


def _scores(table: dict[str, dict[str, list[float]]]) -> MethodScores:
    """``{method: {metric: values per case}}`` as MethodScores."""
    return MethodScores.from_mapping({
        method: {str(case): {metric: values[case] for metric, values in by_metric.items()}
                 for case in range(len(next(iter(by_metric.values()))))}
        for method, by_metric in table.items()})


def test_a_dissimilarity_can_reverse_the_winner() -> None:
    orders = method_orders(_scores({
        "A": {"dice": [0.9, 0.8, 0.7], "hausdorff": [9, 8, 7], "se": [0.9, 0.9, 0.9]},
        "B": {"dice": [0.8, 0.7, 0.6], "hausdorff": [5, 5, 5], "se": [0.8, 0.8, 0.8]},
        "C": {"dice": [0.7, 0.6, 0.5], "hausdorff": [1, 2, 3], "se": [0.7, 0.7, 0.7]},
    }))
    np.testing.assert_allclose(orders.mean_rank, [[1, 2, 3], [3, 2, 1], [1, 2, 3]])
    assert orders.winners == (("A",), ("C",), ("A",))
    assert orders.kendall_tau_b[0, 1] == pytest.approx(-1)
    assert orders.kendall_tau_b[0, 2] == pytest.approx(1)
    # consensus mean ranks 5/3, 2, 7/3: the order of dice
    np.testing.assert_allclose(orders.consensus_tau_b, [1, -1, 1])
    assert list(orders.n) == [3, 3, 3]


def test_ties_share_ranks_and_undefined_metrics_stay_undefined() -> None:
    orders = method_orders(_scores({
        "A": {"dice": [0.9, 0.5], "cal": [math.nan, math.nan]},
        "B": {"dice": [0.9, 0.6], "cal": [0.5, 0.4]},
    }))
    # case 0 tied (1.5, 1.5), case 1 B best (2, 1)
    np.testing.assert_allclose(orders.mean_rank[0], [1.75, 1.25])
    assert orders.winners == (("B",), ())
    assert np.isnan(orders.mean_rank[1]).all() and orders.n[1] == 0
    assert math.isnan(orders.kendall_tau_b[0, 1])


def test_a_single_method_wins_everything_and_has_no_order() -> None:
    orders = method_orders(_scores({"A": {"dice": [0.9, 0.5]}}))
    assert orders.winners == (("A",),)
    assert math.isnan(orders.kendall_tau_b[0, 0])


@given(st.lists(st.lists(st.integers(1, 4), min_size=5, max_size=5), min_size=2, max_size=6))
def test_tau_b_matrix_equals_scipy(rows) -> None:
    orders = np.array(rows, dtype=float)
    tau = tau_b_matrix(orders)
    for i, x in enumerate(orders):
        for j, y in enumerate(orders):
            if np.ptp(x) == 0 or np.ptp(y) == 0:
                assert math.isnan(tau[i, j])
            else:
                assert tau[i, j] == pytest.approx(stats.kendalltau(x, y).statistic)


def test_tau_b_matrix_leaves_rows_with_nan_undefined() -> None:
    tau = tau_b_matrix(np.array([[1, 2, 3], [1, np.nan, 3], [3, 2, 1]]))
    assert tau[0, 2] == pytest.approx(-1) and np.isnan(tau[1]).all() and np.isnan(tau[:, 1]).all()


def test_a_human_baseline_takes_no_rank_and_no_case_from_the_methods() -> None:
    table = {"H": {"dice": [0.99, math.nan, 0.99]},  # the best, undefined on case 1
             "A": {"dice": [0.9, 0.8, 0.7]}, "B": {"dice": [0.8, 0.9, 0.6]}}
    with_baseline = MethodScores.from_mapping({
        method: {str(case): {"dice": value} for case, value in enumerate(by_metric["dice"])}
        for method, by_metric in table.items()}, baselines=["H"])
    orders = method_orders(with_baseline)
    assert with_baseline.methods == ("A", "B", "H") and with_baseline.ranked == ("A", "B")
    assert orders.methods == ("A", "B") and orders.winners == (("A",),)
    np.testing.assert_allclose(orders.mean_rank, [[4 / 3, 5 / 3]])
    assert list(orders.n) == [3]  # H's undefined case is still ranked
    only_baseline = method_orders(MethodScores.from_mapping(
        {"H": {"1": {"dice": 0.9}}}, baselines=["H"]))
    assert only_baseline.methods == () and only_baseline.winners == ((),)
    assert list(only_baseline.n) == [0]
