"""Length parameters in px, µm or % FOV: the grammar, in `Params`, `--set` text and sweeps."""

from __future__ import annotations

import dataclasses

import pytest

from vesselview.engine.lengths import Length
from vesselview.engine.param_spec import param, specs_of
from vesselview.engine.params import LENGTH_KEYS, PARAM_SPECS, Params, parse_value
from vesselview.engine.sweep import parse_sweep_values
from vesselview.errors import ParamsError


@pytest.mark.parametrize(("text", "expected"), [
    ("30um", Length(30, "um")),
    (" 30 um ", Length(30, "um")),
    ("30µm", Length(30, "um")),       # micro sign
    ("30μm", Length(30, "um")),       # Greek mu
    ("12.5UM", Length(12.5, "um")),
    ("0.5%fov", Length(0.5, "%fov")),
    ("0.5%FOV", Length(0.5, "%fov")),
    ("1e-1%fov", Length(0.1, "%fov")),
    ("2px", Length(2, "px")),
    ("2.5", Length(2.5, "px")),
    ("0", Length(0, "px")),
])
def test_length_text_parses(text: str, expected: Length) -> None:
    assert Length.parse(text) == expected


@pytest.mark.parametrize("text", [
    "30mm", "30 u m", "um", "", "-1um", "nanum", "inf", "1/2um", "30um30", "2 px px",
    "1_0um", "%fov",
])
def test_bad_length_text_says_the_grammar(text: str) -> None:
    with pytest.raises(ParamsError, match=r"30um.*0\.5%fov|>= 0"):
        Length.parse(text)


def test_length_text_round_trips() -> None:
    for length in (Length(30, "um"), Length(0.5, "%fov"), Length(2.25, "px"),
                   Length(1e-7, "um")):
        assert Length.parse(str(length)) == length
    assert str(Length(30, "um")) == "30um"


@pytest.mark.parametrize(("value", "unit"), [(float("nan"), "um"), (-1.0, "px"),
                                             (True, "px"), (1.0, "cm"), ("1", "um")])
def test_bad_lengths_are_refused(value: object, unit: str) -> None:
    with pytest.raises(ParamsError):
        Length(value, unit)  # type: ignore[arg-type]


def test_length_keys_come_from_the_spec_units() -> None:
    assert set(LENGTH_KEYS) >= {"t", "cal_alpha", "cal_beta", "ss_R", "ss_min_length",
                                "ss_max_length", "baddeley_c", "contour_gamma", "nsd_tau",
                                "thin_width"}
    assert set(LENGTH_KEYS) == {key for key, spec in PARAM_SPECS.items()
                                if spec.unit == "length"}


def test_a_length_declared_without_length_values_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Lengths:
        radius: float = param(2.0, low=0.0, high=9.0, unit="length", label="r", doc="a radius")

    with pytest.raises(TypeError, match="parameter radius: a length's annotation must allow "
                                        "a Length"):
        specs_of(Lengths)


@pytest.mark.parametrize("key", LENGTH_KEYS)
def test_every_length_parameter_takes_every_unit(key: str) -> None:
    for text, expected in (("3um", Length(3, "um")), ("1%fov", Length(1, "%fov"))):
        assert getattr(Params(**{key: text}), key) == expected
        assert getattr(Params(**{key: Length.parse(text)}), key) == expected
        assert parse_value(key, text) == expected


def test_pixels_stay_plain_numbers_as_today() -> None:
    assert Params(t="3px").t == 3 and isinstance(Params(t="3px").t, int)
    assert Params(t=Length(3)).t == 3 and isinstance(Params(t=Length(3)).t, int)
    assert Params(nsd_tau="3").nsd_tau == 3.0 and isinstance(Params(nsd_tau="3").nsd_tau, float)
    assert Params() == Params(**{key: f"{getattr(Params(), key)}px" for key in LENGTH_KEYS})


def test_non_integer_radii_are_allowed_where_they_mean_something() -> None:
    assert Params(t=2.5).t == 2.5
    assert Params(cal_alpha="1.5px").cal_alpha == 1.5
    with pytest.raises(ParamsError, match="ss_R: expected a whole number"):
        Params(ss_R=2.5)
    with pytest.raises(ParamsError, match="ss_min_length: expected a whole number"):
        Params(ss_min_length="4.5px")


def test_pixel_ranges_hold_for_pixels_and_wait_for_other_units() -> None:
    with pytest.raises(ParamsError, match=r"t: 60(\.0)? is out of range \[0, 50\]"):
        Params(t="60px")
    assert Params(t="600um").t == Length(600, "um")  # checked once converted for a case
    with pytest.raises(ParamsError, match=r"ss_max_length .* must be >= ss_min_length"):
        Params(ss_min_length=10, ss_max_length=5)
    Params(ss_min_length="100um", ss_max_length=5)  # compared once converted


def test_params_with_lengths_round_trip_through_plain_values() -> None:
    params = Params(t="30um", nsd_tau="0.5%fov", ss_R=3)
    plain = params.to_dict()
    assert plain["t"] == "30um" and plain["nsd_tau"] == "0.5%fov" and plain["ss_R"] == 3
    assert Params.from_mapping(plain) == params
    assert hash(Params.from_mapping(plain)) == hash(params)
    assert params.replace(t=2).t == 2


@pytest.mark.parametrize(("key", "text"), [("t", "30 mm"), ("nsd_tau", "two"),
                                           ("cal_alpha", "-2um")])
def test_bad_length_values_name_the_parameter(key: str, text: str) -> None:
    with pytest.raises(ParamsError, match=f"parameter {key}"):
        parse_value(key, text)
    with pytest.raises(ParamsError, match=f"parameter {key}"):
        Params(**{key: text})


def test_units_are_for_lengths_only() -> None:
    with pytest.raises(ParamsError, match="ss_alpha"):
        parse_value("ss_alpha", "0.2um")
    with pytest.raises(ParamsError, match="ss_alpha"):
        Params(ss_alpha=Length(0.2))  # type: ignore[arg-type]


def test_sweeps_take_units() -> None:
    assert parse_sweep_values("t", "20um:30um:5um") == [Length(20, "um"), Length(25, "um"),
                                                         Length(30, "um")]
    assert parse_sweep_values("nsd_tau", "0.25%fov,1um,2") == [
        Length(0.25, "%fov"), Length(1, "um"), 2.0]
    assert parse_sweep_values("t", "1px:3px") == [1, 2, 3]
    with pytest.raises(ParamsError, match="mixes units"):
        parse_sweep_values("t", "20um:30")
    with pytest.raises(ParamsError, match="mixes units"):
        parse_sweep_values("t", "1%fov:2%fov:1um")
