"""Does the choice of metric change the winner? The methods' orders across metrics.

For each metric the methods are ranked within every case where all of them are defined
(1 = best, dissimilarities negated as in ``docs/metrics.md`` §8, ties sharing their
average rank); a method's *mean rank* is the mean over those cases. The metric's
*winners* are the methods with the smallest mean rank. Two metrics order the methods
alike when Kendall's tau-b between their mean ranks is high; the *consensus* order is
the mean of the mean ranks over all metrics, and each metric's tau-b with it says how
typical its order is. Human baselines (`MethodScores.baselines`, a dataset's other
observer) are left out of all of it: they are not methods, so they neither take a rank
nor decide which cases every method is defined on.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import scipy  # scipy.stats: loaded at first use

from vesselview.research.ranking import oriented
from vesselview.research.statistics import MethodScores


@dataclasses.dataclass(frozen=True, eq=False)
class MethodOrders:
    """The methods' orders by every metric (``nan`` = undefined).

    Attributes
    ----------
    methods : tuple of str
        The ranked methods (no human baseline).
    metrics : tuple of str
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
        Its human baselines are left out.

    Returns
    -------
    MethodOrders
    """
    scores = scores.without_baselines()
    n_metrics = len(scores.metrics)
    mean_rank = np.full((n_metrics, len(scores.methods)), np.nan)
    n = np.zeros(n_metrics, dtype=np.int64)
    for k, metric in enumerate(scores.metrics):
        better = oriented(metric, scores.values[:, :, k])  # (methods, cases)
        complete = better[:, ~np.isnan(better).any(axis=0)]
        n[k] = complete.shape[1] if scores.methods else 0
        if n[k]:
            mean_rank[k] = scipy.stats.rankdata(-complete, axis=0).mean(axis=1)
    winners = tuple(_winners(scores.methods, row) for row in mean_rank)
    defined = mean_rank[~np.isnan(mean_rank).any(axis=1)]
    consensus = defined.mean(axis=0) if defined.size else np.full(len(scores.methods), np.nan)
    tau = tau_b_matrix(np.vstack([mean_rank, consensus]))
    return MethodOrders(scores.methods, scores.metrics, mean_rank, n, winners,
                        tau[:-1, :-1], tau[:-1, -1])


def _winners(methods: tuple[str, ...], mean_rank: np.ndarray) -> tuple[str, ...]:
    """Methods with the smallest mean rank (none when the ranks are undefined)."""
    if not methods or np.isnan(mean_rank).any():
        return ()
    return tuple(m for m, r in zip(methods, mean_rank, strict=True) if r == mean_rank.min())


def tau_b_matrix(orders: np.ndarray) -> np.ndarray:
    """Kendall's tau-b between every two rows of ``orders``.

    tau-b = sum_pairs s_x s_y / sqrt(sum_pairs s_x^2 * sum_pairs s_y^2), with s the
    sign of the difference over every pair of columns (a tie gives 0): the concordant
    minus discordant pairs over the geometric mean of the untied pairs. One matrix
    product instead of one ``scipy.stats.kendalltau`` call per pair of rows (tens of
    metrics give thousands of calls; the tests check it against scipy).

    Parameters
    ----------
    orders : ndarray of float64, shape (k, m)
        One order (e.g. mean ranks of m methods) per row.

    Returns
    -------
    ndarray of float64, shape (k, k)
        ``nan`` where a row is constant or has a ``nan``.
    """
    first, second = np.triu_indices(orders.shape[1], k=1)
    signs = np.sign(orders[:, first] - orders[:, second])  # (k, pairs), nan kept
    untied = np.sum(signs ** 2, axis=1)
    usable = ~np.isnan(untied) & (untied > 0)
    signs[~usable] = 0
    with np.errstate(invalid="ignore", divide="ignore"):
        tau = (signs @ signs.T) / np.sqrt(np.outer(untied, untied))
    tau[~usable] = np.nan
    tau[:, ~usable] = np.nan
    return tau
