"""Critical-difference diagrams: a hand-made example's marks, groups and CD bar read back
from the SVG."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from vesselview.io.cd_diagram import AXIS_LEFT, AXIS_RIGHT, cd_diagram_svg, groups, rank_x
from vesselview.research.friedman import FriedmanTest

SVG = "{http://www.w3.org/2000/svg}"


def _test(mean_rank: list[float], cd: float, metric: str = "dice") -> FriedmanTest:
    k = len(mean_rank)
    return FriedmanTest(metric, tuple(f"M<{i}>" for i in range(k)), 10, 12.0, 0.002,
                        np.array(mean_rank), cd, np.ones((k, k)))


def test_groups_are_the_maximal_runs_within_the_critical_difference() -> None:
    ranks = np.array([1.0, 1.5, 2.4, 3.6, 4.0])
    # 1.0-2.4 (1.4 < 1.5); 1.5-2.4 inside it; 2.4-3.6 (1.2; 4.0 is 1.6 away); 3.6-4.0
    assert groups(ranks, 1.5) == [(0, 2), (2, 3), (3, 4)]
    assert groups(ranks, 0.1) == []
    assert groups(ranks, 10.0) == [(0, 4)]


def test_the_svg_marks_every_method_at_its_mean_rank_with_the_cd_bar() -> None:
    svg = cd_diagram_svg([_test([2.0, 1.0, 3.5, 3.5], 1.2), _test([1, 2, 3, 4], 0.5, "cal")])
    root = ET.fromstring(svg.encode())
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert "M<0> (2.00)" in texts and "M<1> (1.00)" in texts  # names escaped and read back
    assert any(t.startswith("cal: Friedman p") for t in texts)
    lines = list(root.iter(f"{SVG}line"))
    marks = [float(line.get("x1", "nan")) for line in lines if line.get("class") == "method"]
    assert marks[:4] == pytest.approx([rank_x(r, 4) for r in (1.0, 2.0, 3.5, 3.5)], abs=0.01)
    (bar, _) = [line for line in lines if line.get("class") == "cd"]
    length = float(bar.get("x2", "nan")) - float(bar.get("x1", "nan"))
    assert length == pytest.approx(1.2 / 3 * (AXIS_RIGHT - AXIS_LEFT), abs=0.01)
    # first panel: {1.0, 2.0} and {3.5, 3.5} (2.0 -> 3.5 is 1.5 > 1.2); second panel: none
    assert sum(line.get("class") == "group" for line in lines) == 2


def test_a_metric_without_cases_has_no_panel() -> None:
    empty = FriedmanTest("cal", ("A", "B", "C"), 0, math.nan, math.nan,
                         np.full(3, math.nan), math.nan, np.full((3, 3), math.nan))
    root = ET.fromstring(cd_diagram_svg([empty]).encode())
    assert list(root.iter(f"{SVG}text")) == []
