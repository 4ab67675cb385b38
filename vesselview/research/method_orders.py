"""Does the choice of metric change the winner? The methods' orders across metrics.

For each metric the methods are ranked within every case where all of them are defined
(1 = best, dissimilarities negated as in ``metrics.md`` section 8, ties sharing their
average rank); a method's *mean rank* is the mean over those cases. The metric's
*winners* are the methods with the smallest mean rank. Two metrics order the methods
alike when Kendall's tau-b between their mean ranks is high; the *consensus* order is
the mean of the mean ranks over all metrics, and each metric's tau-b with it says how
typical its order is.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy import stats

from vesselview.research.ranking import oriented
from vesselview.research.statistics import MethodScores


@dataclasses.dataclass(frozen=True, eq=False)
class MethodOrders:
    """The methods' orders by every metric (``nan`` = undefined).

    Attributes
    ----------
    methods, metrics : tuple of str
    mean_rank : ndarray of float64, shape (n_metrics, n_methods)
        1 = best; ``nan`` when no case has every method defined.
    n : ndarray of int64, shape (n_metrics,)
        Cases ranked per metric.
    winners : tuple of tuple of str
        Per metric, the methods sharing the smallest mean rank (empty when undefined).
    kendall_tau_b : ndarray of float64, shape (n_metrics, n_metrics)
        Between the metrics' mean ranks; ``nan`` when either is constant or undefined.
    consensus_tau_b : ndarray of float64, shape (n_metrics,)
        Each metric's tau-b with the consensus order.
    """

    methods: tuple[str, ...]
    metrics: tuple[str, ...]
    mean_rank: np.ndarray
    n: np.ndarray
    winners: tuple[tuple[str, ...], ...]
    kendall_tau_b: np.ndarray
    consensus_tau_b: np.ndarray


def method_orders(scores: MethodScores) -> MethodOrders:
    """Mean rank of each method per metric and the agreement of the metrics' orders.

    Parameters
    ----------
    scores : MethodScores

    Returns
    -------
    MethodOrders
    """
    n_metrics = len(scores.metrics)
    mean_rank = np.full((n_metrics, len(scores.methods)), np.nan)
    n = np.zeros(n_metrics, dtype=np.int64)
    for k, metric in enumerate(scores.metrics):
        better = oriented(metric, scores.values[:, :, k])  # (methods, cases)
        complete = better[:, ~np.isnan(better).any(axis=0)]
        n[k] = complete.shape[1]
        if n[k]:
            mean_rank[k] = stats.rankdata(-complete, axis=0).mean(axis=1)
    winners = tuple(_winners(scores.methods, row) for row in mean_rank)
    tau = np.array([[_tau_b(first, second) for second in mean_rank] for first in mean_rank])
    defined = mean_rank[~np.isnan(mean_rank).any(axis=1)]
    consensus = defined.mean(axis=0) if defined.size else np.full(len(scores.methods), np.nan)
    consensus_tau = np.array([_tau_b(row, consensus) for row in mean_rank])
    return MethodOrders(scores.methods, scores.metrics, mean_rank, n, winners,
                        tau.reshape(n_metrics, n_metrics), consensus_tau)


def _winners(methods: tuple[str, ...], mean_rank: np.ndarray) -> tuple[str, ...]:
    """Methods with the smallest mean rank (none when the ranks are undefined)."""
    if np.isnan(mean_rank).any():
        return ()
    return tuple(m for m, r in zip(methods, mean_rank, strict=True) if r == mean_rank.min())


def _tau_b(x: np.ndarray, y: np.ndarray) -> float:
    """Kendall's tau-b of two rank vectors; ``nan`` when either is undefined or constant."""
    if np.isnan(x).any() or np.isnan(y).any() or np.ptp(x) == 0 or np.ptp(y) == 0:
        return float("nan")
    return float(stats.kendalltau(x, y).statistic)
