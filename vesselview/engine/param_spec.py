"""What one parameter is: its spec, declared once with its `Params` field, and its value rules.

A parameter is declared by one line of `vesselview.engine.params.Params`:
``t: int = param(2, low=0, high=50, unit="length", label=..., doc=...)``. The field's
name is the key, its annotation the value type, the first argument the default; the
rest is the `ParamSpec` the CLI help, the window's labels and sliders
(`vesselview.app.param_labels`) and the documentation tables
(`vesselview.engine.params_doc`) are made from. `specs_of` reads the specs back from
the dataclass and checks that they agree with themselves, once, at import.
"""

from __future__ import annotations

import dataclasses
import decimal
import math
import re
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, TypeVar

from vesselview.engine.flags import is_flag
from vesselview.engine.lengths import Length
from vesselview.errors import ParamsError

#: What a parameter's value measures: a length (pixels, or a `Length` in µm or % FOV), a
#: dimensionless number, a number of things, one of named choices, yes/no, or a table of
#: numbers written as text (checked and made canonical by its spec's ``canonical``).
Unit = Literal["length", "ratio", "count", "choice", "flag", "table"]
#: The value types a unit allows.
_UNIT_KINDS: dict[str, tuple[type, ...]] = {
    "length": (int, float), "ratio": (float,), "count": (int,), "choice": (str,),
    "flag": (bool,), "table": (str,),
}
_SPEC = "vesselview.param_spec"
_T = TypeVar("_T")


@dataclasses.dataclass(frozen=True)
class ParamSpec:
    """Everything known about one parameter besides its key.

    Attributes
    ----------
    kind : type
        ``int``, ``float``, ``str`` or ``bool`` (the field's annotation).
    default : object
        The value `Params` has without it.
    unit : Unit
        What the value measures. A length is a number of pixels or a `Length`
        (`vesselview.engine.lengths`); its range is in pixels, checked once it is
        converted for a case.
    label : str
        Its name in the window (panel, sweep controls, captions), with ``px`` for a length.
    doc : str
        One line saying what it does: CLI help, tooltips and the documentation tables.
    low, high : float or None
        Allowed range of a number, both ends included.
    choices : tuple of str
        The allowed values of a choice.
    optional : bool
        None is allowed (the field's annotation includes None).
    none_means : str
        What None stands for, as the documentation says it.
    panel : str or None
        The section of the window's parameters panel that shows it; None: not shown.
    slider : tuple of 2 floats or None
        The range its slider drags over when narrower than ``(low, high)``.
    step : float
        One slider step (the window rounds edits to its decimals).
    whole : bool
        A length that counts whole pixels (SS's R and segment lengths): a number of
        pixels must be whole, a length in µm or % FOV is rounded to the nearest pixel.
        Other lengths may be any number of pixels (``t = 2.5``).
    canonical : callable (str) -> str, or None
        A table's check: its text written canonically, raising `ParamsError` for a bad
        one (only a table has one).
    """

    kind: type
    default: Any
    unit: Unit
    label: str
    doc: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    none_means: str = ""
    panel: str | None = None
    slider: tuple[float, float] | None = None
    step: float = 1
    whole: bool = False
    canonical: Callable[[str], str] | None = None

    @property
    def numeric(self) -> bool:
        """Whether the value is a number (it has a range and can be swept as ``a:b``)."""
        return self.kind in (int, float)

    @property
    def bounds(self) -> tuple[float, float]:
        """``(low, high)`` of a numeric parameter, both allowed."""
        if self.low is None or self.high is None:
            raise TypeError(f"a {self.kind.__name__} parameter has no range")
        return self.low, self.high

    @property
    def slider_bounds(self) -> tuple[float, float]:
        """The range the window's slider covers: ``slider``, else the whole range."""
        return self.slider if self.slider is not None else self.bounds

    @property
    def decimals(self) -> int:
        """Decimal places of one slider step (``0.05`` and ``0.25``: 2, ``1``: 0).

        Examples
        --------
        >>> ParamSpec(float, 0.5, "ratio", "w", "a weight", 0.0, 1.0, step=0.25).decimals
        2
        """
        exponent = decimal.Decimal(repr(float(self.step))).normalize().as_tuple().exponent
        return max(0, -int(exponent))


def param(default: _T, *, unit: Unit, label: str, doc: str, low: float | None = None,
          high: float | None = None, choices: tuple[str, ...] = (), none_means: str = "",
          panel: str | None = None, slider: tuple[float, float] | None = None,
          step: float = 1, whole: bool = False,
          canonical: Callable[[str], str] | None = None) -> _T:
    """A `Params` field with its default and its spec (the arguments of `ParamSpec`).

    Typed as its default, so that type checkers read ``t: int = param(2, ...)`` as a
    field with a default; it is a `dataclasses.Field` carrying the spec.
    """
    spec = {"unit": unit, "label": label, "doc": doc, "low": low, "high": high,
            "choices": choices, "none_means": none_means, "panel": panel, "slider": slider,
            "step": step, "whole": whole, "canonical": canonical}
    field: Any = dataclasses.field(default=default, metadata={_SPEC: spec})
    return typing.cast(_T, field)


