"""Parameter sweeps: any metric against one parameter, for one case or a set of cases.

The plot dock draws these numbers; ``vesselview-eval --sweep`` writes the same ones per
pair. Each case gets one `Evaluator`, so a sweep over ``t``, ``cal_alpha``,
``cal_beta``, ``ss_R`` or ``ss_alpha`` recomputes only the stages that parameter feeds
(about 10x faster than fresh evaluations for ``t``). Forward differences reproduce the
CAL paper's Fig. 1 (b) (Gegundez-Arias et al., seed ``001``: differences of the mean A and
L against alpha and beta, used to pick alpha = beta = 2).
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from vesselview.engine.case import Case
from vesselview.engine.flags import checked_flag
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import PARAM_SPECS, Params, canonical_key
from vesselview.engine.pipeline import Evaluator, ProgressCallback, StopCallback
from vesselview.errors import ParamsError

#: What `sweep` accepts as cases: one, a sequence, or a mapping from a name.
Cases = Case | Evaluator | Sequence[Case | Evaluator] | Mapping[str, Case | Evaluator]


@dataclasses.dataclass(frozen=True, eq=False)
class Sweep:
    """Metric values over the values of one parameter.

    Attributes
    ----------
    key : str
        The swept parameter (a numeric key of ``PARAM_SPECS``).
    values : tuple of float or int
        Its values, in the order given (validated by `Params`).
    metrics : tuple of str
        Metric keys, in order.
    case_names : tuple of str
        One per case.
    per_case : ndarray of float64, shape (n_cases, n_values, n_metrics)
        Every metric of every case at every value (``nan`` where undefined).
    params : Params
        The parameters of every other key.
    """

    key: str
    values: tuple[float, ...]
    metrics: tuple[str, ...]
    case_names: tuple[str, ...]
    per_case: np.ndarray
    params: Params

    @property
    def mean(self) -> np.ndarray:
        """Mean over cases, ignoring undefined values, shape (n_values, n_metrics).

        ``nan`` where a metric is undefined for every case.
        """
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # all-nan columns stay nan
            return np.nanmean(self.per_case, axis=0)

    def curve(self, metric: str) -> np.ndarray:
        """Mean values of ``metric`` over the sweep, shape (n_values,)."""
        return self.mean[:, self.metrics.index(metric)]

    def forward_differences(self, per_case: bool = False) -> np.ndarray:
        """``f(v[k+1]) - f(v[k])`` for consecutive values (not divided by the step).

        Parameters
        ----------
        per_case : bool
            False: of the mean, shape (n_values - 1, n_metrics). True: of each case,
            shape (n_cases, n_values - 1, n_metrics).
        """
        values = self.per_case if checked_flag("per_case", per_case) else self.mean
        return np.diff(values, axis=-2)

    def to_rows(self, differences: bool = False) -> list[dict[str, Any]]:
        """Rows for CSV: the mean (``case`` = ``"mean"``), then every case.

        Parameters
        ----------
        differences : bool
            Add a ``<metric>_forward_difference`` column after each metric (``nan`` on
            the last value, which has no successor).

        Returns
        -------
        list of dict
            Columns ``case``, the swept key, then the metrics.
        """
        differences = checked_flag("differences", differences)
        tables = [("mean", self.mean), *zip(self.case_names, self.per_case, strict=True)]
        rows = []
        for name, table in tables:
            steps = np.vstack([np.diff(table, axis=0), np.full((1, table.shape[1]), np.nan)])
            for value, row_values, row_steps in zip(self.values, table, steps, strict=True):
                row: dict[str, Any] = {"case": name, self.key: value}
                for metric, number, step in zip(self.metrics, row_values, row_steps, strict=True):
                    row[metric] = float(number)
                    if differences:
                        row[f"{metric}_forward_difference"] = float(step)
                rows.append(row)
        return rows


def sweep(cases: Cases, key: str, values: Sequence[float], params: Params | None = None,
          metrics: Sequence[str] | None = None, *, should_stop: StopCallback | None = None,
          progress: ProgressCallback | None = None) -> Sweep:
    """Evaluate ``metrics`` of every case at every value of parameter ``key``.

    Parameters
    ----------
    cases : Case, Evaluator, sequence of them, or mapping name -> Case / Evaluator
        Cases are named by the mapping's keys, else ``"case 1"``, ``"case 2"``...
        Pass an `Evaluator` to re-use (and fill) its stage cache; do not use it from
        another thread meanwhile.
    key : str
        A numeric parameter of ``PARAM_SPECS`` (``t``, ``cal_alpha``, ``ss_R``...).
    values : sequence of float
        Its values; each must be valid for ``key``.
    params : Params, optional
        Every other parameter (default ``Params()``).
    metrics : sequence of str, optional
        Metric keys to keep (default every key of ``METRIC_KEYS``).
    should_stop : callable () -> bool, optional
        Polled before every stage; raises `EvaluationStopped` when it returns True.
    progress : callable (fraction, message) -> None, optional
        Called after each evaluation with the fraction of evaluations done.

    Raises
    ------
    ParamsError
        For an unknown or non-numeric key, an invalid or missing value, an unknown
        metric, or no case.
    EvaluationStopped
        When ``should_stop`` returned True.

    Examples
    --------
    >>> from vesselview.synth import teaching_case
    >>> case = teaching_case("expansion", 2.0, shape=(146, 141))
    >>> result = sweep(case, "t", [0, 1, 2], metrics=["f1_t"])
    >>> result.values, result.curve("f1_t").shape
    ((0, 1, 2), (3,))
    """
    base = params or Params()
    key = canonical_key(key)
    grid = _grid(base, key, values)
    keys = checked_metrics(metrics)
    named = _evaluators(cases)
    table = np.empty((len(named), len(grid), len(keys)))
    total = len(named) * len(grid)
    for i, (name, evaluator) in enumerate(named.items()):
        for j, point in enumerate(grid):
            result = evaluator.evaluate(point, should_stop=should_stop)
            table[i, j] = [result.metrics[k] for k in keys]
            if progress is not None:
                progress((i * len(grid) + j + 1) / total, f"{name}: {key}={getattr(point, key)}")
    swept = tuple(getattr(point, key) for point in grid)
    return Sweep(key, swept, keys, tuple(named), table, base)


def _grid(base: Params, key: str, values: Sequence[float]) -> list[Params]:
    """One `Params` per value of ``key`` (validated)."""
    if not PARAM_SPECS[key].numeric:
        numeric = [name for name, other in PARAM_SPECS.items() if other.numeric]
        raise ParamsError(f"parameter {key} is not numeric; sweep one of {', '.join(numeric)}")
    if len(values) == 0:
        raise ParamsError(f"sweep of {key} needs at least one value")
    return [base.replace(**{key: value}) for value in values]


def checked_metrics(metrics: Sequence[str] | None) -> tuple[str, ...]:
    """``metrics`` as a tuple (default: every key of ``METRIC_KEYS``).

    Raises
    ------
    ParamsError
        When ``metrics`` is empty or names a key not in ``METRIC_KEYS``.
    """
    if metrics is None:
        return METRIC_KEYS
    unknown = [m for m in metrics if m not in METRIC_KEYS]
    if unknown or not metrics:
        raise ParamsError(f"unknown metric {', '.join(unknown) or '(none given)'}; "
                          f"known: {', '.join(METRIC_KEYS)}")
    return tuple(metrics)


def _evaluators(cases: Cases) -> dict[str, Evaluator]:
    """Name -> Evaluator for every case (one Evaluator each, re-used over the sweep)."""
    if isinstance(cases, (Case, Evaluator)):
        items: list[tuple[str, Case | Evaluator]] = [("case 1", cases)]
    elif isinstance(cases, Mapping):
        items = [(str(name), case) for name, case in cases.items()]
    else:
        items = [(f"case {i}", case) for i, case in enumerate(cases, start=1)]
    if not items:
        raise ParamsError("a sweep needs at least one case")
    return {name: case if isinstance(case, Evaluator) else Evaluator(case)
            for name, case in items}
