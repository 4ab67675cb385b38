"""The post-hoc comparison after Friedman's test: Nemenyi, Conover, or Wilcoxon with Holm.

Every post-hoc test compares each pair of ranked methods on each chosen metric over
the same blocks as Friedman's test (`vesselview.research.friedman.blocks`: the cases
every method defines; ``n`` of them).

* ``nemenyi`` (the default): Nemenyi's p (`FriedmanTest.nemenyi_p`), which holds the
  family-wise error over one metric's pairs by itself; not corrected further.
* ``conover``: the Friedman-Conover test (Conover 1999, p. 371; as scikit-posthocs'
  ``posthoc_conover_friedman``): with within-case ranks ``r``, rank sums ``R_j``,
  ``S2 = (sum r^2 - n k (k + 1)^2 / 4) / (k - 1)`` and
  ``T2 = sum (R_j - n (k + 1) / 2)^2 / S2``, the pair (a, b) has
  ``t = |R_a - R_b| / sqrt(2 n S2 (1 - T2 / (n (k - 1))) / (n k - k - n + 1))`` and the
  two-sided p of Student's t with ``n k - k - n + 1`` degrees of freedom.
* ``wilcoxon-holm``: the paired Wilcoxon signed-rank test of each pair
  (`vesselview.research.statistics.paired_test`, scipy's default options).

Conover's and Wilcoxon's p are then corrected by Holm's method over one family: every
pair of ranked methods times every chosen metric (`PostHoc.family` says so, with its
size). A p that is undefined (fewer than 2 blocks, every block tied) stays undefined
and is not counted in the family. Human baselines are never compared: they are not
ranked.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

import numpy as np
import scipy  # scipy.stats: loaded at first use

from vesselview.research.friedman import FriedmanTest, blocks
from vesselview.research.statistics import MethodScores, holm, paired_test

#: The post-hoc tests ``--posthoc`` chooses from; the first is the default.
POST_HOCS: tuple[str, ...] = ("nemenyi", "conover", "wilcoxon-holm")


@dataclasses.dataclass(frozen=True, eq=False)
class PostHoc:
    """One post-hoc test of every pair of ranked methods on every chosen metric.

    Attributes
    ----------
    name : str
        One of `POST_HOCS`.
    family : str
        The family the p are corrected over, as the outputs state it.
    methods, metrics : tuple of str
        The k ranked methods (no human baseline) and the m metrics.
    p : ndarray of float64, shape (m, k, k)
        The pairwise p, corrected as `family` says; symmetric, 1 on the diagonal,
        ``nan`` where undefined.
    """

    name: str
    family: str
    methods: tuple[str, ...]
    metrics: tuple[str, ...]
    p: np.ndarray

    def pairs(self) -> list[tuple[str, str, str, float]]:
        """``(metric, a, b, p)`` of every metric and pair of methods (a before b)."""
        k = len(self.methods)
        return [(metric, self.methods[i], self.methods[j], float(p[i, j]))
                for metric, p in zip(self.metrics, self.p, strict=True)
                for i, j in itertools.combinations(range(k), 2)]


def post_hoc(scores: MethodScores, tests: Sequence[FriedmanTest],
             name: str = POST_HOCS[0]) -> PostHoc | None:
    """The post-hoc test ``name`` of the ranked methods of ``scores``.

    Parameters
    ----------
    scores : MethodScores
        Its human baselines are left out.
    tests : sequence of FriedmanTest
        `friedman_tests` of ``scores`` (Nemenyi's p come from there).
    name : str
        One of `POST_HOCS`.

    Returns
    -------
    PostHoc or None
        None with fewer than 3 ranked methods (no Friedman test).

    Raises
    ------
    ValueError
        For a ``name`` not in `POST_HOCS`.
    """
    if name not in POST_HOCS:
        raise ValueError(f"unknown post-hoc test {name!r}; use one of {POST_HOCS}")
    if not tests:
        return None
    if name == "nemenyi":
        return nemenyi(tests)
    ranked = scores.without_baselines()
    methods, metrics = ranked.methods, ranked.metrics
    pairwise = conover_p if name == "conover" else wilcoxon_p
    raw = np.stack([pairwise(blocks(ranked, index)) for index in range(len(metrics))])
    corrected, size = holm_over_pairs(raw)
    k = len(methods)
    family = (f"Holm over all {k * (k - 1) // 2} pairs of methods x {len(metrics)} metrics "
              f"({size} defined p)")
    return PostHoc(name, family, methods, metrics, corrected)


def nemenyi(tests: Sequence[FriedmanTest]) -> PostHoc:
    """Nemenyi's p of ``tests`` (`friedman_tests`, at least one) as a `PostHoc`."""
    return PostHoc("nemenyi", "none: Nemenyi's test holds the family-wise error over the "
                   "pairs of methods of each metric by itself", tests[0].methods,
                   tuple(test.metric for test in tests),
                   np.stack([test.nemenyi_p for test in tests]))


def conover_p(values: np.ndarray) -> np.ndarray:
    """The Friedman-Conover two-sided p of every pair of methods (module docstring).

    Written here, not taken from scikit-posthocs, which needs pandas and is only a test
    dependency (the tests check the two agree).

    Parameters
    ----------
    values : ndarray of float64, shape (k methods, n cases)
        The blocks (no ``nan``).

    Returns
    -------
    ndarray of float64, shape (k, k)
        1 on the diagonal; ``nan`` everywhere with fewer than 2 cases or when every case
        ties every method; 0 off the diagonal when every case ranks the methods alike.
    """
    k, n = values.shape
    p = np.full((k, k), np.nan)
    np.fill_diagonal(p, 1.0)
    if n < 2:
        return p
    ranks = scipy.stats.rankdata(values, axis=0)
    rank_sums = ranks.sum(axis=1)
    s2 = (np.sum(ranks**2) - n * k * (k + 1) ** 2 / 4) / (k - 1)
    dof = n * k - k - n + 1
    with np.errstate(divide="ignore", invalid="ignore"):
        t2 = np.sum((rank_sums - n * (k + 1) / 2) ** 2) / s2
        scale = np.sqrt(s2 * 2 * n * (k - 1) / dof * (1 - t2 / (n * (k - 1))))
        t = np.abs(rank_sums[:, None] - rank_sums[None, :]) / scale
    off = ~np.eye(k, dtype=bool)
    p[off] = 2 * scipy.stats.t.sf(t[off], dof)
    return p


def wilcoxon_p(values: np.ndarray) -> np.ndarray:
    """The paired Wilcoxon signed-rank p of every pair of methods.

    Parameters
    ----------
    values : ndarray of float64, shape (k methods, n cases)

    Returns
    -------
    ndarray of float64, shape (k, k)
        1 on the diagonal; ``nan`` where undefined (`paired_test`).
    """
    k = values.shape[0]
    p = np.eye(k)
    for i, j in itertools.combinations(range(k), 2):
        p[i, j] = p[j, i] = paired_test(values[i], values[j])[1]
    return p


def holm_over_pairs(p: np.ndarray) -> tuple[np.ndarray, int]:
    """Holm's correction of the pairs of every metric as one family.

    Parameters
    ----------
    p : ndarray of float64, shape (m, k, k)
        Symmetric pairwise p per metric.

    Returns
    -------
    corrected : ndarray of float64, shape (m, k, k)
        Symmetric, 1 on the diagonal.
    size : int
        The defined p in the family.
    """
    upper = np.triu_indices(p.shape[1], 1)
    corrected = np.empty_like(p)
    corrected[:] = np.eye(p.shape[1])
    adjusted = holm(p[:, upper[0], upper[1]].ravel()).reshape(len(p), -1)
    corrected[:, upper[0], upper[1]] = adjusted
    corrected[:, upper[1], upper[0]] = adjusted
    return corrected, int(np.count_nonzero(~np.isnan(adjusted)))
