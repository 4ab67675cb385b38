"""Parameter specs: declared once with their `Params` field, checked against themselves,
and renamed keys (`ALIASES`) read on every path with a DeprecationWarning."""

from __future__ import annotations

import dataclasses
import warnings

import numpy as np
import pytest

from vesselview.engine.case import Case
from vesselview.engine.param_scope import applies
from vesselview.engine.param_spec import checked_value, param, specs_of
from vesselview.engine.params import (
    ALIASES,
    PARAM_SPECS,
    Params,
    canonical_key,
    check_aliases,
    check_value,
    parse_value,
)
from vesselview.engine.sweep import parse_sweep_values
from vesselview.errors import ParamsError
from vesselview.research.sweep import sweep

RENAMED = "tolerance_radius"  # a throw-away old name of `t`


@pytest.fixture
def alias(monkeypatch):
    """`t` renamed from `RENAMED` for the test."""
    monkeypatch.setitem(ALIASES, RENAMED, "t")
    return RENAMED


def test_every_spec_is_read_from_its_field():
    fields = dataclasses.fields(Params)
    assert list(PARAM_SPECS) == [field.name for field in fields]
    assert {key: spec.default for key, spec in PARAM_SPECS.items()} == {
        field.name: field.default for field in fields}
    assert (PARAM_SPECS["t"].kind, PARAM_SPECS["fom_k"].kind, PARAM_SPECS["cal_fov"].kind,
            PARAM_SPECS["distance"].kind) == (int, float, bool, str)
    assert PARAM_SPECS["threshold"].optional and PARAM_SPECS["threshold"].kind is float
    assert [key for key, spec in PARAM_SPECS.items() if spec.optional] == ["threshold",
                                                                           "av_weights"]


@pytest.mark.parametrize("key", list(PARAM_SPECS))
def test_a_spec_says_everything_the_window_and_docs_need(key):
    spec = PARAM_SPECS[key]
    assert spec.label and spec.doc and "|" not in spec.doc
    assert ("px" in spec.label) == (spec.unit == "length"), "a length's label names px"
    if spec.numeric and spec.default is not None:  # the slider starts at the default
        low, high = spec.slider_bounds
        assert low <= spec.default <= high
    if spec.unit == "choice":
        assert spec.default in spec.choices


def _declared(**field_spec):
    """A one-field dataclass declared as `Params` declares its fields."""
    @dataclasses.dataclass(frozen=True)
    class Declared:
        width: float = param(**field_spec)
    return Declared


@pytest.mark.parametrize(("field_spec", "problem"), [
    ({"default": 2.0, "unit": "flag"}, "unit flag cannot be a float"),
    ({"default": 2.0, "unit": "count"}, "unit count cannot be a float"),
    ({"default": 9.0, "unit": "length", "low": 0, "high": 5}, "default: .* out of range"),
    ({"default": 2.0, "unit": "length", "low": 0, "high": 5, "slider": (0, 9)}, "slider"),
    ({"default": 2.0, "unit": "length", "low": 0, "high": 5, "step": 0}, "step"),
    ({"default": 2.0, "unit": "length", "low": 0, "high": 5, "none_means": "x"}, "None"),
])
def test_a_contradicting_declaration_is_refused_by_name(field_spec, problem):
    with pytest.raises(TypeError, match=f"parameter width: {problem}"):
        specs_of(_declared(label="w (px)", doc="a width", **field_spec))


@pytest.mark.parametrize(("field_spec", "problem"), [
    ({"unit": "table"}, "a table, and only a table, has a canonical form"),
    ({"unit": "choice", "choices": ("a",), "canonical": str.strip}, "a table, and only"),
])
def test_a_table_and_only_a_table_has_a_canonical_form(field_spec, problem):
    @dataclasses.dataclass(frozen=True)
    class Declared:
        name: str = param("a", label="n", doc="a name", **field_spec)
    with pytest.raises(TypeError, match=f"parameter name: {problem}"):
        specs_of(Declared)


def test_a_table_is_checked_and_made_canonical_by_its_spec():
    @dataclasses.dataclass(frozen=True)
    class Declared:
        name: str = param("a", label="n", doc="a name", unit="table",
                          canonical=lambda text: text.strip().lower())
    spec = specs_of(Declared)["name"]
    assert checked_value("name", " AB ", spec) == "ab"
    with pytest.raises(ParamsError, match="parameter name: expected a text, got 3"):
        checked_value("name", 3, spec)


def test_a_field_without_a_spec_is_refused():
    @dataclasses.dataclass(frozen=True)
    class Plain:
        width: float = 2.0
    with pytest.raises(TypeError, match="parameter width is not declared with param"):
        specs_of(Plain)


def test_a_good_declaration_gives_its_spec():
    spec = specs_of(_declared(default=2.0, unit="ratio", low=0, high=5, label="w (px)",
                              doc="a width", step=0.25))["width"]
    assert (spec.kind, spec.default, spec.bounds, spec.slider_bounds, spec.decimals) == (
        float, 2.0, (0, 5), (0, 5), 2)


def test_the_alias_table_names_current_keys_only():
    check_aliases(ALIASES)
    for table in ({"t": "cal_alpha"}, {"old": "no_such_key"}):
        with pytest.raises(TypeError, match="alias"):
            check_aliases(table)


def test_an_old_key_is_read_as_the_new_one_on_every_api_path(alias):
    with pytest.warns(DeprecationWarning, match=f"'{alias}' is now called 't'"):
        assert Params.from_mapping({alias: 3}) == Params(t=3)
    with pytest.warns(DeprecationWarning):
        assert Params(**{alias: 4}) == Params(t=4)
    with pytest.warns(DeprecationWarning):
        assert Params(cal_alpha=3).replace(**{alias: 5}) == Params(t=5, cal_alpha=3)
    with pytest.warns(DeprecationWarning):
        assert parse_value(alias, "1/1") == 1.0
    with pytest.warns(DeprecationWarning):
        assert check_value(alias, 2.0) == 2
    with pytest.warns(DeprecationWarning):
        assert parse_sweep_values(alias, "0:2") == [0, 1, 2]
    mask = np.zeros((8, 8), bool)
    mask[4, 1:7] = True
    case = Case(mask, np.roll(mask, 1, axis=0), np.ones_like(mask))
    with pytest.warns(DeprecationWarning):
        assert applies(alias, case)
    with pytest.warns(DeprecationWarning):
        swept = sweep(case, alias, [0, 1], metrics=["f1_t"])
    assert (swept.key, swept.values, list(swept.curve("f1_t"))) == ("t", (0, 1), [0.0, 1.0])


def test_an_old_key_and_its_new_name_together_are_refused(alias):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(ParamsError, match=rf"parameter t is given more than once \('t', "
                                              rf"'{alias}'"):
            Params.from_mapping({"t": 1, alias: 2})


def test_the_current_keys_give_no_warning(alias):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert canonical_key("t") == "t"
        assert Params.from_mapping(Params(t=3).to_dict()) == Params(t=3)


def test_without_the_alias_the_old_key_is_unknown():
    with pytest.raises(ParamsError, match=f"unknown parameter {RENAMED}"):
        Params.from_mapping({RENAMED: 3})
    with pytest.raises(ParamsError, match=f"unknown parameter '{RENAMED}'"):
        canonical_key(RENAMED)
