"""One method's values of one metric summed up: mean, sd, median, bootstrap interval.

Conventions (``docs/metrics.md``, "Comparing methods"):

* **Undefined values.** A ``nan`` metric value (undefined for that case) is left out;
  ``n`` counts the values used. ``inf`` (a distance to an empty mask) is kept: the mean
  is then ``inf``, the sd and the confidence interval ``nan`` (undefined).
* **Summary.** Mean, sample standard deviation (``ddof=1``, ``nan`` for n < 2), median,
  first and third quartiles (numpy's linear rule; between two equal infinite values the
  quartile is that infinity), and a 95 % percentile bootstrap confidence interval of
  the mean: ``n_resamples`` resamples of the n values with replacement drawn from
  ``numpy.random.default_rng(seed)`` in one vectorised call, the interval being the
  2.5 and 97.5 % quantiles (numpy's linear rule) of the resampled means. A fresh
  generator per summary makes every interval depend only on its values and the seed.
  Hand-written (a few lines) rather than ``scipy.stats.bootstrap`` so that the draws
  are the same with every supported scipy version; the tests check it against scipy.
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
from numpy.typing import ArrayLike

#: Default number of bootstrap resamples and seed.
N_RESAMPLES = 9999
SEED = 0


@dataclasses.dataclass(frozen=True)
class Summary:
    """Summary of one method's values of one metric over the cases (``nan`` = undefined).

    Attributes
    ----------
    mean, sd, median : float
        ``sd`` with ``ddof=1``.
    ci_low, ci_high : float
        Percentile bootstrap confidence interval of the mean.
    n : int
        Values used (defined ones).
    n_inf : int
        Infinite values among them (distances to an empty mask).
    q1, q3 : float
        First and third quartiles (the interquartile range is ``[q1, q3]``).
    """

    mean: float
    sd: float
    median: float
    ci_low: float
    ci_high: float
    n: int
    n_inf: int = 0
    q1: float = float("nan")
    q3: float = float("nan")


def summarise_values(values: ArrayLike, *, confidence: float = 0.95,
                     n_resamples: int = N_RESAMPLES, seed: int = SEED) -> Summary:
    """`Summary` of one metric's values (see the module docstring for the rules).

    Parameters
    ----------
    values : array_like of float, shape (n,)
        ``nan`` entries are left out.
    confidence : float
        Level of the bootstrap interval, in (0, 1).
    n_resamples : int
        Bootstrap resamples.
    seed : int
        Seed of the bootstrap generator.
    """
    x = np.asarray(values, dtype=np.float64).ravel()
    x = x[~np.isnan(x)]
    nan = float("nan")
    if x.size == 0:
        return Summary(nan, nan, nan, nan, nan, 0)
    low, high = bootstrap_interval(x, confidence=confidence, n_resamples=n_resamples, seed=seed)
    finite = bool(np.isfinite(x).all())
    sd = float(np.std(x, ddof=1)) if x.size > 1 and finite else nan
    q1, q3 = quartiles(x)
    return Summary(float(np.mean(x)), sd, float(np.median(x)), low, high, int(x.size),
                   int(np.isinf(x).sum()), q1, q3)


def quartiles(values: np.ndarray) -> tuple[float, float]:
    """First and third quartiles of ``values`` by numpy's linear rule.

    Hand-written (a few lines) because ``numpy.quantile`` interpolates between two equal
    infinite values as ``inf - inf`` and so returns ``nan`` where the quartile is ``inf``.

    Parameters
    ----------
    values : ndarray of float64, shape (n,), n >= 1
        No ``nan``; ``inf`` allowed.

    Examples
    --------
    >>> quartiles(np.array([1.0, 2.0, 3.0, 4.0, 5.0]))
    (2.0, 4.0)
    >>> quartiles(np.array([1.0, np.inf, np.inf, np.inf]))
    (inf, inf)
    >>> quartiles(np.array([1.0, 2.0, 3.0, 4.0, np.inf]))
    (2.0, 4.0)
    """
    ordered = np.sort(values)

    def quantile(q: float) -> float:
        position = q * (ordered.size - 1)
        below, fraction = int(position), position - int(position)
        low, high = ordered[below], ordered[min(below + 1, ordered.size - 1)]
        return float(low if fraction == 0 or low == high else low + (high - low) * fraction)

    return quantile(0.25), quantile(0.75)


def bootstrap_interval(values: np.ndarray, *, confidence: float = 0.95,
                       n_resamples: int = N_RESAMPLES, seed: int = SEED) -> tuple[float, float]:
    """Percentile bootstrap confidence interval of the mean of ``values``.

    Parameters
    ----------
    values : ndarray of float64, shape (n,)
        No ``nan``.

    Returns
    -------
    (float, float)
        ``(nan, nan)`` for n < 2 or a non-finite value.
    """
    if values.size < 2 or not np.isfinite(values).all():
        return float("nan"), float("nan")
    means = values[_resamples(values.size, n_resamples, seed)].mean(axis=1)
    tail = (1 - confidence) / 2
    low, high = np.quantile(means, [tail, 1 - tail])
    return float(low), float(high)


@functools.lru_cache(maxsize=8)
def _resamples(n: int, n_resamples: int, seed: int) -> np.ndarray:
    """Indices of the bootstrap resamples, shape (n_resamples, n), read-only.

    They depend only on n and the seed, so every metric and method with n values
    shares one draw (cached: drawing them is most of a summary's time).
    """
    indices = np.random.default_rng(seed).integers(0, n, size=(n_resamples, n))
    indices.setflags(write=False)
    return indices
