"""Omnibus test for k >= 3 methods: Friedman's test and Nemenyi's post-hoc comparison.

For one metric the cases where every ranked method is defined are the blocks (a case
with any undefined value is dropped; ``n`` counts the rest). Within each case the
methods are ranked, 1 = best (dissimilarities negated as in ``docs/metrics.md`` §8,
ties sharing their average rank). Friedman's chi-square is
``scipy.stats.friedmanchisquare`` over those cases. Nemenyi's critical difference
(Demšar, J. Mach. Learn. Res. 7, 2006) is ``CD = q_alpha sqrt(k (k + 1) / (6 n))``
with ``q_alpha`` the studentized range's upper alpha quantile for k groups and
infinite degrees of freedom over sqrt(2); two methods whose mean ranks differ by more
than CD differ significantly. The pairwise Nemenyi p is the studentized range's
survival function at ``|R_a - R_b| sqrt(2) / sqrt(k (k + 1) / (6 n))``. Human
baselines (`MethodScores.baselines`) are never in it: they are not methods. The other
post-hoc tests (Conover, Wilcoxon with Holm) are in `vesselview.research.posthoc`.
"""

from __future__ import annotations

import dataclasses
import warnings

import numpy as np
import scipy  # scipy.stats: loaded at first use

from vesselview.research.ranking import oriented
from vesselview.research.statistics import MethodScores

#: Significance level of the critical difference.
ALPHA = 0.05


@dataclasses.dataclass(frozen=True, eq=False)
class FriedmanTest:
    """Friedman's test and Nemenyi's post-hoc comparison of k methods on one metric.

    Attributes
    ----------
    metric : str
    methods : tuple of str
        The k ranked methods (no human baseline).
    n : int
        Cases every method defines (the blocks).
    statistic, p : float
        Friedman's chi-square and its p; ``nan`` when undefined (n < 2, or every
        case ties every method).
    mean_rank : ndarray of float64, shape (k,)
        1 = best; ``nan`` when n = 0.
    critical_difference : float
        Nemenyi's CD at `ALPHA`, in ranks; ``nan`` when n = 0.
    nemenyi_p : ndarray of float64, shape (k, k)
        Pairwise Nemenyi p (1 on the diagonal); ``nan`` when n = 0.
    """

    metric: str
    methods: tuple[str, ...]
    n: int
    statistic: float
    p: float
    mean_rank: np.ndarray
    critical_difference: float
    nemenyi_p: np.ndarray


def friedman_tests(scores: MethodScores, alpha: float = ALPHA) -> tuple[FriedmanTest, ...]:
    """Friedman's test and Nemenyi's CD of the ranked methods for every metric.

    Parameters
    ----------
    scores : MethodScores
        Its human baselines are left out.
    alpha : float
        Significance level of the critical difference.

    Returns
    -------
    tuple of FriedmanTest
        One per metric; empty with fewer than 3 ranked methods (two keep the paired
        Wilcoxon of `vesselview.research.statistics`).
    """
    scores = scores.without_baselines()
    if len(scores.methods) < 3:
        return ()
    return tuple(_friedman_test(scores, k, metric, alpha)
                 for k, metric in enumerate(scores.metrics))


def blocks(scores: MethodScores, index: int) -> np.ndarray:
    """The Friedman blocks of the metric at ``index``: its values oriented so that
    larger is better (`vesselview.research.ranking.oriented`) on the cases every method
    of ``scores`` defines.

    Returns
    -------
    ndarray of float64, shape (k methods, n cases)
    """
    better = oriented(scores.metrics[index], scores.values[:, :, index])  # (methods, cases)
    return better[:, ~np.isnan(better).any(axis=0)]


def _friedman_test(scores: MethodScores, index: int, metric: str,
                   alpha: float) -> FriedmanTest:
    """The `FriedmanTest` of the metric at ``index`` of ``scores`` (no baselines)."""
    complete = blocks(scores, index)
    k, n = complete.shape
    nan = float("nan")
    if n == 0:
        return FriedmanTest(metric, scores.methods, 0, nan, nan, np.full(k, nan), nan,
                            np.full((k, k), nan))
    mean_rank = scipy.stats.rankdata(-complete, axis=0).mean(axis=1)
    scale = np.sqrt(k * (k + 1) / (6 * n))
    q_alpha = scipy.stats.studentized_range.ppf(1 - alpha, k, np.inf) / np.sqrt(2)
    q = np.abs(mean_rank[:, None] - mean_rank[None, :]) / scale
    nemenyi_p = scipy.stats.studentized_range.sf(q * np.sqrt(2), k, np.inf)
    np.fill_diagonal(nemenyi_p, 1.0)
    statistic, p = nan, nan
    if n >= 2 and np.ptp(complete, axis=0).any():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            result = scipy.stats.friedmanchisquare(*complete)
        statistic, p = float(result.statistic), float(result.pvalue)
    return FriedmanTest(metric, scores.methods, n, statistic, p, mean_rank,
                        float(q_alpha * scale), nemenyi_p)
