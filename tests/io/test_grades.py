"""Reading the grades CSV: the grading export round trip and every error naming its line
and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from vesselview.errors import InputError
from vesselview.io.grades import GRADES_COLUMNS, read_grade_rows, read_grades, unmatched_grades
from vesselview.research.grading_agreement import GraderScore


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "grades.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_reads_the_grading_export_format(tmp_path: Path) -> None:
    path = _write(tmp_path, "\ufeffid,method,grader,score,notes\n"
                            '01,unet,ann,7,"thin vessels missed, otherwise fine"\n'
                            "01,unet,bob,6.5,\n"
                            "01,unet,cy,.5e1,\n"
                            "\n"
                            "02,,ann,3, \n")
    assert read_grades(path) == [
        GraderScore("01", "unet", "ann", 7.0, "thin vessels missed, otherwise fine"),
        GraderScore("01", "unet", "bob", 6.5, ""),
        GraderScore("01", "unet", "cy", 5.0, ""),
        GraderScore("02", "", "ann", 3.0, ""),
    ]


def test_columns_may_come_in_any_order(tmp_path: Path) -> None:
    path = _write(tmp_path, "grader,id,score,method,notes\nann,01,7,unet,\n")
    assert read_grades(path) == [GraderScore("01", "unet", "ann", 7.0, "")]


@pytest.mark.parametrize(("text", "message"), [
    ("id,method,grader,notes\n01,a,x,\n", r"line 1: missing column score"),
    ("id,method,grader,score,notes,extra\n", r"line 1: unknown column 'extra'"),
    ("id,method,grader,score,notes\n", r"has no rows"),
    ("id,method,grader,score,notes\n01,a,x,7,\n02,a,,7,\n", r"line 3, column grader: .*empty"),
    ("id,method,grader,score,notes\n01,a,x,seven,\n", r"line 2, column score: 'seven'"),
    ("id,method,grader,score,notes\n01,a,x,nan,\n", r"line 2, column score: 'nan'"),
    ("id,method,grader,score,notes\n01,a,x,1_0,\n", r"line 2, column score: '1_0'"),
    ("id,method,grader,score,notes\n01,a,x,infinity,\n", r"line 2, column score: 'infinity'"),
    ("id,method,grader,score,notes\n01,a,x,7,ok,more\n", r"line 2: 6 cells for 5 columns"),
    ("id,method,grader,score,notes\n01,a,x,7,\n01,a,y,5,\n01,a,x,6,\n",
     r"line 4: grader 'x' already scored id '01' method 'a' on line 2"),
    ("id,method,grader,score,notes\n01,a,x,7,\n1,a,x,6,\n",
     r"line 3: grader 'x' already scored id '1' method 'a' on line 2 \(as '01', the same "
     r"number\); keep one of the two rows"),
])
def test_errors_name_the_file_line_and_column(tmp_path: Path, text: str, message: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(InputError, match=message) as error:
        read_grades(path)
    assert path in str(error.value)


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="grades file not found"):
        read_grades(str(tmp_path / "nope.csv"))


def test_the_columns_are_those_of_the_grading_export() -> None:
    from vesselview.io.grading_export import GRADES_COLUMNS as EXPORTED
    assert GRADES_COLUMNS == EXPORTED


def test_round_trip_through_the_grading_export(tmp_path: Path) -> None:
    from vesselview.io.grading_export import write_grades_csv
    from vesselview.io.grading_files import Grade, GradingFile, ItemKey

    gradings = [GradingFile(grader, grades={ItemKey("01", "unet"): Grade(score, "a, b"),
                                            ItemKey("02", "unet"): Grade(None, "unscored")})
                for grader, score in (("ann", 7), ("bob", 4))]
    path = tmp_path / "grades.csv"
    with open(path, "w", newline="", encoding="utf-8") as stream:
        write_grades_csv(gradings, stream)
    assert read_grades(str(path)) == [GraderScore("01", "unet", "ann", 7.0, "a, b"),
                                      GraderScore("01", "unet", "bob", 4.0, "a, b")]


def test_unmatched_grades_name_the_line_id_and_method(tmp_path: Path) -> None:
    path = _write(tmp_path, "id,method,grader,score,notes\n1,a,x,7,\n001,b,x,6,\n"
                            "im1,a,x,5,\n2,c,x,4,\n")
    rows = read_grade_rows(path)
    assert [line for line, _ in rows] == [2, 3, 4, 5]
    subjects = [("01", "a"), ("01", "b"), ("im01", "a"), ("02", "a")]
    ids = "its ids look like 01, im01, 02; its methods are 'a', 'b'"
    assert unmatched_grades(path, rows, subjects) == [
        f"{path} line 4: id 'im1', method 'a' matches no pair of this run ({ids})",
        f"{path} line 5: id '2', method 'c' matches no pair of this run ({ids})"]
    assert unmatched_grades(path, rows[:2], subjects) == []
