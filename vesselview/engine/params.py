"""Evaluation parameters (``docs/metrics.md`` §7; SS parameters in §5).

`Params` is a frozen, validated record of every user-settable parameter. It is
hashable, so the pipeline can cache stages by the parameter values they depend on.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping
from typing import Any

from vesselview.engine.flags import is_flag
from vesselview.errors import ParamsError

DISTANCES = ("euclidean", "cityblock", "chessboard")
#: The probability threshold of a case loaded without one (fraction of full scale).
DEFAULT_THRESHOLD = 0.5
SS_MODES = ("reference",)


@dataclasses.dataclass(frozen=True)
class _Spec:
    """Type and allowed range of one parameter."""

    kind: type
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    help: str = ""

    @property
    def bounds(self) -> tuple[float, float]:
        """``(low, high)`` of a numeric parameter, both allowed."""
        if self.low is None or self.high is None:
            raise TypeError(f"a {self.kind.__name__} parameter has no range")
        return self.low, self.high


PARAM_SPECS: dict[str, _Spec] = {
    "t": _Spec(int, 0, 50, help="tolerance F1: chessboard tolerance radius t (pixels)"),
    "cal_alpha": _Spec(int, 0, 50, help="CAL area tolerance: disc radius alpha (pixels)"),
    "cal_beta": _Spec(int, 0, 50, help="CAL length tolerance: disc radius beta (pixels)"),
    "ss_alpha": _Spec(float, 0.0, 1.0, help="SS weight alpha of thickness vs curve similarity"),
    "ss_R": _Spec(int, 1, 20, help="SS maximum search radius R (pixels)"),
    "ss_min_length": _Spec(int, 1, 1000, help="SS minimum segment length (pixels)"),
    "ss_max_length": _Spec(int, 2, 10000, help="SS maximum segment length (pixels)"),
    "ss_mode": _Spec(str, choices=SS_MODES, help="SS behaviour: 'reference' = authors' code"),
    "tversky_alpha": _Spec(float, 0.0, 1000.0, help="Tversky weight of candidate-only pixels"),
    "tversky_beta": _Spec(float, 0.0, 1000.0, help="Tversky weight of reference-only pixels"),
    "fom_k": _Spec(float, 0.0, 1000.0, help="Pratt FOM scaling constant k"),
    "baddeley_p": _Spec(float, 1.0, 100.0, help="Baddeley delta exponent p"),
    "baddeley_c": _Spec(float, 0.0, 1e6, help="Baddeley delta cut-off c (pixels)"),
    "contour_gamma": _Spec(int, 0, 50, help="contour-distance tolerance radius g (pixels)"),
    "nsd_tau": _Spec(float, 0.0, 1000.0, help="normalised surface distance tolerance tau (pixels)"),
    "thin_width": _Spec(float, 0.0, 1000.0,
                        help="vessel width (SS thickness, pixels) up to which a vessel is thin"),
    "distance": _Spec(str, choices=DISTANCES, help="distance transform for distance metrics"),
    "threshold": _Spec(float, 0.0, 1.0, optional=True,
                       help="probability threshold, fraction of full scale "
                            "(default: the case's threshold)"),
    "distance_fov": _Spec(bool, help="restrict distance metrics to the FOV"),
    "cal_fov": _Spec(bool, help="restrict CAL to the FOV"),
}


@dataclasses.dataclass(frozen=True)
class Params:
    """All evaluation parameters, validated on construction.

    Keys and defaults are those of ``docs/metrics.md`` §7. Integers may be given as
    integral floats (``2.0``); booleans and strings must be of their own type.

    ``threshold`` is None by default, meaning "the case's threshold" (the value the
    case was loaded at, `Case.threshold`); an explicit value overrides it for a
    probability-map candidate, the only input cut again on evaluation. The evaluator
    resolves it (`vesselview.engine.param_scope.applied_params`), so every `Result`
    records the threshold actually used.

    Raises
    ------
    ParamsError
        For an unknown key, a wrong type or an out-of-range value.

    Examples
    --------
    >>> Params(t=3).t
    3
    >>> Params().replace(ss_R=3).ss_R
    3
    """

    t: int = 2
    cal_alpha: int = 2
    cal_beta: int = 2
    ss_alpha: float = 0.2
    ss_R: int = 2
    ss_min_length: int = 4
    ss_max_length: int = 15
    ss_mode: str = "reference"
    tversky_alpha: float = 0.5
    tversky_beta: float = 0.5
    fom_k: float = 1.0 / 9.0
    baddeley_p: float = 2.0
    baddeley_c: float = 5.0
    contour_gamma: int = 0
    nsd_tau: float = 2.0
    thin_width: float = 3.0
    distance: str = "euclidean"
    threshold: float | None = None
    distance_fov: bool = False
    cal_fov: bool = False

    def __post_init__(self) -> None:
        for name, spec in PARAM_SPECS.items():
            object.__setattr__(self, name, _checked(name, getattr(self, name), spec))
        if self.ss_max_length < self.ss_min_length:
            raise ParamsError(
                f"ss_max_length ({self.ss_max_length}) must be >= ss_min_length "
                f"({self.ss_min_length})"
            )

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Params:
        """Build from a mapping, rejecting unknown keys with the list of known ones."""
        unknown = sorted(set(values) - set(PARAM_SPECS))
        if unknown:
            raise ParamsError(
                f"unknown parameter {', '.join(unknown)}; known: {', '.join(PARAM_SPECS)}"
            )
        return cls(**dict(values))

    def replace(self, **changes: Any) -> Params:
        """Return a copy with ``changes`` applied (validated)."""
        return Params.from_mapping({**self.to_dict(), **changes})

    def with_case_threshold(self, case_threshold: float) -> Params:
        """These parameters with ``threshold`` resolved: ``case_threshold`` when it is None.

        Examples
        --------
        >>> Params().with_case_threshold(0.3).threshold
        0.3
        >>> Params(threshold=0.7).with_case_threshold(0.3).threshold
        0.7
        """
        if self.threshold is not None:
            return self
        return dataclasses.replace(self, threshold=case_threshold)

    def to_dict(self) -> dict[str, Any]:
        """Parameter values by key, in the spec's order."""
        return {name: getattr(self, name) for name in PARAM_SPECS}


