"""Dataset summary of evaluation records: mean, std and median of every metric.

Records of pairs that could not be evaluated (their ``error`` is set) are left out.
The others are grouped by their parameter values (one group per sweep value), in the
order each group first appears; given the run's parameter sets, by the set each record
was evaluated under instead, since a record names the parameters as they acted on its
pair (`vesselview.engine.param_scope`: a threshold swept over a binary candidate did
not act, so its records name the case's threshold). Each statistic is taken over the pairs where the
metric is defined (``nan``, i.e. undefined, values are left out; infinities take
part, so a mean can be ``inf`` and a std ``nan``). ``std`` is the sample standard
deviation (``ddof=1``, as MATLAB's ``std``), undefined for fewer than two values.
A non-finite statistic is ``null`` with its reason in the group's ``"undefined"`` map
(``{statistic: {metric: reason}}``), as `vesselview.io.writers` encodes numbers.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.io.strict_json import decode_metrics, encode_number, non_finite_reasons
from vesselview.io.williams_columns import extra_metric_keys
from vesselview.io.writers import SUMMARY_STATISTICS, Record

#: Reason of a ``nan`` statistic.
_TOO_FEW = "undefined: too few pairs define the metric (none for a mean, one for a std)"


def summarise(records: Sequence[Record], runs: Sequence[Params] = ()) -> list[dict[str, Any]]:
    """Summary statistics per parameter set.

    Parameters
    ----------
    records : sequence of dict
        From `vesselview.io.writers.result_record` (or ``error_record``, left out).
    runs : sequence of Params, optional
        The run's parameter sets (its ``--sweep`` grid). Given, ``records`` hold each
        pair's records in this order (as `vesselview.io.pair_evaluation.evaluate_pair`
        gives them), and there is one group per set, whose ``params`` are its members'
        where they agree and the set's where they differ. Empty: records are grouped by
        their ``params``.

    Returns
    -------
    list of dict
        One ``{"params", "n", "mean", "std", "median", "n_defined", "undefined"}`` per group
        with an evaluated record: ``n`` is the number of evaluated records, ``n_defined``
        per metric the number that define it (the statistics' n), each statistic a dict over
        ``METRIC_KEYS`` encoded like the records' metrics (``None`` when no pair defines
        the metric), ``undefined`` the reason of each ``None`` per statistic.
    """
    if runs:
        groups = [(params.to_dict(), _evaluated(records[index::len(runs)]))
                  for index, params in enumerate(runs)]
        return [_group_summary(members, _common_params(members, run))
                for run, members in groups if members]
    by_params: dict[str, list[Record]] = {}
    for record in _evaluated(records):
        by_params.setdefault(json.dumps(record["params"], sort_keys=True), []).append(record)
    return [_group_summary(members, dict(members[0]["params"]))
            for members in by_params.values()]


def _evaluated(records: Iterable[Record]) -> list[Record]:
    """The records of evaluated pairs (no ``error``)."""
    return [record for record in records if record.get("error") is None]


def _common_params(records: list[Record], run: dict[str, Any]) -> dict[str, Any]:
    """The records' parameter values where they all agree, the run's where they differ."""
    first = records[0]["params"]
    return {key: first[key] if all(record["params"][key] == first[key] for record in records)
            else value for key, value in run.items()}


def _group_summary(records: list[Record], params: dict[str, Any]) -> dict[str, Any]:
    """Statistics of records that share one parameter set (``params``), over
    `METRIC_KEYS` and the records' ``--williams`` columns."""
    keys = (*METRIC_KEYS, *extra_metric_keys(records))
    values = np.array(
        [[metrics[key] for key in keys] for metrics in map(decode_metrics, records)],
        dtype=np.float64,
    ).reshape(len(records), len(keys))
    # One column at a time: each metric is defined on its own subset of the pairs.
    columns = {key: _statistics(values[:, index]) for index, key in enumerate(keys)}
    by_statistic = {name: {key: columns[key][i] for key in keys}
                    for i, name in enumerate(SUMMARY_STATISTICS)}
    return {
        "params": params,
        "n": len(records),
        **{name: {key: encode_number(value) for key, value in statistic.items()}
           for name, statistic in by_statistic.items()},
        "n_defined": dict(zip(keys, map(int, (~np.isnan(values)).sum(axis=0)),
                              strict=True)),
        "undefined": {name: non_finite_reasons(statistic, nan_reason=_TOO_FEW)
                      for name, statistic in by_statistic.items()},
    }


def _statistics(column: np.ndarray) -> tuple[float, float, float]:
    """Mean, sample std and median (`SUMMARY_STATISTICS` order) of the non-nan values."""
    defined = column[~np.isnan(column)]
    if defined.size == 0:
        return math.nan, math.nan, math.nan
    with np.errstate(invalid="ignore"):  # inf - inf in std is nan, as documented
        std = float(defined.std(ddof=1)) if defined.size > 1 else math.nan
        return float(defined.mean()), std, float(np.median(defined))
