"""`Params` and `parse_value` (``metrics.md`` section 7); the specs are in test_param_specs."""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from vesselview.engine.params import PARAM_SPECS, Params, parse_value
from vesselview.errors import ParamsError


def names(key: str) -> str:
    """Regex matching ``key`` as a whole word in an error message (``t`` is in most words)."""
    return rf"\b{re.escape(key)}\b"


def test_defaults_are_the_spec_defaults() -> None:
    params = Params()
    assert params.to_dict() == {key: spec.default for key, spec in PARAM_SPECS.items()}
    assert list(params.to_dict()) == [field.name for field in dataclasses.fields(Params)]


def test_integer_defaults_are_ints() -> None:
    whole = [key for key, spec in PARAM_SPECS.items() if spec.kind is int]
    assert {"t", "cal_alpha", "ss_R", "contour_gamma"} <= set(whole)
    assert all(type(getattr(Params(), key)) is int for key in whole)


def test_is_frozen_and_hashable() -> None:
    params = Params()
    with pytest.raises(dataclasses.FrozenInstanceError):
        params.t = 3  # type: ignore[misc]
    assert hash(params) == hash(Params()) and params == Params()
    assert params != Params(t=3)


def test_replace_validates_and_keeps_the_rest() -> None:
    changed = Params().replace(t=5, distance="cityblock")
    assert (changed.t, changed.distance, changed.cal_alpha) == (5, "cityblock", 2)
    with pytest.raises(ParamsError, match=names("t")):
        Params().replace(t=-1)


def test_integral_float_becomes_int() -> None:
    params = Params(t=3.0, ss_R=np.int64(4))
    assert (params.t, params.ss_R) == (3, 4)
    assert type(params.t) is int and type(params.ss_R) is int


def test_unknown_key_names_the_key() -> None:
    with pytest.raises(ParamsError, match="bogus_key"):
        Params.from_mapping({"t": 1, "bogus_key": 3})
    with pytest.raises(TypeError):
        Params(bogus_key=3)  # type: ignore[call-arg]


@pytest.mark.parametrize(("key", "value"), [
    ("ss_R", 2.5),         # not a whole number of pixels (SS's R counts them)
    ("t", "2mm"),          # a length in no known unit
    ("t", True),           # bool is not a number here
    ("t", None),
    ("threshold", "0.5"),
    ("nsd_tau", "two"),
    ("ss_alpha", "0.2"),
    ("fom_k", float("nan")),
    ("baddeley_c", float("inf")),
    ("distance", 3),       # number for a choice
    ("distance", "manhattan"),
    ("ss_mode", "strict"),
    ("distance_fov", 1),   # int for a bool
    ("cal_fov", "true"),
])
def test_wrong_type_names_the_key(key: str, value: object) -> None:
    with pytest.raises(ParamsError, match=names(key)):
        Params.from_mapping({key: value})


@pytest.mark.parametrize(("key", "value"), [
    ("t", -1), ("cal_alpha", -1), ("cal_beta", -2), ("contour_gamma", -1),
    ("ss_alpha", 1.5), ("ss_alpha", -0.1), ("ss_R", 0),
    ("tversky_alpha", -0.5), ("tversky_beta", -1.0), ("fom_k", -1.0),
    ("baddeley_p", 0.5), ("baddeley_c", -1.0), ("threshold", 1.5), ("threshold", -0.01),
    ("nsd_tau", -0.5), ("thin_width", -1.0),
])
def test_out_of_range_names_the_key(key: str, value: object) -> None:
    with pytest.raises(ParamsError, match=names(key)):
        Params.from_mapping({key: value})


def test_threshold_defaults_to_the_case_threshold() -> None:
    # None means "the case's threshold"; an explicit value overrides it.
    assert Params().threshold is None
    assert Params().with_case_threshold(0.3) == Params(threshold=0.3)
    assert Params(t=4).with_case_threshold(0.3) == Params(t=4, threshold=0.3)
    assert Params(threshold=0.7).with_case_threshold(0.3).threshold == 0.7
    assert Params(threshold=0.0).with_case_threshold(0.3).threshold == 0.0


