"""Strict-JSON numbers: every output's encoding of finite and non-finite values.

Numbers are encoded as strict JSON (``json.loads`` needs no ``NaN``/``Infinity``
extension): a finite float is a JSON number that reads back bit for bit; a non-finite
one is ``null``, never a string, and the object holding it says why in its
``"undefined"`` map (``{key: reason}``). ``nan`` keeps the engine's reason (e.g. "no
vessel in the reference"); an infinity has a reason starting ``+inf:`` or ``-inf:``
(`INFINITE_REASON`: a distance to an empty mask), from which `decode_number` restores
it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

#: One record (a JSON object) of an output.
Record = dict[str, Any]
#: A number as written: a JSON number, or ``None`` with its reason in ``"undefined"``.
Encoded = float | int | str | None

#: Why a metric is ``+inf``: the distances that reach it have no other mask to reach.
INFINITE_REASON = "+inf: one mask is empty, so no distance to it exists"
#: Reason of a ``nan`` statistic or value that brings no reason of its own.
NAN_REASON = "undefined: no defined value to compute it from"
_INFINITE_PREFIXES = ("+inf:", "-inf:")


def encode_number(value: float | np.number) -> Encoded:
    """Strict-JSON form of a number: ``None`` for nan and infinities, else itself
    (ints stay ints); pair it with `non_finite_reasons` so a ``None`` says why."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)
    number = float(value)
    return number if math.isfinite(number) else None


def infinite_reason(value: float, why: str = INFINITE_REASON.removeprefix("+inf: ")) -> str:
    """The ``"undefined"`` reason of an infinity: ``"+inf: why"`` or ``"-inf: why"``."""
    return f"{'+' if value > 0 else '-'}inf: {why}"


def non_finite_reasons(values: Mapping[str, float], reasons: Mapping[str, str] | None = None,
                       *, nan_reason: str = NAN_REASON) -> dict[str, str]:
    """The ``"undefined"`` map of ``values``: a reason for every non-finite one.

    Parameters
    ----------
    values : Mapping[str, float]
        Unencoded values by key.
    reasons : Mapping[str, str], optional
        Known reasons of ``nan`` values (e.g. `Result.undefined`).
    nan_reason : str
        The reason of a ``nan`` without a known one.
    """
    known = reasons or {}
    return {key: _reason(float(value), known.get(key), nan_reason)
            for key, value in values.items()
            if isinstance(value, float | np.floating) and not math.isfinite(value)}


def encode_fields(fields: Mapping[str, Any], *, nan_reason: str = NAN_REASON
                  ) -> dict[str, Any]:
    """An object's fields strict-JSON-safe (numbers by `encode_number`, others kept), with
    the ``"undefined"`` map of its non-finite numbers (`non_finite_reasons`)."""
    return {**{key: encode_number(value) if isinstance(value, float | int | np.number)
               and not isinstance(value, bool) else value for key, value in fields.items()},
            "undefined": non_finite_reasons(fields, nan_reason=nan_reason)}


def _reason(value: float, known: str | None, nan_reason: str) -> str:
    """The reason of one non-finite value; an infinity's always starts ``+inf:``/``-inf:``."""
    if math.isnan(value):
        return known or nan_reason
    if known is None:
        return infinite_reason(value)
    return known if known.startswith(_INFINITE_PREFIXES) else infinite_reason(value, known)


def decode_number(value: Encoded, reason: str | None = None) -> float:
    """Inverse of `encode_number` given the value's ``"undefined"`` reason: ``None`` is
    ``+inf``/``-inf`` when the reason says so, else nan."""
    if value is not None:
        return float(value)
    if reason is not None and reason.startswith(_INFINITE_PREFIXES):
        return math.inf if reason.startswith("+") else -math.inf
    return math.nan


def decode_metrics(record: Record, field: str = "metrics") -> dict[str, float]:
    """A record's metric values (``field``: or ``"metrics_um"``) as floats (infinities
    restored from ``undefined``)."""
    undefined = record.get("undefined") or {}
    return {key: decode_number(value, undefined.get(key))
            for key, value in record[field].items()}
