"""Junction point files (CSV ``x,y[,kind]``): what a well-formed file reads as, and one
clear error naming the file, the line and the fix for each bad one."""

from __future__ import annotations

import numpy as np
import pytest

from vesselview.engine.junction_points import JunctionPoints
from vesselview.errors import InputError
from vesselview.io.junction_files import read_junction_points

SHAPE = (20, 30)  # H, W


def write(tmp_path, text: str) -> str:
    path = tmp_path / "junctions.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_header_kinds_and_blank_rows(tmp_path) -> None:
    path = write(tmp_path, "X,Y,Kind\n3,4,bifurcation\n\n29,18.5,CROSSING\n0,0,bifurcation\n")
    points = read_junction_points(path, SHAPE)
    # (row, col) = (y, x)
    assert points.junctions.tolist() == [[4.0, 3.0], [18.5, 29.0], [0.0, 0.0]]
    assert points.crossings is not None and points.crossings.tolist() == [False, True, False]
    assert points.source == path


def test_no_header_and_kinds_not_given_for_every_point(tmp_path) -> None:
    points = read_junction_points(write(tmp_path, "1.5,2\n7,8,crossing\n"), SHAPE)
    assert points.junctions.tolist() == [[2.0, 1.5], [8.0, 7.0]]
    assert points.crossings is None
    assert read_junction_points(write(tmp_path, "x,y\n1,2\n"), SHAPE).crossings is None


@pytest.mark.parametrize(("text", "line", "says"), [
    ("x,y\n1,2\n3\n", 3, "1 cells; give one point per row as x,y or x,y,kind"),
    ("1,2,crossing,4\n", 1, "4 cells"),
    ("1,2\nfive,3\n", 2, "x and y must be numbers, got 'five', '3'"),
    ("1,nan\n", 1, "x and y must be finite numbers"),
    ("1,2,branch\n", 1, "unknown kind 'branch'; write bifurcation or crossing"),
    ("col,row\n1,2\n", 1, "is neither a point nor the header x,y or x,y,kind"),
    ("x,y\n1,2\n30,5\n", 3, "the point x=30, y=5 lies outside the 30x20 image "
                            "(0 <= x <= 29, 0 <= y <= 19)"),
    ("x,y\n-0.5,5\n", 2, "lies outside"),
    ("4,20\n", 1, "gives x (column) before y (row)"),
])
def test_bad_rows_name_file_line_and_fix(tmp_path, text: str, line: int, says: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(InputError) as caught:
        read_junction_points(path, SHAPE)
    assert str(caught.value).startswith(f"{path} line {line}: ")
    assert says in str(caught.value)
    assert caught.value.source == path


def test_empty_and_missing_files(tmp_path) -> None:
    path = write(tmp_path, "x,y,kind\n\n")
    with pytest.raises(InputError, match="the junction file has no point"):
        read_junction_points(path, SHAPE)
    with pytest.raises(InputError, match="junction file not found"):
        read_junction_points(tmp_path / "gone.csv", SHAPE)


def test_points_given_as_an_object_are_checked_against_the_image() -> None:
    points = JunctionPoints(np.array([[1.0, 2.0], [20.0, 3.0]]), source="<test>")
    points.check_inside((21, 4))
    with pytest.raises(InputError, match=r"<test>: junction point 2 \(x=3, y=20\) lies "
                                         "outside the 4x20 image"):
        points.check_inside((20, 4))
    with pytest.raises(InputError, match="3 kinds for 2 junction points"):
        JunctionPoints(points.junctions, np.array([True, False, True]), "<test>")
