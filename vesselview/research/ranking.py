"""Rank candidates by each metric and measure rank agreement (``docs/metrics.md`` §8).

Several candidates (segmentations of the same image, or of several images) are scored
by every metric; `rank_candidates` ranks them per metric and `rank_agreement` compares
each metric's scores with an expected order (rank 1 = best) or with human scores
(higher = better) by Kendall's tau-b, Spearman's rho, Pearson's r (all from
`scipy.stats`) and Paglieroni's mean and standard inconsistency.

Dissimilarities (``DISSIMILARITIES``: FPR, MSE, Hausdorff, Delta_p, distances...) are
negated first, so for every metric higher means better and a positive correlation
means agreement. A candidate whose metric value (or expected value) is ``nan``
(undefined) is left out of that metric's statistics; ``inf`` (a distance to an empty
mask) is the worst possible value and takes part in the rank statistics but makes the
value-based ones (Pearson, mean inconsistency) ``nan``. A human baseline among the
candidates (another observer's tracing) keeps its scores but takes no rank: the others
are ranked among themselves.

Paglieroni's mean and standard inconsistency: `vesselview.research.inconsistency`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import scipy  # scipy.stats: loaded at first use
from numpy.typing import ArrayLike

from vesselview.engine.keys import DISSIMILARITIES, UNORDERED
from vesselview.errors import InputError
from vesselview.research.inconsistency import (
    is_constant,
    mean_inconsistency,
    standard_inconsistency,
)

ExpectedKind = Literal["rank", "score"]

#: Statistics of `Agreement`, in column order.
AGREEMENT_STATISTICS: tuple[str, ...] = (
    "kendall_tau_b", "spearman", "pearson", "mean_inconsistency", "standard_inconsistency",
)


def oriented(metric: str, values: ArrayLike) -> np.ndarray:
    """Scores of ``metric`` as float64 with higher = better (dissimilarities negated).

    Parameters
    ----------
    metric : str
        A metric key; keys in ``DISSIMILARITIES`` are negated, keys in ``UNORDERED``
        (direction ``"neither"``) become ``nan`` (no value is better), any other is kept.
    values : array_like of float, shape (n,)
    """
    scores = np.asarray(values, dtype=np.float64)
    if metric in UNORDERED:
        return np.full_like(scores, np.nan)
    return -scores if metric in DISSIMILARITIES else scores


@dataclasses.dataclass(frozen=True, eq=False)
class Ranking:
    """Candidates ranked by each metric.

    Attributes
    ----------
    candidates : tuple of str
        Candidate names, in the order given.
    metrics : tuple of str
        Metric keys, in the order given.
    scores : ndarray of float64, shape (n_candidates, n_metrics)
        The values as given (dissimilarities not negated).
    ranks : ndarray of float64, shape (n_candidates, n_metrics)
        1 = best; tied candidates share the best of their ranks (1, 2, 2, 4);
        ``nan`` where the value is undefined and for a human baseline.
    baselines : tuple of str
        The candidates that are human baselines (not ranked).
    """

    candidates: tuple[str, ...]
    metrics: tuple[str, ...]
    scores: np.ndarray
    ranks: np.ndarray
    baselines: tuple[str, ...] = ()

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per candidate: ``candidate``, then ``<metric>`` and ``<metric>_rank``."""
        rows = []
        for i, name in enumerate(self.candidates):
            row: dict[str, Any] = {"candidate": name}
            for j, metric in enumerate(self.metrics):
                row[metric] = float(self.scores[i, j])
                row[f"{metric}_rank"] = float(self.ranks[i, j])
            rows.append(row)
        return rows


@dataclasses.dataclass(frozen=True)
class Agreement:
    """Agreement of one metric with the expected values (``nan`` where undefined).

    Attributes
    ----------
    metric : str
    n : int
        Candidates used (metric and expected value both defined).
    kendall_tau_b, spearman, pearson : float
        In [-1, 1]; ``nan`` for fewer than 2 candidates or constant values.
    mean_inconsistency : float
        Paglieroni's Delta_R1 in [0, n - 1] (see the module docstring).
    standard_inconsistency : float
        Paglieroni's Delta_R2 in [0, n - 1].
    """

    metric: str
    n: int
    kendall_tau_b: float
    spearman: float
    pearson: float
    mean_inconsistency: float
    standard_inconsistency: float