_DECIMAL = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
#: A number's text: an ASCII decimal number, or a fraction of two (``1/9``), nothing more.
_NUMBER_TEXT = re.compile(rf"(?P<numerator>{_DECIMAL})(?:\s*/\s*(?P<denominator>{_DECIMAL}))?")


def parse_value(key: str, text: str) -> Any:
    """Parse a command-line string for parameter ``key``: bool, str, or a number.

    The whole text must be the value (blanks around it aside). Booleans are
    ``true/yes/on/1`` or ``false/no/off/0``; numbers are ASCII decimals (``2``,
    ``0.25``, ``1e-3``) or one fraction of two of them (``1/9``), and come back as
    float; `Params` checks that integer parameters are whole and converts them.
    ``1/2/3``, ``0.5x``, ``nan`` or ``1_000`` are errors, not a guess.

    Raises
    ------
    ParamsError
        When ``key`` is unknown or ``text`` does not parse.

    Examples
    --------
    >>> parse_value("fom_k", "1/9") == 1 / 9
    True
    """
    spec = PARAM_SPECS.get(key)
    if spec is None:
        raise ParamsError(f"unknown parameter {key!r}; known: {', '.join(PARAM_SPECS)}")
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
    match = _NUMBER_TEXT.fullmatch(raw)
    if match is None or (match["denominator"] is not None and float(match["denominator"]) == 0):
        raise ParamsError(f"parameter {key}: expected a number such as 2, 0.25, 1e-3 or a "
                          f"fraction such as 1/9, got {text!r}")
    number = float(match["numerator"])
    return number if match["denominator"] is None else number / float(match["denominator"])


def check_value(key: str, value: Any) -> Any:
    """One value of parameter ``key`` checked against its spec, in canonical type.

    Checks between parameters (``ss_min_length <= ss_max_length``) are `Params`'s.

    Raises
    ------
    ParamsError
        For an unknown key, a wrong type or an out-of-range value.
    """
    spec = PARAM_SPECS.get(key)
    if spec is None:
        raise ParamsError(f"unknown parameter {key!r}; known: {', '.join(PARAM_SPECS)}")
    return _checked(key, value, spec)


def _checked(name: str, value: Any, spec: _Spec) -> Any:
    """Validate one value against its spec and return it in canonical type."""
    if value is None and spec.optional:
        return None
    if spec.kind is bool:
        if not is_flag(value):
            raise ParamsError(f"parameter {name}: expected True or False, got {value!r} "
                              f"({type(value).__name__})")
        return bool(value)
    if spec.kind is str:
        if not isinstance(value, str) or value not in spec.choices:
            raise ParamsError(
                f"parameter {name}: expected one of {', '.join(spec.choices)}, got {value!r}"
            )
        return value
    if is_flag(value) or (not isinstance(value, (int, float)) and not hasattr(
        value, "__float__"
    )):
        raise ParamsError(f"parameter {name}: expected a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise ParamsError(f"parameter {name}: expected a finite number, got {value!r}")
    if spec.kind is int:
        if number != int(number):
            raise ParamsError(f"parameter {name}: expected a whole number, got {value!r}")
        number = int(number)
    low, high = spec.bounds
    if number < low or number > high:
        raise ParamsError(
            f"parameter {name}: {value!r} is out of range [{low:g}, {high:g}]"
        )
    return number
