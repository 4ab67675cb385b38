"""Rows that cannot be used stop with exit 2 naming file, line and id; nothing vanishes.

A manifest ``observer`` cell ``²`` passed ``isdigit()`` and then failed the whole run;
it is now that row's error. Grades whose ids are spelt unlike the cases' (``1`` for
``01``) match by the case id rule; a graded row that still matches no pair stops the
run before any work unless ``--allow-unmatched`` is given.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.demo_dataset import write_demo_drive
from tests.mask_files import save_mask, vessel_mask
from vesselview.cli.main import main


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_observer_cell_in_superscript_fails_its_row_only(capsys, tmp_path):
    save_mask(tmp_path / "ref.png", vessel_mask(0))
    save_mask(tmp_path / "pred.png", vessel_mask(1))
    manifest = tmp_path / "pairs.csv"
    manifest.write_text("id,reference,candidate,observer\na,ref.png,pred.png,1\n"
                        "b,ref.png,pred.png,²\nc,ref.png,pred.png,\n", encoding="utf-8")
    code, out, err = _run(capsys, "--manifest", str(manifest), "--workers", "1")
    assert code == 2
    assert err.splitlines() == [
        f"vesselview-eval: error: {manifest} line 3, id 'b': observer '²' is not an observer "
        "number; write 1, 2, ... in plain digits, or leave the cell empty"]
    results = json.loads(out)["results"]
    assert [(r["id"], r["observer"], r["error"] is None) for r in results] == [
        ("a", 1, True), ("b", None, False), ("c", None, True)]


@pytest.fixture(scope="module")
def drive(tmp_path_factory) -> list[str]:
    """``--dataset`` options of a 4-case DRIVE-like set (ids 01-04) and two methods."""
    root, predictions = write_demo_drive(tmp_path_factory.mktemp("drive"),
                                         methods=("good", "thick"))
    return ["--dataset", str(root), "--workers", "1",
            *[f"--predictions={method}={folder}" for method, folder in predictions.items()]]


def _grades(path: Path, rows: list[tuple[str, str]]) -> Path:
    """Two graders' scores of ``rows`` (id, method), varied so that ranks are defined."""
    lines = ["id,method,grader,score,notes"]
    lines += [f"{case_id},{method},{grader},{(index * 3 + offset) % 7},"
              for index, (case_id, method) in enumerate(rows) for grader, offset in
              (("ann", 0), ("bob", 1))]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


EVERY_PAIR = [(case_id, method) for case_id in ("1", "2", "3", "4") for method in ("good", "thick")]


def test_grade_ids_without_zero_padding_match_the_cases(capsys, drive, tmp_path):
    grades = _grades(tmp_path / "grades.csv", EVERY_PAIR)
    code, out, err = _run(capsys, *drive, "--grades", str(grades))
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert document["agreement"]["dice"]["n"] == 8  # all 8 graded pairs, none dropped
    assert document["inter_grader"]["n"] == 8


def _unmatched(grades: Path) -> list[str]:
    """The two rows of the file below that match no pair: lines 18-21 (two graders)."""
    return [f"{grades} line {line}: id {case_id!r}, method {method!r} matches no pair of this "
            "run (its ids look like 01, 02, 03; its methods are 'good', 'thick')"
            for line, (case_id, method) in ((18, ("5", "good")), (19, ("5", "good")),
                                            (20, ("01", "unet")), (21, ("01", "unet")))]


def test_graded_rows_that_match_no_pair_stop_the_run_before_any_work(capsys, drive, tmp_path):
    grades = _grades(tmp_path / "grades.csv", [*EVERY_PAIR, ("5", "good"), ("01", "unet")])
    code, out, err = _run(capsys, *drive, "--grades", str(grades))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"vesselview-eval: error: {problem}; correct the id or method, or give "
        "--allow-unmatched to leave such rows out" for problem in _unmatched(grades)]


def test_allow_unmatched_leaves_them_out_with_a_warning_each(capsys, drive, tmp_path):
    grades = _grades(tmp_path / "grades.csv", [*EVERY_PAIR, ("5", "good"), ("01", "unet")])
    code, out, err = _run(capsys, *drive, "--grades", str(grades), "--allow-unmatched")
    assert code == 0
    assert err.splitlines()[:4] == [
        f"vesselview-eval: warning: {problem}: left out (--allow-unmatched)"
        for problem in _unmatched(grades)]
    assert json.loads(out)["agreement"]["dice"]["n"] == 8


def test_allow_unmatched_needs_grades(capsys, drive):
    code, out, err = _run(capsys, *drive, "--allow-unmatched")
    assert (code, out) == (2, "")
    assert "--allow-unmatched is about the rows of --grades; give --grades too" in err
