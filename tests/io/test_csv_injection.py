"""CSV injection: no CSV vesselview writes holds a text cell a spreadsheet would run.

Text cells starting with ``= + - @`` (or a tab / carriage return) get a leading single
quote (OWASP); numbers stay numbers; the JSON keeps the raw text; the grades CSV reads
back as written. Every CSV writer of the package goes through the one helper.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import vesselview
from tests.mask_files import save_mask, vessel_mask, write_manifest
from vesselview.app.dataset_table import MetricTable, SortOrder
from vesselview.cli.main import main
from vesselview.io.csv_cells import FORMULA_STARTS, neutralised, restored
from vesselview.io.grades import read_grades
from vesselview.io.grading_export import write_grades_csv
from vesselview.io.grading_files import Grade, GradingFile, ItemKey
from vesselview.io.tables import write_table
from vesselview.io.text_tables import Bold, write_text_table

#: The attacks of the issue: a DDE command, formulas after + - @, a hyperlink.
ATTACKS = ("=cmd|' /C calc'!A0", "+SUM(1+1)", "-2+3+cmd", "@SUM(1+1)",
           "=HYPERLINK(1)", "\t=1+1", "\r=1+1")
NUMBERS = ("-0.5", "+3", "-1e-05", "-inf", "0.25", "-12")


def _runs(cell: str) -> bool:
    """True when a spreadsheet would evaluate ``cell`` (a formula start, not a number)."""
    number = re.fullmatch(r"[+-]?[0-9.e+-]+|[+-]?inf", cell)
    return bool(cell) and cell[0] in FORMULA_STARTS and not number


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text, newline="")) for cell in row]


@pytest.mark.parametrize("attack", ATTACKS)
def test_a_formula_gets_a_leading_quote(attack):
    assert neutralised(attack) == "'" + attack
    assert restored(neutralised(attack)) == attack


@pytest.mark.parametrize("number", NUMBERS)
def test_numbers_stay_numbers(number):
    assert neutralised(number) == number


@given(st.text())
def test_neutralised_text_never_runs_and_reads_back(text):
    cell = neutralised(text)
    assert not _runs(cell)
    assert restored(cell) == text


def test_results_csv_quotes_ids_paths_and_errors_json_keeps_them(tmp_path, capsys):
    folder = tmp_path / "data"
    folder.mkdir()
    save_mask(folder / "ref.png", vessel_mask(0))
    save_mask(folder / "=HYPERLINK(1).gif", vessel_mask(1))
    rows = [{"id": attack, "reference": "ref.png", "candidate": "=HYPERLINK(1).gif",
             "fov": "", "fundus": ""} for attack in ATTACKS[:4]]
    rows.append({"id": "-2+3", "reference": "ref.png", "candidate": "=missing.png",
                 "fov": "", "fundus": ""})
    manifest = write_manifest(folder / "pairs.csv", rows)
    main(["--manifest", str(manifest), "--format", "csv", "--set", "t=1"])
    text, _ = capsys.readouterr()
    cells = _cells(text)
    assert not [cell for cell in cells if _runs(cell)]
    table = list(csv.DictReader(io.StringIO(text)))
    assert [row["id"] for row in table] == ["'" + attack for attack in ATTACKS[:4]] + ["'-2+3"]
    assert table[0]["candidate"].endswith("=HYPERLINK(1).gif") and table[-1]["error"]
    assert float(table[0]["dice"]) > 0 and table[0]["t"] == "1"
    main(["--manifest", str(manifest), "--format", "json", "--set", "t=1"])
    records = json.loads(capsys.readouterr()[0])["results"]
    assert [record["id"] for record in records] == [*ATTACKS[:4], "-2+3"]
    assert records[0]["candidate"].endswith("=HYPERLINK(1).gif")


def test_a_relative_candidate_path_is_quoted(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    save_mask(tmp_path / "ref.png", vessel_mask(0))
    save_mask(tmp_path / "=HYPERLINK(1).gif", vessel_mask(1))
    main(["--reference", "ref.png", "--candidate", "=HYPERLINK(1).gif", "--format", "csv"])
    row = next(csv.DictReader(io.StringIO(capsys.readouterr()[0])))
    assert row["candidate"] == "'=HYPERLINK(1).gif"
    main(["--reference", "ref.png", "--candidate", "=HYPERLINK(1).gif", "--format", "json"])
    assert json.loads(capsys.readouterr()[0])["results"][0]["candidate"] == "=HYPERLINK(1).gif"


def test_research_and_report_tables_quote_text_not_numbers():
    stream = io.StringIO()
    write_table([{"case": attack, "value": -0.5, "name": "-x"} for attack in ATTACKS], stream)
    cells = _cells(stream.getvalue())
    assert "'+SUM(1+1)" in cells and "-0.5" in cells and "'-x" in cells
    assert not [cell for cell in cells if _runs(cell)]
    stream = io.StringIO()
    write_text_table(["method", "=x"], [["@a", "-0.25"], [Bold("-b"), Bold("-0.5")]], stream,
                     "csv")
    assert _cells(stream.getvalue()) == ["method", "'=x", "'@a", "-0.25", "'-b", "-0.5"]


def test_grades_csv_quotes_notes_and_ids_and_reads_them_back(tmp_path):
    grading = GradingFile("=grader", grades={
        ItemKey("+1", "-m"): Grade(-2, "=HYPERLINK(\"http://x\")"),
        ItemKey("'=x", "@m"): Grade(3, "'quoted\r\nsecond line"),
    })
    path = tmp_path / "grades.csv"
    with open(path, "w", newline="", encoding="utf-8") as stream:
        write_grades_csv([grading], stream)
    with open(path, newline="", encoding="utf-8") as stream:
        cells = _cells(stream.read())
    assert not [cell for cell in cells if _runs(cell)]
    assert "-2" in cells and "''=x" in cells and "'quoted\r\nsecond line" in cells
    assert [(g.id, g.method, g.grader, g.score, g.notes) for g in read_grades(str(path))] == [
        ("'=x", "@m", "=grader", 3.0, "'quoted\r\nsecond line"),
        ("+1", "-m", "=grader", -2.0, "=HYPERLINK(\"http://x\")"),
    ]


def test_case_browser_table_quotes_ids_and_method_columns(tmp_path):
    table = MetricTable(("=1+1", "02"), ("-method",), ("dice",))
    table.set("=1+1", "-method", {"dice": 0.5})
    table.set("02", "-method", {"dice": -0.25})
    path = tmp_path / "table.csv"
    table.write_csv(path, SortOrder())
    assert list(csv.reader(path.open(newline=""))) == [
        ["case", "'-method:dice"], ["02", "-0.25"], ["'=1+1", "0.5"]]


def test_every_csv_writer_of_the_package_goes_through_the_one_helper():
    package = Path(vesselview.__file__).parent
    writers = [str(path.relative_to(package)) for path in package.rglob("*.py")
               if re.search(r"csv\.(writer|DictWriter)\(", path.read_text(encoding="utf-8"))]
    assert writers == ["io/csv_cells.py"]
