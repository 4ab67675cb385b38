"""``--av-weights FILE``: the weighted A/V error in every row, the table recorded with it,
and a bad table stopping the run before any work."""

from __future__ import annotations

import csv
import io
import json

import numpy as np

from tests.io.av_files import av_labels, save_av
from vesselview.cli.main import main

WEIGHTS = "reference,background,artery,vein\nbackground,0,1,1\nartery,1,0,4\nvein,1,4,0\n"


def _pair(tmp_path) -> list[str]:
    reference = av_labels(1)
    candidate = reference.copy()
    candidate[reference == 1] = 2  # every artery pixel called vein
    ref = save_av(tmp_path / "ref.png", reference)
    cand = save_av(tmp_path / "pred.png", candidate)
    return ["--reference", str(ref), "--candidate", str(cand), "--classes", "av"]


def _expected_error(reference: np.ndarray) -> float:
    """4 for every artery pixel (called vein) over the pixels both give a plain class
    (crossing and uncertain pixels left out)."""
    plain = np.isin(reference, (0, 1, 2))
    return 4 * np.count_nonzero(reference == 1) / np.count_nonzero(plain)


def test_each_row_has_the_weighted_error_and_records_the_table(capsys, tmp_path):
    table = tmp_path / "weights.csv"
    table.write_text(WEIGHTS)
    code = main([*_pair(tmp_path), "--av-weights", str(table), "--format", "csv"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    row = next(csv.DictReader(io.StringIO(out)))
    assert float(row["av_weighted_error"]) == _expected_error(av_labels(1))
    assert row["av_weights"] == "0,1,1;1,0,4;1,4,0"


def test_without_the_flag_the_value_is_null_with_the_reason(capsys, tmp_path):
    assert main(_pair(tmp_path)) == 0
    record = json.loads(capsys.readouterr().out)["results"][0]
    assert record["metrics"]["av_weighted_error"] is None
    assert "--av-weights" in record["undefined"]["av_weighted_error"]


def test_a_bad_table_stops_the_run_naming_the_file(capsys, tmp_path):
    table = tmp_path / "weights.csv"
    table.write_text(WEIGHTS.replace("vein,1,4,0", "veins,1,4,0"))
    code = main([*_pair(tmp_path), "--av-weights", str(table)])
    out, err = capsys.readouterr()
    assert code != 0 and out == ""
    assert str(table) in err and "name each of background, artery, vein once" in err


def test_the_table_is_given_once(capsys, tmp_path):
    table = tmp_path / "weights.csv"
    table.write_text(WEIGHTS)
    code = main([*_pair(tmp_path), "--av-weights", str(table),
                 "--set", "av_weights=0,1,1;1,0,1;1,1,0"])
    assert code != 0 and "--av-weights FILE or --set av_weights" in capsys.readouterr().err