def test_the_baddeley_parameters_are_not_named_like_the_metric() -> None:
    # One delta_p column in a CSV: the metric; its parameters are baddeley_p / baddeley_c.
    assert {"baddeley_p", "baddeley_c"} <= set(PARAM_SPECS)
    assert not {"delta_p", "delta_c"} & set(PARAM_SPECS)
    with pytest.raises(ParamsError, match="delta_p"):
        Params.from_mapping({"delta_p": 2.0})


def test_max_length_below_min_length() -> None:
    with pytest.raises(ParamsError, match="ss_max_length"):
        Params(ss_min_length=10, ss_max_length=5)


def test_boundary_values_are_accepted() -> None:
    params = Params(t=0, ss_alpha=1.0, threshold=0.0, tversky_alpha=0.0, baddeley_p=1.0)
    assert (params.t, params.ss_alpha, params.threshold) == (0, 1.0, 0.0)


def test_parse_int_value() -> None:
    value = parse_value("t", " 3 ")
    assert value == 3
    params = Params.from_mapping({"t": value})
    assert params.t == 3 and type(params.t) is int


def test_parse_float_values() -> None:
    assert parse_value("ss_alpha", "0.25") == 0.25
    assert parse_value("fom_k", "1/9") == pytest.approx(1 / 9, rel=1e-15)
    assert parse_value("baddeley_c", "1e1") == 10.0
    assert Params.from_mapping({"fom_k": parse_value("fom_k", "1/9")}).fom_k == pytest.approx(1 / 9)


@pytest.mark.parametrize(("text", "value"), [
    ("true", True), ("True", True), ("1", True), ("yes", True), ("on", True),
    ("false", False), ("FALSE", False), ("0", False), ("no", False), ("off", False),
])
def test_parse_bool_values(text: str, value: bool) -> None:
    assert parse_value("distance_fov", text) is value


def test_parse_str_value() -> None:
    assert parse_value("distance", "cityblock") == "cityblock"
    assert Params.from_mapping({"distance": parse_value("distance", " chessboard ")}).distance \
        == "chessboard"


@pytest.mark.parametrize(("key", "text"), [
    ("t", "three"), ("fom_k", "1/0"), ("fom_k", "1/x"), ("ss_alpha", ""),
    ("cal_fov", "maybe"),
])
def test_parse_errors_name_the_key(key: str, text: str) -> None:
    with pytest.raises(ParamsError, match=names(key)):
        parse_value(key, text)


def test_parse_unknown_key() -> None:
    with pytest.raises(ParamsError, match="nonsense"):
        parse_value("nonsense", "1")


@pytest.mark.parametrize("text", [
    "1/2/3", "0.5x", "0.5 0.5", "1/", "/2", "0.5,", "1..2", "1e", "nan", "inf", "1_000",
    "0x10", "½", "\u0661", "\u0663/\u0664", "1/2 3", "- 1",  # Arabic-Indic digits
])
def test_trailing_garbage_is_an_error_not_a_guess(text: str) -> None:
    with pytest.raises(ParamsError) as raised:
        parse_value("tversky_alpha", text)
    assert str(raised.value) == ("parameter tversky_alpha: expected a number such as 2, 0.25, "
                                 f"1e-3 or a fraction such as 1/9, got {text!r}")


@pytest.mark.parametrize(("text", "value"), [
    ("1/2", 0.5), (" 1 / 4 ", 0.25), ("+2.", 2.0), (".5", 0.5), ("-1e-2", -0.01),
    ("3E2/1.5e2", 2.0),
])
def test_the_number_grammar(text: str, value: float) -> None:
    assert parse_value("tversky_alpha", text) == value


@given(st.floats(allow_nan=False, allow_infinity=False),
       st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: x != 0))
def test_a_number_or_fraction_parses_to_its_value(numerator: float, denominator: float) -> None:
    assert parse_value("fom_k", repr(numerator)) == numerator
    assert parse_value("fom_k", f"{numerator!r}/{denominator!r}") == numerator / denominator


@given(st.floats(allow_nan=False, allow_infinity=False),
       st.sampled_from(["/2/3", "x", "%", ",5", "/", " 2", "e", ";", "px", "/0"]))
def test_a_number_with_anything_after_it_is_refused(number: float, suffix: str) -> None:
    with pytest.raises(ParamsError, match="expected a number such as"):
        parse_value("fom_k", repr(number) + suffix)
