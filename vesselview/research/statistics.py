"""Compare segmentation methods on the same cases: summaries, paired tests, Holm's p.

Conventions (``docs/metrics.md``, "Comparing methods"):

* **Undefined values.** A ``nan`` metric value (undefined for that case) is left out;
  ``n`` counts the values used. ``inf`` (a distance to an empty mask) is kept: the mean
  is then ``inf``, the sd and the confidence interval ``nan`` (undefined).
* **Summary.** Mean, sd, median and a bootstrap confidence interval of the mean
  (`vesselview.research.summaries`).
* **Paired test.** For methods a and b and one metric, the cases where both values are
  defined and ``a - b`` is not ``nan`` are paired; ``scipy.stats.wilcoxon(a, b)`` with
  its default options gives the statistic and two-sided p; ``median_diff`` is the
  median of ``a - b`` (raw values, not oriented). Fewer than 2 pairs or all
  differences zero: statistic and p are ``nan`` (undefined).
* **Holm.** For one metric the p-values over all pairs of methods are corrected by
  Holm's step-down method (Holm, Scand. J. Statist. 6, 1979) among the defined ones
  (`HOLM_FAMILY`); the tests against a human baseline are a family of their own per
  metric, so adding the other observer leaves the methods' p unchanged. An undefined p
  stays undefined.
* **Human baselines.** A dataset's other observer (`MethodScores.baselines`) is
  summarised and tested against each method like one, so its agreement with the
  reference can be read beside theirs, but it is not a method: the rankings
  (`vesselview.research.method_orders`) and the tables' best-method marks
  (`vesselview.io.report_tables`) take only `MethodScores.ranked`.
"""

from __future__ import annotations

import dataclasses
import itertools
import warnings
from collections.abc import Mapping, Sequence

import numpy as np
import scipy  # scipy.stats: loaded at first use
from numpy.typing import ArrayLike

from vesselview.errors import InputError
from vesselview.research.summaries import N_RESAMPLES, SEED, Summary, summarise_values

#: Name of the paired test in the output (``scipy.stats.wilcoxon``, default options).
TEST_NAME = "wilcoxon"
#: The family Holm's correction runs over, as every output states it.
HOLM_FAMILY = ("per metric, over all pairs of methods (the tests against a human baseline: "
               "per metric, over that baseline's pairs)")

CaseScores = Mapping[str, Mapping[str, float]]  # case id -> metric -> value


@dataclasses.dataclass(frozen=True)
class PairedComparison:
    """Wilcoxon signed-rank test of methods ``a`` and ``b`` on one metric.

    Attributes
    ----------
    metric, a, b : str
    test : str
        `TEST_NAME`.
    statistic, p : float
        As ``scipy.stats.wilcoxon`` returns them; ``nan`` when undefined.
    p_holm : float
        ``p`` corrected by Holm over the pairs of methods of this metric (`HOLM_FAMILY`).
    median_diff : float
        Median of ``a - b`` over the paired cases.
    n : int
        Paired cases used.
    """

    metric: str
    a: str
    b: str
    test: str
    statistic: float
    p: float
    p_holm: float
    median_diff: float
    n: int


@dataclasses.dataclass(frozen=True, eq=False)
class MethodScores:
    """Every method's value of every metric on every case.

    Attributes
    ----------
    methods, cases, metrics : tuple of str
    values : ndarray of float64, shape (n_methods, n_cases, n_metrics)
        ``nan`` where a value is undefined or a method lacks the case.
    baselines : tuple of str
        The human baselines among `methods` (after the others): reported, never ranked.
    """

    methods: tuple[str, ...]
    cases: tuple[str, ...]
    metrics: tuple[str, ...]
    values: np.ndarray
    baselines: tuple[str, ...] = ()

    @property
    def ranked(self) -> tuple[str, ...]:
        """The methods that are ranked: every one but the `baselines`."""
        return tuple(method for method in self.methods if method not in self.baselines)

    def without_baselines(self) -> MethodScores:
        """The scores of the `ranked` methods only."""
        keep = [self.methods.index(method) for method in self.ranked]
        return MethodScores(self.ranked, self.cases, self.metrics, self.values[keep])

    @classmethod
    def from_mapping(cls, scores: Mapping[str, CaseScores],
                     metrics: Sequence[str] | None = None,
                     baselines: Sequence[str] = ()) -> MethodScores:
        """Build from ``{method: {case id: {metric: value}}}``.

        Parameters
        ----------
        scores : mapping
            At least one method; cases are the union over the methods, in first-seen
            order; a missing case or metric is ``nan``.
        metrics : sequence of str, optional
            Metrics to keep, in order (default: every metric seen, in first-seen order).
        baselines : sequence of str
            Keys of ``scores`` that are human baselines (a dataset's other observer),
            placed after the other methods.

        Raises
        ------
        InputError
            When there is no method or no metric, or a baseline is not a method.
        """
        if not scores:
            raise InputError("no method to compare", source="methods")
        unknown = [name for name in baselines if name not in scores]
        if unknown:
            raise InputError(f"human baselines {unknown} are not among the methods "
                             f"{list(scores)}", source="baselines")
        order = sorted(scores, key=lambda name: name in baselines)  # stable: baselines last
        scores = {name: scores[name] for name in order}
        cases = tuple(dict.fromkeys(case for by_case in scores.values() for case in by_case))
        seen = (key for by_case in scores.values() for row in by_case.values() for key in row)
        keys = tuple(dict.fromkeys(seen)) if metrics is None else tuple(metrics)
        if not keys:
            raise InputError("no metric to compare", source="metrics")
        values = np.full((len(scores), len(cases), len(keys)), np.nan)
        for i, by_case in enumerate(scores.values()):
            for j, case in enumerate(cases):
                row = by_case.get(case, {})
                values[i, j] = [row.get(key, np.nan) for key in keys]
        return cls(tuple(scores), cases, keys, values,
                   tuple(name for name in scores if name in baselines))


