"""Paglieroni's inconsistency measures between a metric's scores and expected ones.

The CAL paper (Gegundez-Arias et al., IEEE Trans. Med. Imaging 31(2), 2012, section
III.C) cites Paglieroni (Pattern Recognition 37, 2004) for two inconsistency measures,
"mean" Delta_R1 and "standard" Delta_R2, "in units from 0 to n-1", 0 for perfect
agreement, Delta_R2 sensitive only to the order of the scores and Delta_R1 also to
their distances, but gives no formula. We use:

* standard inconsistency Delta_R2 = (1/n) sum_i |r(x_i) - r(y_i)|, with r the rank
  among the n candidates (ties share their average rank). This reproduces the paper's
  Table IV from its Table III (CAL 0.857, Se 2.571);
* mean inconsistency Delta_R1 = (1/n) sum_i |s(x_i) - s(y_i)|, with the scores mapped
  linearly onto the rank scale, s(x) = (n - 1) (x - min x) / (max x - min x): zero
  exactly when the metric is an increasing affine function of the expected values.
  The paper's Delta_R1 values could not be reproduced from its rounded tables by this
  or any other reading we tried; treat Delta_R1 as our documented convention.
"""

from __future__ import annotations

import numpy as np
import scipy  # scipy.stats: loaded at first use
from numpy.typing import ArrayLike


def standard_inconsistency(x: ArrayLike, y: ArrayLike) -> float:
    """Paglieroni's Delta_R2: mean absolute difference of the ranks of ``x`` and ``y``.

    Parameters
    ----------
    x, y : array_like of float, shape (n,)
        Scores with the same orientation (higher = better for both), no ``nan``.

    Returns
    -------
    float
        In [0, n - 1]; ties share their average rank.
    """
    return float(np.mean(np.abs(scipy.stats.rankdata(x) - scipy.stats.rankdata(y))))


def mean_inconsistency(x: ArrayLike, y: ArrayLike) -> float:
    """Paglieroni's Delta_R1 (our reading): mean |s(x) - s(y)|, s = linear map onto [0, n-1].

    Parameters
    ----------
    x, y : array_like of float, shape (n,)
        Scores with the same orientation, no ``nan``.

    Returns
    -------
    float
        In [0, n - 1]; ``nan`` when a vector is constant or not finite.
    """
    a, b = np.asarray(x, np.float64), np.asarray(y, np.float64)
    if not (np.isfinite(a).all() and np.isfinite(b).all()) or is_constant(a) or is_constant(b):
        return float("nan")
    return float(np.mean(np.abs(_onto_rank_scale(a) - _onto_rank_scale(b))))


def is_constant(values: np.ndarray) -> bool:
    """True when every value equals the first."""
    return bool(np.all(values == values[0]))


def _onto_rank_scale(values: np.ndarray) -> np.ndarray:
    """Map finite, non-constant values linearly onto [0, n - 1]."""
    low, high = values.min(), values.max()
    return (values.size - 1) * (values - low) / (high - low)
