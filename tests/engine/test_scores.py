"""`Scores`: values with reasons for the undefined ones (``metrics.md`` section 0)."""

from __future__ import annotations

import math

from vesselview.engine.scores import Scores


def test_ratio_defined_and_undefined() -> None:
    out = Scores()
    assert out.ratio("a", 3, 4, "never used") == 0.75
    assert math.isnan(out.ratio("b", 0, 0, "b is 0/0"))
    assert out.values["a"] == 0.75 and "a" not in out.reasons
    assert math.isnan(out.values["b"]) and out.reasons["b"] == "b is 0/0"


def test_derived_names_the_undefined_input() -> None:
    out = Scores()
    out.set("x", 2.0)
    out.undefined("y", "reference is empty")
    out.derived("from_x", 4.0, "x")
    out.derived("from_xy", 1.0, "x", "y")
    assert out.values["from_x"] == 4.0 and "from_x" not in out.reasons
    assert math.isnan(out.values["from_xy"])
    assert "y" in out.reasons["from_xy"] and "reference is empty" in out.reasons["from_xy"]


def test_merge_keeps_both_and_returns_self() -> None:
    first, second = Scores(), Scores()
    first.set("a", 1)
    second.undefined("b", "why")
    assert first.merge(second) is first
    assert first.values["a"] == 1.0 and math.isnan(first.values["b"])
    assert first.reasons == {"b": "why"}
    assert isinstance(first.values["a"], float)
