"""The sweep grammar shared by ``vesselview-eval --sweep`` and the GUI's sweep controls.

A sweep of one parameter is written ``v1,v2,...`` (a list), ``a:b`` (a range with step
1) or ``a:b:step``. Ranges include both ends (up to round-off of the step) and need a
numeric parameter; lists take any parameter (``euclidean,chessboard``, ``true,false``).
A length's values may carry a unit (`vesselview.engine.lengths`): ``20um,30um`` or
``0.25%fov:1%fov:0.25%fov``, every number of a range in the same unit.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from vesselview.engine.lengths import Length, LengthUnit
from vesselview.engine.params import PARAM_SPECS, canonical_key, check_value, parse_value
from vesselview.errors import ParamsError

#: Most values one sweep may give (a typo like ``0:1:0.0001`` fails instead of running).
MAX_SWEEP_VALUES = 1000
#: Slack on the last step of a range, so ``0:0.3:0.1`` ends at 0.3 despite round-off.
_ROUND_OFF = 1e-9


def parse_sweep_values(key: str, text: str) -> list[Any]:
    """The values of a sweep of parameter ``key`` written as ``text``.

    Parameters
    ----------
    key : str
        A key of `PARAM_SPECS`.
    text : str
        ``v1,v2,...``, ``a:b`` (step 1) or ``a:b:step``.

    Returns
    -------
    list
        The values in order, each checked against ``PARAM_SPECS[key]`` and in the
        parameter's type (int, float, bool or str). Checks that involve two
        parameters (``ss_min_length <= ss_max_length``) are left to `Params`.

    Raises
    ------
    ParamsError
        For an unknown key, text that does not parse, an empty list item, a range of
        a non-numeric parameter, a non-positive step, an empty range, more than
        `MAX_SWEEP_VALUES` values, or a value out of the parameter's range.

    Examples
    --------
    >>> parse_sweep_values("t", "0:3")
    [0, 1, 2, 3]
    >>> parse_sweep_values("ss_alpha", "0:0.5:0.25")
    [0.0, 0.25, 0.5]
    >>> parse_sweep_values("distance", "euclidean,chessboard")
    ['euclidean', 'chessboard']
    >>> [str(value) for value in parse_sweep_values("t", "20um:30um:5um")]
    ['20um', '25um', '30um']
    """
    key = canonical_key(key)
    values = _range_values(key, text) if ":" in text else _list_values(key, text)
    if len(values) > MAX_SWEEP_VALUES:
        raise ParamsError(f"sweep {text!r} of {key} gives {len(values)} values; at most "
                          f"{MAX_SWEEP_VALUES} allowed")
    return [check_value(key, value) for value in values]


def _list_values(key: str, text: str) -> list[Any]:
    """``v1,v2,...``: every item parsed, none empty."""
    items = [item.strip() for item in text.split(",")]
    if not all(items):
        problem = "give values" if not text.strip() else "an empty value in"
        raise ParamsError(f"sweep of {key}: {problem} {text!r}; write v1,v2,..., a:b or "
                          "a:b:step")
    return [parse_value(key, item) for item in items]


def _range_values(key: str, text: str) -> list[float] | list[Length]:
    """``a:b`` or ``a:b:step``, both ends included (each a `Length` when in µm or % FOV)."""
    if not PARAM_SPECS[key].numeric:
        raise ParamsError(f"sweep of {key}: a range a:b needs a numeric parameter; list "
                          "the values as v1,v2,...")
    parts = text.split(":")
    if len(parts) not in (2, 3):
        raise ParamsError(f"range of {key} must be a:b or a:b:step, got {text!r}")
    numbers = [_range_number(key, part) for part in parts]
    units = {unit for _, unit in numbers}
    if len(units) > 1:
        raise ParamsError(f"range {text!r} of {key} mixes units ({', '.join(sorted(units))}); "
                          "write every number in the same unit, e.g. 20um:40um:10um")
    start, stop, step = (*(number for number, _ in numbers), 1.0)[:3]
    if step <= 0:
        raise ParamsError(f"step of {key} must be positive, got {step:g}")
    count = _count(start, stop, step)
    if count < 1:
        raise ParamsError(f"range {text!r} of {key} gives 0 values: it ends ({stop:g}) "
                          f"before it starts ({start:g}); write a:b with a <= b")
    if count > MAX_SWEEP_VALUES:
        raise ParamsError(f"range {text!r} of {key} gives {_count_text(count)} values; 1 to "
                          f"{MAX_SWEEP_VALUES} allowed: use a larger step or a shorter range")
    # rounding keeps 0.1 steps at 0.3, not 0.30000000000000004
    values = [round(start + i * step, 12) for i in range(int(count))]
    unit = units.pop()
    return values if unit == "px" else [Length(value, unit) for value in values]


def _range_number(key: str, text: str) -> tuple[float, LengthUnit]:
    """One end or the step of a range: a finite number, zero or normal (not denormal),
    with its unit (``"px"`` for a number without one, and for a parameter that is no
    length)."""
    value = parse_value(key, text)
    unit: LengthUnit = value.unit if isinstance(value, Length) else "px"
    number = float(value.value if isinstance(value, Length) else value)
    if not math.isfinite(number):
        raise ParamsError(f"range of {key}: {text.strip()!r} is too large a number (beyond "
                          f"{sys.float_info.max:.3g}); give a finite number")
    if 0 < abs(number) < sys.float_info.min:
        raise ParamsError(f"range of {key}: {text.strip()!r} is too close to zero (below "
                          f"{sys.float_info.min:.3g}, where numbers lose precision); give 0 "
                          "or a larger number")
    return number, unit


def _count(start: float, stop: float, step: float) -> float:
    """How many values ``start:stop:step`` gives, as a float: huge, or infinite when the
    span or the quotient overflows (``-1e308:1e308``), which the caller refuses."""
    steps = (stop - start) / step
    if not math.isfinite(steps):
        return math.inf if steps > 0 else 0.0
    return math.floor(steps + _ROUND_OFF) + 1.0


def _count_text(count: float) -> str:
    """A count for a message: exact up to a million, never a 300-digit number."""
    return f"{int(count)}" if count < 1e6 else "over a million"
