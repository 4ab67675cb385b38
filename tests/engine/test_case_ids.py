"""The case id rule (`vesselview.engine.case_ids`): zero-padded numbers match, others exactly."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from vesselview.engine.case_ids import id_key, same_id


def _independent_key(case_id: str) -> str:
    """The rule restated with a regular expression, one part of ``split/id`` at a time."""
    return "/".join(part.lstrip("0") or "0" if re.fullmatch(r"[0-9]+", part) else part
                    for part in case_id.split("/"))


@given(st.integers(0, 10**6), st.integers(0, 4), st.integers(0, 4))
def test_zero_padded_numbers_are_one_case(number, padding, other_padding):
    assert same_id("0" * padding + str(number), "0" * other_padding + str(number))
    assert not same_id(str(number), str(number + 1))


@given(st.text(max_size=12))
def test_the_key_equals_an_independent_statement_of_the_rule(case_id):
    assert id_key(case_id) == _independent_key(case_id)


def test_ids_that_are_not_plain_numbers_match_exactly():
    assert not same_id("im0001", "im1")
    assert not same_id("010", "01")
    assert not same_id("²", "2")  # str.isdigit() says a digit; no number
    assert not same_id("\u0661", "1")  # an Arabic-Indic one
    assert not same_id("01L", "1L")
    assert same_id("test/01", "test/1") and not same_id("test/01", "training/01")
