"""The Williams index of metrics asked for on the command line (``--williams KEY,...``).

Every evaluation gives ``williams_dice``, ``williams_f1_t`` and ``williams_ss`` (the
Williams family); `with_williams` adds ``williams_<key>`` and ``williams_<key>_position``
of any other metric to a record, computed by the public API
(`vesselview.engine.williams.williams`, ``docs/metrics.md`` §9), undefined with its reason
on a case with fewer than two observers. The CSV writer puts these columns after the
registry's metrics (`extra_metric_keys`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from vesselview.engine.case import Case
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.engine.williams import williams
from vesselview.io.strict_json import Record, encode_number, non_finite_reasons


def williams_columns(keys: Sequence[str]) -> tuple[str, ...]:
    """``williams_<key>`` and ``williams_<key>_position`` of each key, in order."""
    return tuple(name for key in keys for name in (f"williams_{key}", f"williams_{key}_position"))


def with_williams(record: Record, case: Case, keys: Sequence[str], params: Params) -> Record:
    """``record`` (of ``case`` evaluated with ``params``) with the Williams index of each
    of ``keys`` and its position among its metrics (a reason in ``undefined`` for each
    undefined one); ``record`` itself when ``keys`` is empty."""
    if not keys:
        return record
    values, reasons = {}, {}
    for key, index in williams(case, keys, params).items():
        for name, value in zip(williams_columns([key]), (index.index, index.position),
                               strict=True):
            values[name] = value
            if index.reason:
                reasons[name] = index.reason
    return {**record,
            "metrics": {**record["metrics"],
                        **{name: encode_number(value) for name, value in values.items()}},
            "undefined": {**record["undefined"], **non_finite_reasons(values, reasons)}}


def without_williams(record: Record, keys: Sequence[str]) -> Record:
    """The record of a pair that could not be evaluated, with ``keys``' columns empty."""
    if not keys:
        return record
    return {**record, "metrics": {**record["metrics"],
                                  **dict.fromkeys(williams_columns(keys))}}


def extra_metric_keys(records: Iterable[Record]) -> tuple[str, ...]:
    """The metric keys of ``records`` beyond `METRIC_KEYS` (``--williams`` columns), in
    the order first met."""
    known = set(METRIC_KEYS)
    return tuple(dict.fromkeys(key for record in records for key in record["metrics"]
                               if key not in known))
