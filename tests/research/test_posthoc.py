"""The post-hoc tests after Friedman's: Conover's and Wilcoxon's p equal scikit-posthocs',
and Holm corrects them over every pair of methods x every metric as one family
(statsmodels' ``multipletests``, an independent implementation)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
import scikit_posthocs as sp
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.multitest import multipletests

from vesselview.research.friedman import friedman_tests
from vesselview.research.posthoc import POST_HOCS, conover_p, post_hoc, wilcoxon_p
from vesselview.research.statistics import MethodScores

METRICS = ("dice", "hausdorff", "se")


def _scores(values: np.ndarray, baselines: tuple[str, ...] = ()) -> MethodScores:
    """MethodScores of ``values`` (methods, cases, metrics) over `METRICS`."""
    return MethodScores.from_mapping(
        {f"M{i}": {f"{j:02d}": dict(zip(METRICS, map(float, case), strict=True))
                   for j, case in enumerate(by_case)} for i, by_case in enumerate(values)},
        baselines=baselines)


def _upper(p: np.ndarray) -> np.ndarray:
    """The pairs' p of a (k, k) matrix, a before b."""
    return p[np.triu_indices(p.shape[0], 1)]


@settings(max_examples=30, deadline=None)
@given(k=st.integers(3, 6), n=st.integers(2, 12), seed=st.integers(0, 2**32 - 1),
       ties=st.booleans())
@example(k=3, n=2, seed=46, ties=True)  # methods 0 and 2 are equal on every case
def test_conover_and_wilcoxon_equal_scikit_posthocs(k, n, seed, ties) -> None:
    values = np.random.default_rng(seed).random((k, n))
    if ties:
        values = np.round(values, 1)
    # scikit-posthocs takes cases as rows for Conover, one sample per method for Wilcoxon
    expected_conover = sp.posthoc_conover_friedman(values.T).to_numpy()
    np.testing.assert_allclose(conover_p(values), expected_conover, atol=1e-12)
    # A pair whose every difference is zero has no Wilcoxon test: ours is nan (undefined,
    # with a reason); scipy raised ValueError before 1.17 and gives p = 1 since.
    identical = np.array([[np.array_equal(a, b) for b in values] for a in values])
    np.fill_diagonal(identical, False)
    ours = wilcoxon_p(values)
    assert np.array_equal(np.isnan(ours), identical)
    try:
        expected_wilcoxon = sp.posthoc_wilcoxon(list(values)).to_numpy()
    except ValueError:
        return
    np.testing.assert_allclose(ours[~identical], expected_wilcoxon[~identical], atol=1e-12)


@pytest.mark.parametrize("name", ["conover", "wilcoxon-holm"])
def test_holm_runs_over_every_pair_of_methods_and_every_metric(name) -> None:
    rng = np.random.default_rng(7)
    values = rng.random((5, 12, len(METRICS)))  # methods, cases, metrics
    values[:, :, 1] *= 40
    values[0] += 0.3  # M0 better on the similarities, worse on the distance
    scores = _scores(values)
    result = post_hoc(scores, friedman_tests(scores), name)
    assert result is not None and result.name == name
    raw = conover_p if name == "conover" else wilcoxon_p
    # the blocks are oriented (larger is better); neither p depends on the direction
    family = np.concatenate([_upper(raw(values[:, :, m])) for m in range(len(METRICS))])
    expected = multipletests(family, method="holm")[1].reshape(len(METRICS), -1)
    np.testing.assert_allclose([_upper(p) for p in result.p], expected, atol=1e-12)
    assert "10 pairs of methods x 3 metrics (30 defined p)" in result.family
    for p in result.p:
        np.testing.assert_array_equal(p, p.T)
        np.testing.assert_array_equal(np.diag(p), 1.0)
    assert [(metric, a, b) for metric, a, b, _ in result.pairs()][:3] == [
        ("dice", "M0", "M1"), ("dice", "M0", "M2"), ("dice", "M0", "M3")]


def test_nemenyi_is_friedmans_own_p_and_baselines_are_never_compared() -> None:
    values = np.random.default_rng(2).random((4, 6, len(METRICS)))
    scores = _scores(values, baselines=("M3",))
    tests = friedman_tests(scores)
    result = post_hoc(scores, tests)
    assert result is not None and result.name == POST_HOCS[0] == "nemenyi"
    assert result.methods == ("M0", "M1", "M2")
    np.testing.assert_array_equal(result.p, [test.nemenyi_p for test in tests])
    for name in ("conover", "wilcoxon-holm"):
        other = post_hoc(scores, tests, name)
        assert other is not None and other.p.shape == (3, 3, 3)


def test_undefined_p_stay_undefined_and_leave_the_family() -> None:
    values = np.random.default_rng(4).random((3, 5, len(METRICS)))
    values[:, :, 2] = 0.5  # every case ties every method on se
    values[0, :, 0] = math.nan  # no case defines dice for M0
    scores = _scores(values)
    for name in ("conover", "wilcoxon-holm"):
        result = post_hoc(scores, friedman_tests(scores), name)
        assert result is not None
        assert np.isnan([_upper(result.p[0]), _upper(result.p[2])]).all()
        assert "(3 defined p)" in result.family


def test_two_methods_have_no_post_hoc_and_an_unknown_name_is_refused() -> None:
    scores = _scores(np.random.default_rng(5).random((2, 4, len(METRICS))))
    assert post_hoc(scores, friedman_tests(scores), "conover") is None
    with pytest.raises(ValueError, match="unknown post-hoc test 'tukey'"):
        post_hoc(scores, (), "tukey")


def test_a_hand_made_conover_p() -> None:
    # 3 methods, 4 cases, ranks 3, 2, 1 on every case but the last (2, 3, 1): rank sums
    # 11, 9, 4; sum r^2 = 56; S2 = (56 - 4 * 3 * 16 / 4) / 2 = 4; T2 = (9 + 1 + 16) / 4
    values = np.array([[3, 3, 3, 2], [2, 2, 2, 3], [1, 1, 1, 1]], dtype=np.float64)
    s2, t2, dof = 4.0, 6.5, 4 * 3 - 3 - 4 + 1
    scale = math.sqrt(s2 * 2 * 4 * 2 / dof * (1 - t2 / 8))
    expected = [2 * stats.t.sf(abs(a - b) / scale, dof)
                for a, b in itertools.combinations([11, 9, 4], 2)]
    np.testing.assert_allclose(_upper(conover_p(values)), expected)
