"""The one sweep grammar (`vesselview.engine.sweep`): lists, inclusive ranges, errors."""

from __future__ import annotations

import itertools
import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vesselview.engine.params import PARAM_SPECS
from vesselview.engine.sweep import MAX_SWEEP_VALUES, parse_sweep_values
from vesselview.errors import ParamsError


@pytest.mark.parametrize(("key", "text", "values"), [
    ("t", "0:3", [0, 1, 2, 3]),
    ("t", "2:8:3", [2, 5, 8]),
    ("t", "2:9:3", [2, 5, 8]),
    ("t", "1, 2,4", [1, 2, 4]),
    ("ss_alpha", "0:0.3:0.1", [0.0, 0.1, 0.2, 0.3]),
    ("threshold", "0.25", [0.25]),
    ("cal_alpha", "3:3", [3]),
    ("fom_k", "1/9,1", [1 / 9, 1.0]),
    ("distance", "euclidean,chessboard", ["euclidean", "chessboard"]),
    ("cal_fov", "true,false", [True, False]),
    ("ss_min_length", "20:21", [20, 21]),  # above the default ss_max_length: Params's check
])
def test_sweep_values_parse(key, text, values):
    parsed = parse_sweep_values(key, text)
    assert parsed == values
    assert [type(value) for value in parsed] == [type(value) for value in values]


@pytest.mark.parametrize(("key", "text", "message"), [
    ("t", "", "give values"),
    ("t", "1,,2", "an empty value in '1,,2'"),
    ("t", "1,2,", "an empty value"),
    ("t", "a:3", "expected a number"),
    ("t", "0:3:0", "step of t must be positive"),
    ("t", "0:3:-1", "step of t must be positive"),
    ("t", "3:0", "gives 0 values"),
    ("t", "0:10000:1", "gives 10001 values"),
    ("t", "0:1:2:3", "a:b or a:b:step"),
    ("ss_R", "2.5", "whole number"),
    ("t", "51", "out of range"),
    ("ss_R", "0:2", "out of range"),
    ("distance", "a:b", "needs a numeric parameter"),
    ("distance", "manhattan", "expected one of"),
    ("tt", "1,2", "unknown parameter 'tt'"),
])
def test_bad_sweep_values_say_why(key, text, message):
    with pytest.raises(ParamsError, match=message):
        parse_sweep_values(key, text)


@pytest.mark.parametrize(("key", "text", "message"), [
    ("t", "0:nan", "expected a number"),
    ("t", "nan:3", "expected a number"),
    ("t", "0:inf", "expected a number"),
    ("t", "0:3:nan", "expected a number"),
    ("t", "0:3:inf", "got 'inf'"),
    ("t", "0:1e400", "'1e400' is too large a number"),
    ("t", "0:3:1e999", "'1e999' is too large a number"),
    ("fom_k", "0:1:1e-320", "'1e-320' is too close to zero"),
    ("fom_k", "1e-310:1", "'1e-310' is too close to zero"),
    ("fom_k", "-1e308:1e308", "gives over a million values"),
    ("t", "0:1e300", "gives over a million values"),
    ("fom_k", "0:1:1e-300", "gives over a million values"),
    ("t", "0:-1e308:1e-300", "gives 0 values"),
    ("t", "0:1000000", "gives over a million values"),
    ("t", "0:999998", "gives 999999 values"),
])
def test_non_finite_denormal_and_huge_ranges_say_why_plainly(key, text, message):
    with pytest.raises(ParamsError, match=message) as caught:
        parse_sweep_values(key, text)
    assert not re.search(r"[0-9]{8}", str(caught.value))  # no 300-digit count
    assert "got nan" not in str(caught.value)


@given(st.floats(allow_nan=True, allow_infinity=True), st.floats(allow_nan=True,
       allow_infinity=True), st.floats(allow_nan=True, allow_infinity=True))
def test_any_range_of_floats_gives_values_or_a_params_error(start, stop, step):
    try:
        values = parse_sweep_values("fom_k", f"{start!r}:{stop!r}:{step!r}")
    except ParamsError:
        return
    assert 1 <= len(values) <= MAX_SWEEP_VALUES
    assert all(math.isfinite(value) for value in values)


def test_a_long_list_is_capped_like_a_range():
    text = ",".join(["1"] * (MAX_SWEEP_VALUES + 1))
    with pytest.raises(ParamsError, match=f"at most {MAX_SWEEP_VALUES}"):
        parse_sweep_values("t", text)


@given(st.integers(0, 10), st.integers(0, 8), st.integers(1, 5))
def test_integer_ranges_include_both_ends(start, length, step):
    values = parse_sweep_values("t", f"{start}:{start + length * step}:{step}")
    assert values == list(range(start, start + length * step + 1, step))


@given(st.integers(0, 40), st.integers(0, 40), st.integers(1, 7))
def test_integer_ranges_are_pythons_range_to_the_end_inclusive(start, stop, step):
    text = f"{start}:{stop}:{step}"
    if stop < start:
        with pytest.raises(ParamsError, match="gives 0 values"):
            parse_sweep_values("t", text)
    else:
        assert parse_sweep_values("t", text) == list(range(start, stop + 1, step))


@given(st.integers(0, 90), st.integers(0, 10), st.sampled_from([0.1, 0.05, 0.01, 0.25]))
def test_decimal_ranges_reach_their_end_despite_round_off(first, length, step):
    start = round(first * 0.01, 2)
    stop = start + length * step
    if stop > 1:
        return
    values = parse_sweep_values("ss_alpha", f"{start!r}:{stop!r}:{step!r}")
    assert len(values) == length + 1
    assert values[0] == start and math.isclose(values[-1], stop, abs_tol=1e-9)
    assert all(b > a for a, b in itertools.pairwise(values))


@given(st.lists(st.integers(0, 50), min_size=1, max_size=20))
def test_a_list_gives_its_values_in_order(values):
    assert parse_sweep_values("t", ",".join(map(str, values))) == values


@pytest.mark.parametrize("key", [k for k, s in PARAM_SPECS.items() if s.kind in (int, float)])
def test_a_range_over_the_whole_span_stays_in_it(key):
    spec = PARAM_SPECS[key]
    step = (spec.high - spec.low) / 4
    step = max(1, int(step)) if spec.kind is int else step
    # repr, not :g: a step of 249.9975 written to six digits no longer divides the span
    values = parse_sweep_values(key, f"{spec.low!r}:{spec.high!r}:{step!r}")
    assert values[0] == spec.low and len(values) == 5
    assert all(spec.low <= value <= spec.high for value in values)
    assert all(isinstance(value, spec.kind) for value in values)
