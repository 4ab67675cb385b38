"""Length parameters converted to pixels for one case, once, when its evaluation starts.

Every length parameter (spec unit ``"length"``) given as a `Length` in µm or % FOV is
converted to pixels with the case's spacing (`Case.spacing_um`) or FOV diameter
(`vesselview.engine.lengths.fov_diameter_px`); lengths in pixels stay as they are. The
evaluator works with the converted `Params` only, so every stage's cache key holds
pixel values and equal physical tolerances share their stages.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from vesselview.engine.case import Case
from vesselview.engine.lengths import Length
from vesselview.engine.params import LENGTH_KEYS, PARAM_SPECS, Params
from vesselview.errors import ParamsError


@dataclasses.dataclass(frozen=True)
class LengthProvenance:
    """What converted a case's lengths: the spacing with its source and each length as given.

    Attributes
    ----------
    spacing_um : float or None
        µm per pixel; None when unknown.
    spacing_source : str or None
        ``Case.sources["spacing"]`` (``"given"``, ``"manifest"``...); None when the
        spacing is unknown.
    given : Mapping[str, str]
        Every length parameter as given, with its unit (``{"t": "30um", "nsd_tau": "2px"}``).
    """

    spacing_um: float | None = None
    spacing_source: str | None = None
    given: Mapping[str, str] = dataclasses.field(default_factory=dict)


def resolved_lengths(params: Params, case: Case) -> Params:
    """``params`` with every length in µm or % FOV converted to pixels for ``case``.

    A length that counts whole pixels (`ParamSpec.whole`: SS's R and segment lengths) is
    rounded to the nearest pixel, halves up; any other length keeps its fraction of a
    pixel (``docs/metrics.md`` §0 says which pixels a non-integer radius covers).

    Raises
    ------
    ParamsError
        For a length in µm on a case without a spacing, or a converted value out of
        the parameter's range in pixels (the message names the case and the fix).
    """
    changes = {key: _pixels(key, value, case) for key in LENGTH_KEYS
               if isinstance(value := getattr(params, key), Length)}
    if not changes:
        return params
    try:
        return params.replace(**changes)
    except ParamsError as error:
        raise ParamsError(f"{error} on {_case_name(case)} (converted to pixels: "
                          f"{_converted_text(params, changes)}); give a length that fits "
                          "the image's resolution") from None


def length_provenance(params: Params, case: Case) -> LengthProvenance:
    """The spacing of ``case`` with its source and every length of ``params`` as given."""
    known = case.spacing_um is not None
    source = (case.sources.get("spacing") or "given") if known else None
    return LengthProvenance(case.spacing_um, source, given_lengths(params.to_dict()))


def given_lengths(values: Mapping[str, Any]) -> dict[str, str]:
    """Every length parameter of ``values`` (`Params.to_dict`) as text with its unit.

    Examples
    --------
    >>> given_lengths(Params(t="30um").to_dict())["t"], given_lengths(Params().to_dict())["t"]
    ('30um', '2px')
    """
    return {key: value if isinstance(value := values[key], str) else str(Length(value))
            for key in LENGTH_KEYS}


def _pixels(key: str, length: Length, case: Case) -> float:
    """``length`` of parameter ``key`` in pixels on ``case`` (rounded when it must be whole)."""
    try:
        pixels = length.pixels(spacing_um=case.spacing_um,
                               fov_diameter_px=case.fov_diameter_px)
    except ParamsError:
        raise ParamsError(
            f"parameter {key} = {length} needs the pixel spacing of {_case_name(case)}, "
            "which is unknown: give the spacing (load_case(spacing_um=...), --spacing, or "
            f"a manifest column spacing_um), or give {key} in px or %fov") from None
    return float(int(pixels + 0.5)) if PARAM_SPECS[key].whole else pixels


def _case_name(case: Case) -> str:
    """The case as a message names it: its candidate file, else its reference file."""
    name = case.sources.get("candidate") or case.sources.get("reference") or "<array>"
    return f"the case of {name}"


def _converted_text(params: Params, changes: Mapping[str, float]) -> str:
    """``t = 30um -> 3.2 px, ...`` for a message."""
    return ", ".join(f"{key} = {getattr(params, key)} -> {value:.4g} px"
                     for key, value in changes.items())
