"""Method statistics: summaries, bootstrap, Wilcoxon, Holm against hand-worked values,
the standard library and scipy on fixed vectors, and every degenerate case."""

from __future__ import annotations

import math
import statistics as stdlib

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

from vesselview.errors import InputError
from vesselview.research.statistics import MethodScores, compare_methods, holm, paired_test
from vesselview.research.summaries import bootstrap_interval, summarise_values

A = [0.81, 0.79, 0.85, 0.77, 0.83, 0.80, 0.78, 0.84, 0.82, 0.76]
B = [0.78, 0.80, 0.81, 0.74, 0.80, 0.75, 0.79, 0.80, 0.77, 0.70]


def test_summary_equals_the_standard_library_and_ignores_nan() -> None:
    summary = summarise_values([*A, math.nan])
    assert summary.n == len(A)
    assert summary.mean == pytest.approx(stdlib.mean(A))
    assert summary.sd == pytest.approx(stdlib.stdev(A))
    assert summary.median == pytest.approx(stdlib.median(A))
    assert summary.ci_low < summary.mean < summary.ci_high


def test_bootstrap_is_the_percentile_interval_of_seeded_resampled_means() -> None:
    x = np.array(A)
    rng = np.random.default_rng(7)
    draws = rng.integers(0, x.size, size=(500, x.size))
    means = sorted(sum(x[i] for i in row) / x.size for row in draws)
    # numpy's linear quantile of 500 sorted means at 2.5 % and 97.5 %
    low = means[12] + 0.475 * (means[13] - means[12])
    high = means[486] + 0.525 * (means[487] - means[486])
    assert bootstrap_interval(x, n_resamples=500, seed=7) == pytest.approx((low, high))


def test_bootstrap_agrees_with_scipy_percentile_bootstrap() -> None:
    x = np.array(A)
    ours = bootstrap_interval(x, n_resamples=20000, seed=1)
    theirs = stats.bootstrap((x,), np.mean, n_resamples=20000, method="percentile",
                             rng=np.random.default_rng(2)).confidence_interval
    assert ours == pytest.approx((theirs.low, theirs.high), abs=0.002)


def test_bootstrap_is_reproducible_and_seeded() -> None:
    values = np.random.default_rng(0).random(12)
    first, again = summarise_values(values, seed=3), summarise_values(values, seed=3)
    assert first == again
    assert summarise_values(values, seed=4).ci_low != first.ci_low


def test_degenerate_summaries_are_undefined_not_errors() -> None:
    empty = summarise_values([math.nan, math.nan])
    assert empty.n == 0 and all(math.isnan(v) for v in (empty.mean, empty.sd, empty.ci_low))
    one = summarise_values([0.5])
    assert (one.n, one.mean, one.median) == (1, 0.5, 0.5)
    assert math.isnan(one.sd) and math.isnan(one.ci_low) and math.isnan(one.ci_high)
    constant = summarise_values([2.0, 2.0, 2.0])
    assert (constant.sd, constant.ci_low, constant.ci_high) == (0.0, 2.0, 2.0)
    infinite = summarise_values([1.0, math.inf, 3.0])
    assert infinite.mean == math.inf and infinite.median == 3.0 and infinite.n == 3
    assert math.isnan(infinite.sd) and math.isnan(infinite.ci_low)


def test_wilcoxon_equals_scipy_default_on_fixed_vectors() -> None:
    statistic, p, median_diff, n = paired_test(A, B)
    expected = stats.wilcoxon(A, B)
    assert (statistic, p) == pytest.approx((expected.statistic, expected.pvalue))
    assert median_diff == pytest.approx(np.median(np.subtract(A, B)))
    assert n == len(A)


def test_wilcoxon_on_a_hand_worked_example() -> None:
    # 8 positive differences: W- = 0, exact two-sided p = 2 / 2**8
    statistic, p, median_diff, n = paired_test([2, 3, 4, 5, 6, 7, 8, 9], [1] * 8)
    assert (statistic, p, median_diff, n) == (0.0, pytest.approx(2 / 256), 4.5, 8)


def test_wilcoxon_pairs_only_defined_differences() -> None:
    a = [*A, math.nan, 1.0, math.inf]
    b = [*B, 0.5, math.nan, math.inf]
    statistic, p, _, n = paired_test(a, b)
    assert n == len(A)
    assert (statistic, p) == pytest.approx(tuple(stats.wilcoxon(A, B)))


@pytest.mark.parametrize(("a", "b", "n"), [
    ([0.5, 0.6, 0.7], [0.5, 0.6, 0.7], 3),   # all differences zero
    ([0.5], [0.4], 1),                       # n < 2
    ([], [], 0),                             # nothing
    ([math.nan, 0.5], [0.4, math.nan], 0),   # nothing paired
])
def test_degenerate_tests_are_undefined(a, b, n) -> None:
    statistic, p, _, used = paired_test(a, b)
    assert used == n and math.isnan(statistic) and math.isnan(p)


