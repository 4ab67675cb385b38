"""Dataset summary of evaluation records: mean, std and median of every metric.

Records of pairs that could not be evaluated (their ``error`` is set) are left out.
The others are grouped by their parameter values (one group per sweep value), in the
order each group first appears. Each statistic is taken over the pairs where the
metric is defined (``nan``, i.e. undefined, values are left out; infinities take
part, so a mean can be ``inf`` and a std ``nan``). ``std`` is the sample standard
deviation (``ddof=1``, as MATLAB's ``std``), undefined for fewer than two values.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from vesselview.engine.keys import METRIC_KEYS
from vesselview.io.writers import SUMMARY_STATISTICS, Record, decode_number, encode_number


def summarise(records: Iterable[Record]) -> list[dict[str, Any]]:
    """Summary statistics per parameter set.

    Parameters
    ----------
    records : iterable of dict
        From `vesselview.io.writers.result_record` (or ``error_record``, left out).

    Returns
    -------
    list of dict
        One ``{"params", "n", "mean", "std", "median"}`` per distinct ``params`` of an
        evaluated record: ``n`` is the number of evaluated records, each statistic a
        dict over ``METRIC_KEYS`` encoded like the records' metrics (``None`` when no
        pair defines the metric).
    """
    groups: dict[str, list[Record]] = {}
    for record in records:
        if record.get("error") is not None:
            continue
        groups.setdefault(json.dumps(record["params"], sort_keys=True), []).append(record)
    return [_group_summary(members) for members in groups.values()]


def _group_summary(records: list[Record]) -> dict[str, Any]:
    """Statistics of records that share one parameter set."""
    values = np.array(
        [[decode_number(record["metrics"][key]) for key in METRIC_KEYS] for record in records],
        dtype=np.float64,
    ).reshape(len(records), len(METRIC_KEYS))
    # One column at a time: each metric is defined on its own subset of the pairs.
    columns = {key: _statistics(values[:, index]) for index, key in enumerate(METRIC_KEYS)}
    return {
        "params": dict(records[0]["params"]),
        "n": len(records),
        **{name: {key: encode_number(columns[key][i]) for key in METRIC_KEYS}
           for i, name in enumerate(SUMMARY_STATISTICS)},
    }


def _statistics(column: np.ndarray) -> tuple[float, float, float]:
    """Mean, sample std and median (`SUMMARY_STATISTICS` order) of the non-nan values."""
    defined = column[~np.isnan(column)]
    if defined.size == 0:
        return math.nan, math.nan, math.nan
    with np.errstate(invalid="ignore"):  # inf - inf in std is nan, as documented
        std = float(defined.std(ddof=1)) if defined.size > 1 else math.nan
        return float(defined.mean()), std, float(np.median(defined))