@dataclasses.dataclass(frozen=True, eq=False)
class Comparison:
    """Summaries and paired tests of several methods over the same cases.

    Attributes
    ----------
    scores : MethodScores
    summary : dict
        ``summary[method][metric]`` is a `Summary`.
    comparisons : tuple of PairedComparison
        Every pair of methods (in the order of ``scores.methods``, a before b; a human
        baseline is always b) and every metric.
    """

    scores: MethodScores
    summary: dict[str, dict[str, Summary]]
    comparisons: tuple[PairedComparison, ...]


def method_label(method: str, baselines: Sequence[str]) -> str:
    """``method`` as tables, plots and choices show it: a human baseline says so.

    Examples
    --------
    >>> method_label("observer2", ["observer2"]), method_label("unet", ["observer2"])
    ('observer2 (human baseline)', 'unet')
    """
    return f"{method} (human baseline)" if method in baselines else method


def paired_test(a: ArrayLike, b: ArrayLike) -> tuple[float, float, float, int]:
    """Wilcoxon signed-rank test of paired values (module docstring for the rules).

    Parameters
    ----------
    a, b : array_like of float, shape (n,)
        Values of two methods on the same n cases; ``nan`` where undefined.

    Returns
    -------
    statistic, p, median_diff : float
        ``nan`` where undefined.
    n : int
        Pairs used.
    """
    x, y = np.asarray(a, np.float64), np.asarray(b, np.float64)
    with np.errstate(invalid="ignore"):
        difference = x - y
    keep = ~np.isnan(difference)
    x, y, difference = x[keep], y[keep], difference[keep]
    nan = float("nan")
    median = float(np.median(difference)) if difference.size else nan
    if difference.size < 2 or not difference.any():
        return nan, nan, median, int(difference.size)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # exact/normal choice notes
        result = scipy.stats.wilcoxon(x, y)
    return float(result.statistic), float(result.pvalue), median, int(difference.size)


def holm(p_values: ArrayLike) -> np.ndarray:
    """Holm's step-down correction of ``p_values`` (``nan`` entries kept, not counted).

    The m defined p-values sorted ascending, p(1) <= ... <= p(m), become
    max over j <= i of min(1, (m - j + 1) p(j)), written here because scipy only
    has Benjamini-Hochberg (``false_discovery_control``).

    Parameters
    ----------
    p_values : array_like of float, shape (k,)

    Returns
    -------
    ndarray of float64, shape (k,)
    """
    p = np.asarray(p_values, dtype=np.float64)
    adjusted = np.full(p.shape, np.nan)
    defined = np.flatnonzero(~np.isnan(p))
    order = defined[np.argsort(p[defined], kind="stable")]
    factors = np.arange(order.size, 0, -1)
    adjusted[order] = np.maximum.accumulate(np.minimum(1.0, factors * p[order]))
    return adjusted


def compare_methods(scores: MethodScores, *, confidence: float = 0.95,
                    n_resamples: int = N_RESAMPLES, seed: int = SEED) -> Comparison:
    """Summaries per method and metric and paired tests per pair of methods and metric.

    Parameters
    ----------
    scores : MethodScores
    confidence, n_resamples, seed
        Of the bootstrap intervals (`summarise_values`).

    Returns
    -------
    Comparison
    """
    summary = {
        method: {metric: summarise_values(scores.values[i, :, k], confidence=confidence,
                                          n_resamples=n_resamples, seed=seed)
                 for k, metric in enumerate(scores.metrics)}
        for i, method in enumerate(scores.methods)
    }
    pairs = list(itertools.combinations(range(len(scores.methods)), 2))
    tests = np.array([[paired_test(scores.values[i, :, k], scores.values[j, :, k])
                       for k in range(len(scores.metrics))] for i, j in pairs]
                     ).reshape(len(pairs), len(scores.metrics), 4)
    corrected = np.full(tests.shape[:2], np.nan)
    family = np.array([_holm_family(scores, scores.methods[j]) for _, j in pairs])
    for name in set(family):
        corrected[family == name] = np.apply_along_axis(holm, 0, tests[family == name, :, 1])
    comparisons = [
        PairedComparison(metric, scores.methods[i], scores.methods[j], TEST_NAME,
                         float(statistic), float(p), float(p_holm), float(median_diff), int(n))
        for (i, j), by_metric, p_by_metric in zip(pairs, tests, corrected, strict=True)
        for metric, (statistic, p, median_diff, n), p_holm
        in zip(scores.metrics, by_metric, p_by_metric, strict=True)
    ]
    return Comparison(scores, summary, tuple(comparisons))


def _holm_family(scores: MethodScores, b: str) -> str:
    """The Holm family of the tests of a pair whose second method is ``b``: the
    methods' pairs, or the pairs of the human baseline ``b`` (always second)."""
    return b if b in scores.baselines else ""