def test_holm_on_a_hand_worked_example() -> None:
    # sorted .005 .01 .03 .04 times 4 3 2 1 = .02 .03 .06 .04; running max .02 .03 .06 .06
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # capped at 1; nan kept and not counted in m
    assert holm([0.5, 0.6]) == pytest.approx([1.0, 1.0])
    assert holm([0.01, math.nan, 0.04]) == pytest.approx([0.02, math.nan, 0.04], nan_ok=True)
    assert holm([]).shape == (0,)


@given(st.lists(st.floats(0, 1), min_size=1, max_size=20))
def test_holm_is_bounded_and_keeps_the_order(p_values) -> None:
    p = np.array(p_values)
    adjusted = holm(p)
    assert np.all(adjusted >= p) and np.all(adjusted <= 1)
    order = np.argsort(p, kind="stable")
    assert np.all(np.diff(adjusted[order]) >= 0)
    # never stricter than Bonferroni's min(1, m p)
    assert np.all(adjusted <= np.minimum(1, p.size * p) + 1e-12)


def test_compare_methods_tests_every_pair_and_corrects_over_the_pairs_of_a_metric() -> None:
    c = [v - 0.1 for v in A]
    scores = MethodScores.from_mapping({
        name: {f"case{i}": {"dice": values[i], "hausdorff": 10 * values[i]}
               for i in range(len(A))}
        for name, values in (("A", A), ("B", B), ("C", c))
    })
    comparison = compare_methods(scores, n_resamples=200)
    assert [(r.a, r.b, r.metric) for r in comparison.comparisons] == [
        ("A", "B", "dice"), ("A", "B", "hausdorff"), ("A", "C", "dice"),
        ("A", "C", "hausdorff"), ("B", "C", "dice"), ("B", "C", "hausdorff")]
    first = comparison.comparisons[0]
    assert first.test == "wilcoxon"
    assert first.p == pytest.approx(stats.wilcoxon(A, B).pvalue)
    for metric in ("dice", "hausdorff"):
        tests = [t for t in comparison.comparisons if t.metric == metric]
        np.testing.assert_allclose([t.p_holm for t in tests], holm([t.p for t in tests]))
    assert comparison.summary["C"]["dice"].mean == pytest.approx(np.mean(A) - 0.1)


def test_method_scores_fill_missing_cases_with_nan() -> None:
    scores = MethodScores.from_mapping({"A": {"1": {"dice": 0.8}, "2": {"dice": 0.7}},
                                        "B": {"2": {"dice": 0.6}}})
    assert scores.cases == ("1", "2") and scores.metrics == ("dice",)
    assert np.isnan(scores.values[1, 0, 0]) and scores.values[1, 1, 0] == 0.6
    with pytest.raises(InputError, match="no method"):
        MethodScores.from_mapping({})


def test_one_method_on_one_case_is_summarised_without_tests() -> None:
    scores = MethodScores.from_mapping({"A": {"01": {"dice": 0.8, "cal": math.nan}}})
    comparison = compare_methods(scores)
    assert comparison.comparisons == ()
    dice, cal = comparison.summary["A"]["dice"], comparison.summary["A"]["cal"]
    assert (dice.n, dice.mean) == (1, 0.8) and math.isnan(dice.ci_low)
    assert cal.n == 0 and math.isnan(cal.mean)


def test_human_baselines_come_last_and_are_tested_against_each_method() -> None:
    scores = MethodScores.from_mapping({"H": {"1": {"dice": 0.9}, "2": {"dice": 0.95}},
                                        "A": {"1": {"dice": 0.8}, "2": {"dice": 0.7}},
                                        "B": {"1": {"dice": 0.6}, "2": {"dice": 0.5}}},
                                       baselines=["H"])
    assert scores.methods == ("A", "B", "H") and scores.baselines == ("H",)
    np.testing.assert_array_equal(scores.values[2, :, 0], [0.9, 0.95])
    assert scores.without_baselines().methods == ("A", "B")
    pairs = {(t.a, t.b) for t in compare_methods(scores, n_resamples=10).comparisons}
    assert pairs == {("A", "B"), ("A", "H"), ("B", "H")}
    alone = compare_methods(scores.without_baselines(), n_resamples=10).comparisons[0]
    tests = compare_methods(scores, n_resamples=10).comparisons
    assert tests[0].p_holm == alone.p_holm  # the baseline's tests are their own family
    with pytest.raises(InputError, match=r"human baselines \['observer2'\] are not among"):
        MethodScores.from_mapping({"A": {"1": {"dice": 0.8}}}, baselines=["observer2"])
