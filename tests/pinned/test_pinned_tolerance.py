"""The pinned comparison accepts exactly the stated tolerance and nothing else."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.pinned.compare import (
    RELATIVE_TOLERANCE,
    ZERO_FLOOR,
    csv_records,
    json_document,
    mismatches,
    values_close,
)

pinned_values = st.floats(min_value=1e-6, max_value=1e6) | st.floats(min_value=-1e6,
                                                                      max_value=-1e-6)


@given(pinned_values, st.floats(min_value=-0.99, max_value=0.99))
def test_a_relative_change_within_the_tolerance_is_accepted(pinned, fraction):
    assert values_close(pinned * (1 + fraction * RELATIVE_TOLERANCE), pinned)


@given(pinned_values, st.floats(min_value=1.01, max_value=1e6))
def test_a_relative_change_beyond_the_tolerance_is_refused(pinned, factor):
    assert not values_close(pinned * (1 + factor * RELATIVE_TOLERANCE), pinned)


def test_only_an_exact_zero_has_an_absolute_floor():
    assert values_close(ZERO_FLOOR, 0.0)
    assert values_close(-ZERO_FLOOR, 0.0)
    assert not values_close(2 * ZERO_FLOOR, 0.0)
    assert not values_close(1e-300 + 2 * ZERO_FLOOR, 1e-300)


@pytest.mark.parametrize("value", [math.inf, -math.inf])
def test_infinities_match_only_themselves(value):
    assert values_close(value, value)
    assert not values_close(1e308, value)


def test_metric_values_get_the_tolerance_and_counts_do_not():
    pinned = {"ss": 0.75, "betti0_error": 40.0}
    assert mismatches({"ss": 0.75 * (1 + 1e-13), "betti0_error": 40.0}, pinned) == []
    assert mismatches({"ss": 0.75, "betti0_error": 40.0 * (1 + 1e-13)}, pinned) == [
        f"/betti0_error: {40.0 * (1 + 1e-13)!r} != pinned 40.0"]


def test_non_metric_floats_types_order_and_lengths_are_exact():
    pinned = {"params": {"fom_k": 1 / 9, "t": 2}, "list": [1, 2]}
    assert mismatches({"params": {"fom_k": 1 / 9 * (1 + 1e-15), "t": 2}, "list": [1, 2]},
                      pinned) == [f"/params/fom_k: {1 / 9 * (1 + 1e-15)!r} != pinned {1 / 9!r}"]
    assert mismatches({"params": {"fom_k": 1 / 9, "t": 2.0}, "list": [1, 2]}, pinned) == [
        "/params/t: 2.0 != pinned 2"]
    assert len(mismatches({"list": [1, 2], "params": pinned["params"]}, pinned)) == 1
    assert len(mismatches({"params": pinned["params"], "list": [1]}, pinned)) == 1


def test_tables_are_parsed_with_metric_cells_as_numbers_and_the_rest_as_text():
    text = "exit 0\nid,t,ss,betti0_error,error\ncase0,2,0.75,40,\n"
    assert csv_records(text) == {"first line": "exit 0", "header": ["id", "t", "ss",
                                                                    "betti0_error", "error"],
                                 "rows": [{"id": "case0", "t": "2", "ss": 0.75,
                                           "betti0_error": "40", "error": ""}]}
    nearby = "exit 0\nid,t,ss,betti0_error,error\ncase0,2,0.7500000000000001,40,\n"
    assert mismatches(csv_records(nearby), csv_records(text)) == []
    assert json_document('exit 2\n{"ss": 0.5}') == {"first line": "exit 2",
                                                     "document": {"ss": 0.5}}