@dataclasses.dataclass(frozen=True, eq=False)
class RankAgreement:
    """Every metric's `Agreement` with one expected ranking or set of human scores.

    Attributes
    ----------
    expected : ndarray of float64, shape (n_candidates,)
        The expected values as given.
    expected_kind : {"rank", "score"}
        ``"rank"``: 1 = best; ``"score"``: higher = better.
    rows : tuple of Agreement
        One per metric, in the order given.
    """

    expected: np.ndarray
    expected_kind: ExpectedKind
    rows: tuple[Agreement, ...]

    def __getitem__(self, metric: str) -> Agreement:
        """The `Agreement` of ``metric``."""
        for row in self.rows:
            if row.metric == metric:
                return row
        raise KeyError(metric)

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per metric: ``metric, n`` and the `AGREEMENT_STATISTICS`."""
        return [dataclasses.asdict(row) for row in self.rows]


def rank_candidates(scores: Mapping[str, Sequence[float] | np.ndarray],
                    candidates: Sequence[str], *, baselines: Sequence[str] = ()) -> Ranking:
    """Rank ``candidates`` by every metric of ``scores`` (1 = best).

    Parameters
    ----------
    scores : mapping of str to sequence of float
        Metric key -> one value per candidate, in the order of ``candidates``.
    candidates : sequence of str
        Candidate names, distinct.
    baselines : sequence of str
        Candidates that are human baselines (another observer's tracing): their rank is
        ``nan`` and the others are ranked without them.

    Raises
    ------
    InputError
        When names repeat, a baseline is not a candidate or a metric has the wrong
        number of values.
    """
    names = tuple(candidates)
    if len(set(names)) != len(names):
        raise InputError(f"candidate names repeat: {list(names)}", source="candidates")
    unknown = [name for name in baselines if name not in names]
    if unknown:
        raise InputError(f"human baselines {unknown} are not among the candidates "
                         f"{list(names)}", source="baselines")
    table = _score_table(scores, len(names))
    ranked = np.array([name not in baselines for name in names], dtype=bool)
    ranks = np.full_like(table, np.nan)
    for j, metric in enumerate(scores):
        ranks[ranked, j] = _best_first_ranks(oriented(metric, table[ranked, j]))
    return Ranking(names, tuple(scores), table, ranks,
                   tuple(name for name in names if name in baselines))


def rank_agreement(scores: Mapping[str, Sequence[float]],
                   expected: Sequence[float] | np.ndarray, *,
                   expected_kind: ExpectedKind = "rank") -> RankAgreement:
    """Agreement of each metric's scores with an expected ranking or human scores.

    Parameters
    ----------
    scores : mapping of str to sequence of float
        Metric key -> one value per candidate.
    expected : sequence of float, shape (n_candidates,)
        Expected rank (``expected_kind="rank"``, 1 = best, ties allowed) or mean human
        score (``"score"``, higher = better) per candidate; ``nan`` = unknown.
    expected_kind : {"rank", "score"}

    Returns
    -------
    RankAgreement

    Raises
    ------
    InputError
        For a length mismatch, an infinite expected value or an unknown kind.

    Examples
    --------
    >>> agreement = rank_agreement({"f1_t": [0.9, 0.8, 0.7]}, [1, 2, 3])
    >>> agreement["f1_t"].kendall_tau_b
    1.0
    """
    if expected_kind not in ("rank", "score"):
        raise InputError(f"expected_kind must be 'rank' or 'score', got {expected_kind!r}")
    target = np.asarray(expected, dtype=np.float64).ravel()
    if np.isinf(target).any():
        raise InputError("expected values must be finite (nan marks an unknown one)",
                         source="expected")
    table = _score_table(scores, target.size)
    better = -target if expected_kind == "rank" else target
    rows = tuple(_agreement(m, oriented(m, table[:, j]), better) for j, m in enumerate(scores))
    return RankAgreement(target, expected_kind, rows)


def _score_table(scores: Mapping[str, Sequence[float] | np.ndarray],
                 n_candidates: int) -> np.ndarray:
    """``scores`` as a float64 array of shape (n_candidates, n_metrics), lengths checked."""
    for metric, values in scores.items():
        if len(values) != n_candidates:
            raise InputError(f"metric {metric!r} has {len(values)} values for "
                             f"{n_candidates} candidates", source=metric)
    if not scores:
        return np.empty((n_candidates, 0))
    return np.column_stack([np.asarray(v, dtype=np.float64) for v in scores.values()])


def _best_first_ranks(better: np.ndarray) -> np.ndarray:
    """Ranks of higher-is-better values: 1 = best, ties share the best rank, nan kept."""
    ranks = np.full(better.shape, np.nan)
    defined = ~np.isnan(better)
    ranks[defined] = scipy.stats.rankdata(-better[defined], method="min")
    return ranks


def _agreement(metric: str, x: np.ndarray, y: np.ndarray) -> Agreement:
    """`Agreement` of oriented scores ``x`` with oriented expected values ``y``."""
    keep = ~np.isnan(x) & ~np.isnan(y)
    x, y = x[keep], y[keep]
    if x.size < 2:
        return Agreement(metric, int(x.size), *[float("nan")] * len(AGREEMENT_STATISTICS))
    ordered = not (is_constant(x) or is_constant(y))
    finite = ordered and bool(np.isfinite(x).all())
    nan = float("nan")
    return Agreement(
        metric=metric,
        n=int(x.size),
        kendall_tau_b=float(scipy.stats.kendalltau(x, y).statistic) if ordered else nan,
        spearman=float(scipy.stats.spearmanr(x, y).statistic) if ordered else nan,
        pearson=float(scipy.stats.pearsonr(x, y).statistic) if finite else nan,
        mean_inconsistency=mean_inconsistency(x, y),
        standard_inconsistency=standard_inconsistency(x, y),
    )
