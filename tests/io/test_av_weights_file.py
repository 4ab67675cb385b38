"""Reading the A/V weight table (``--av-weights FILE``): JSON and CSV, each check naming
the file and the fix."""

from __future__ import annotations

import json

import pytest

from vesselview.errors import InputError
from vesselview.io.av_weights_file import read_av_weights

TABLE = {"background": {"background": 0, "artery": 1, "vein": 1},
         "artery": {"background": 1, "artery": 0, "vein": 2},
         "vein": {"background": 1, "artery": 2, "vein": 0}}
CSV = "reference,background,artery,vein\nbackground,0,1,1\nartery,1,0,2\nvein,1,2,0\n"


def test_json_and_csv_give_the_same_table_in_any_order(tmp_path):
    shuffled = {row: dict(reversed(list(TABLE[row].items()))) for row in reversed(TABLE)}
    (tmp_path / "w.json").write_text(json.dumps(shuffled))
    reordered = ("class,vein,background,artery\nvein,0,1,2\nartery,2,1,0\n"
                 "background,1,0,1\n")
    (tmp_path / "w.csv").write_text(reordered)
    (tmp_path / "plain.CSV").write_text("\ufeff" + CSV.replace(",", " , "))
    expected = "0,1,1;1,0,2;1,2,0"
    assert read_av_weights(tmp_path / "w.json") == expected
    assert read_av_weights(tmp_path / "w.csv") == expected
    assert read_av_weights(tmp_path / "plain.CSV") == expected


@pytest.mark.parametrize(("name", "content", "problem"), [
    ("w.txt", CSV, "must be a .json or .csv file"),
    ("w.json", "[[0, 1, 1]]", "must be an object of objects"),
    ("w.json", json.dumps({**TABLE, "crossing": TABLE["vein"]}),
     "name each of background, artery, vein once"),
    ("w.json", json.dumps({**TABLE, "vein": {"background": 1, "artery": 2}}),
     "names the columns 'background', 'artery'"),
    ("w.json", json.dumps({**TABLE, "vein": {**TABLE["vein"], "vein": True}}),
     "not a number"),
    ("w.json", json.dumps({**TABLE, "vein": {**TABLE["vein"], "vein": -1}}),
     "'-1' is not a finite number >= 0"),
    ("w.json", "{", "is not a JSON A/V weight table"),
    ("w.csv", CSV.replace("artery,1,0,2", "arteries,1,0,2"), "names the rows (first cells)"),
    ("w.csv", CSV.replace(",vein\n", ",veins\n", 1), "names the columns (the header)"),
    ("w.csv", CSV.replace("1,2,0", "1,2"), "a header and 3 rows of 4 cells"),
    ("w.csv", CSV.replace("1,2,0", "1,2,inf"), "'inf' is not a finite number >= 0"),
    ("w.csv", "reference,background,artery,vein\n" + "x,0,0,0\n" * 3, "names the rows"),
])
def test_a_bad_table_is_one_error_naming_the_file_and_the_fix(tmp_path, name, content,
                                                               problem):
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(InputError) as error:
        read_av_weights(path)
    assert str(path) in str(error.value) and problem in str(error.value)
    assert error.value.source == str(path)


def test_a_table_of_zeros_is_refused(tmp_path):
    path = tmp_path / "zeros.csv"
    path.write_text("reference,background,artery,vein\n" + "".join(
        f"{name},0,0,0\n" for name in ("background", "artery", "vein")))
    with pytest.raises(InputError, match="every weight is 0"):
        read_av_weights(path)


def test_the_api_reads_a_table_into_the_parameter(tmp_path):
    import vesselview as vv

    (tmp_path / "w.csv").write_text(CSV)
    assert vv.Params(av_weights=vv.read_av_weights(tmp_path / "w.csv")).av_weights == (
        "0,1,1;1,0,2;1,2,0")


def test_a_folder_or_a_missing_file_is_named(tmp_path):
    (tmp_path / "dir.csv").mkdir()
    with pytest.raises(InputError, match="is a folder"):
        read_av_weights(tmp_path / "dir.csv")
    with pytest.raises(InputError, match="cannot read the A/V weight table"):
        read_av_weights(tmp_path / "missing.json")