def specs_of(record: type) -> dict[str, ParamSpec]:
    """The spec of every field of the dataclass ``record``, by key, in field order.

    Raises
    ------
    TypeError
        When a field is not declared with `param`, or its spec contradicts itself
        (message names the key): a unit that does not fit the value type, a default
        outside the range or choices, a slider outside the range.
    """
    hints = typing.get_type_hints(record)
    specs = {}
    for field in dataclasses.fields(record):
        if _SPEC not in field.metadata:
            raise TypeError(f"parameter {field.name} is not declared with param()")
        kinds = typing.get_args(hints[field.name]) or (hints[field.name],)
        kind = next(kind for kind in kinds if kind is not types.NoneType)
        spec = ParamSpec(kind, field.default, optional=types.NoneType in kinds,
                         **field.metadata[_SPEC])
        _check_spec(field.name, spec)
        if spec.unit == "length" and Length not in kinds:
            # else a value in µm would reach the metrics typed as a number
            raise TypeError(f"parameter {field.name}: a length's annotation must allow a "
                            f"Length (e.g. float | Length)")
        specs[field.name] = spec
    return specs


def _check_spec(key: str, spec: ParamSpec) -> None:
    """Refuse a spec that contradicts itself (a mistake in its declaration)."""
    problem = None
    if spec.kind not in _UNIT_KINDS[spec.unit]:
        problem = f"unit {spec.unit} cannot be a {spec.kind.__name__}"
    elif spec.numeric and not spec.bounds[0] <= min(spec.slider_bounds) <= max(
            spec.slider_bounds) <= spec.bounds[1]:
        problem = f"slider {spec.slider} is outside the range {spec.bounds}"
    elif spec.numeric and spec.step <= 0:
        problem = f"step {spec.step} is not positive"
    elif spec.whole and (spec.unit != "length" or spec.kind is not int):
        problem = "only an int length counts whole pixels"
    elif (spec.unit == "table") != (spec.canonical is not None):
        problem = "a table, and only a table, has a canonical form"
    elif spec.optional != bool(spec.none_means):
        problem = "None is allowed exactly when none_means says what it stands for"
    if problem is None:
        try:
            checked_value(key, spec.default, spec)
        except ParamsError as error:
            problem = f"default: {error}"
    if problem is not None:
        raise TypeError(f"parameter {key}: {problem}")


def checked_value(key: str, value: Any, spec: ParamSpec) -> Any:
    """``value`` of parameter ``key`` validated against ``spec``, in canonical type.

    Integers may be given as integral floats (``2.0``); booleans and strings must be of
    their own type. A length may also be a `Length` or its text (``"30um"``): in pixels
    it becomes a number, else it stays a `Length` (its range is checked in pixels once
    it is converted for a case). A length that is not `ParamSpec.whole` may be any
    number of pixels: a whole one is an int when the kind is int (``t = 2``), else a
    float (``t = 2.5``).

    Raises
    ------
    ParamsError
        For a wrong type or an out-of-range value.
    """
    if value is None and spec.optional:
        return None
    if spec.kind is bool:
        if not is_flag(value):
            raise ParamsError(f"parameter {key}: expected True or False, got {value!r} "
                              f"({type(value).__name__})")
        return bool(value)
    if spec.canonical is not None:
        if not isinstance(value, str):
            raise ParamsError(f"parameter {key}: expected a text, got {value!r}")
        try:
            return spec.canonical(value)
        except ParamsError as error:
            raise ParamsError(f"parameter {key}: {error}") from None
    if spec.kind is str:
        if not isinstance(value, str) or value not in spec.choices:
            raise ParamsError(
                f"parameter {key}: expected one of {', '.join(spec.choices)}, got {value!r}")
        return value
    if spec.unit == "length" and isinstance(value, (str, Length)):
        length = _length(key, value)
        if length.unit != "px":
            if length.value == 0 and spec.bounds[0] > 0:
                raise ParamsError(f"parameter {key}: {length} is 0 pixels on every case, "
                                  f"below its least value ({spec.bounds[0]:g} px)")
            return length
        value = length.value
    if is_flag(value) or (not isinstance(value, (int, float)) and not hasattr(
            value, "__float__")):
        raise ParamsError(f"parameter {key}: expected a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise ParamsError(f"parameter {key}: expected a finite number, got {value!r}")
    if spec.kind is int and number == int(number):
        number = int(number)
    elif spec.kind is int and (spec.whole or spec.unit != "length"):
        raise ParamsError(f"parameter {key}: expected a whole number, got {value!r}")
    low, high = spec.bounds
    if number < low or number > high:
        raise ParamsError(f"parameter {key}: {value!r} is out of range [{low:g}, {high:g}]")
    return number


def _length(key: str, value: str | Length) -> Length:
    """``value`` of length parameter ``key`` as a `Length` (text parsed)."""
    if isinstance(value, Length):
        return value
    try:
        return Length.parse(value)
    except ParamsError as error:
        raise ParamsError(f"parameter {key}: {error}") from None


_DECIMAL = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
#: A number's text: an ASCII decimal number, or a fraction of two (``1/9``), nothing more.
_NUMBER_TEXT = re.compile(rf"(?P<numerator>{_DECIMAL})(?:\s*/\s*(?P<denominator>{_DECIMAL}))?")


def parsed_text(key: str, text: str, spec: ParamSpec) -> Any:
    """``text`` typed for parameter ``key`` parsed as ``spec``'s kind (see `parse_value`)."""
    raw = text.strip()
    if spec.kind is bool:
        lowered = raw.lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise ParamsError(f"parameter {key}: expected true/false, got {text!r}")
    if spec.kind is str:
        return raw
    if spec.unit == "length" and not _NUMBER_TEXT.fullmatch(raw):
        length = _length(key, raw)
        return length if length.unit != "px" else length.value
    match = _NUMBER_TEXT.fullmatch(raw)
    if match is None or (match["denominator"] is not None and float(match["denominator"]) == 0):
        raise ParamsError(f"parameter {key}: expected a number such as 2, 0.25, 1e-3 or a "
                          f"fraction such as 1/9, got {text!r}")
    number = float(match["numerator"])
    return number if match["denominator"] is None else number / float(match["denominator"])
