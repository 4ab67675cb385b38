"""Parameter keys: renamed keys (`ALIASES`) and one parameter's value read by its key.

A renamed key keeps its old name in `ALIASES`; `canonical_key` and `canonical_mapping`
turn an old key into the current one with a `DeprecationWarning`, and `check_aliases`
keeps the table consistent with the parameters. `parse_value` reads one value typed on
the command line and `check_value` checks one value, both by key.

`vesselview.engine.params` declares the parameters (`PARAM_SPECS`) and reads old keys
through this module, so the functions here look the specs up when called
(`_param_specs`).
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from vesselview.engine.param_spec import ParamSpec, checked_value, parsed_text
from vesselview.errors import ParamsError

if TYPE_CHECKING:
    from vesselview.engine.params import Params

#: Old key -> the key it was renamed to. Every parser of keys (`canonical_key`) accepts
#: the old one with a DeprecationWarning; a key that is in use may not be an alias.
ALIASES: dict[str, str] = {}


def _param_specs() -> dict[str, ParamSpec]:
    """`vesselview.engine.params.PARAM_SPECS`, imported when first needed: `Params`
    reads old keys through this module, so a module-level import would be a cycle."""
    from vesselview.engine.params import PARAM_SPECS

    return PARAM_SPECS


def canonical_key(key: str) -> str:
    """The current name of parameter ``key``: itself, or the new name of an alias.

    Raises
    ------
    ParamsError
        When ``key`` is neither a parameter nor an alias (the message lists the keys).

    Warns
    -----
    DeprecationWarning
        When ``key`` is an old name (`ALIASES`).
    """
    specs = _param_specs()
    if key in specs:
        return key
    if key not in ALIASES:
        raise ParamsError(f"unknown parameter {key!r}; known: {', '.join(specs)}")
    warnings.warn(renamed_note(key), DeprecationWarning, stacklevel=3)
    return ALIASES[key]


def renamed_note(old: str) -> str:
    """What to tell the user who gave the old key ``old`` of `ALIASES`."""
    return (f"parameter {old!r} is now called {ALIASES[old]!r}; it was read as "
            f"{ALIASES[old]!r}, but the old name will be removed: use the new one")


def canonical_mapping(values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with each old key of `ALIASES` renamed (a DeprecationWarning each).

    Other keys are kept as they are (`Params` refuses the unknown ones).

    Raises
    ------
    ParamsError
        When a key is given both by its old and its new name.
    """
    renamed: dict[str, Any] = {}
    for key, value in values.items():
        new = canonical_key(key) if key in ALIASES else key
        if new in renamed:
            names = ", ".join(repr(name) for name in values
                              if name == new or ALIASES.get(name) == new)
            raise ParamsError(f"parameter {new} is given more than once ({names}, its old "
                              f"name); give it once, as {new!r}")
        renamed[new] = value
    return renamed


def check_aliases(aliases: Mapping[str, str]) -> None:
    """Refuse an alias table whose new key is no parameter or whose old key still is one.

    Raises
    ------
    TypeError
        Naming the wrong entry (a mistake in `ALIASES`, found at import).
    """
    specs = _param_specs()
    for old, new in aliases.items():
        if old in specs or new not in specs:
            raise TypeError(f"alias {old!r} -> {new!r}: the old key must be no parameter "
                            "and the new key a parameter (an alias of an alias names the "
                            "newest key)")


def accepting_aliases(init: Callable[..., None]) -> Callable[..., None]:
    """The dataclass's ``__init__``, taking old keys too (so ``Params(old=1)`` still works).

    Type checkers see the generated signature, with the current keys only.
    """
    @functools.wraps(init)
    def __init__(self: Params, *args: Any, **values: Any) -> None:
        init(self, *args, **canonical_mapping(values))
    return __init__


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
    return parsed_text(key, text, _param_specs()[canonical_key(key)])


def check_value(key: str, value: Any) -> Any:
    """One value of parameter ``key`` checked against its spec, in canonical type.

    Checks between parameters (``ss_min_length <= ss_max_length``) are `Params`'s.

    Raises
    ------
    ParamsError
        For an unknown key, a wrong type or an out-of-range value.
    """
    key = canonical_key(key)
    return checked_value(key, value, _param_specs()[key])
