"""``--set``/``--sweep`` lengths in µm and % FOV: rows record the pixels used, each length as
given and the distances in µm."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.mask_files import save_mask, vessel_mask
from vesselview.cli.main import main
from vesselview.engine.params import LENGTH_KEYS
from vesselview.engine.physical import NO_SPACING_REASON


def _pair(tmp_path) -> list[str]:
    reference = save_mask(tmp_path / "ref.png", vessel_mask(0))
    candidate = save_mask(tmp_path / "cand.png", vessel_mask(3))
    return ["--reference", str(reference), "--candidate", str(candidate), "--workers", "1"]


def test_micrometres_become_pixels_and_rows_say_how(capsys, tmp_path) -> None:
    code = main([*_pair(tmp_path), "--spacing", "10", "--set", "t=30um",
                 "--set", "nsd_tau=5%fov"])
    (result,) = json.loads(capsys.readouterr().out)["results"]
    assert code == 0 and result["error"] is None
    assert result["params"]["t"] == 3 and result["params"]["nsd_tau"] == 1.0  # D = 20 px
    assert result["lengths"]["t"] == "30um" and result["lengths"]["nsd_tau"] == "5%fov"
    assert result["lengths"]["cal_alpha"] == "2px" and list(result["lengths"]) == list(LENGTH_KEYS)
    metrics, in_um = result["metrics"], result["metrics_um"]
    assert in_um["hausdorff_um"] == pytest.approx(metrics["hausdorff"] * 10)
    assert in_um["mse_um2"] == pytest.approx(metrics["mse"] * 100)


def test_same_physical_length_and_pixels_give_the_same_numbers(capsys, tmp_path) -> None:
    main([*_pair(tmp_path), "--spacing", "10", "--set", "t=30um"])
    physical = json.loads(capsys.readouterr().out)["results"][0]
    main([*_pair(tmp_path), "--spacing", "10", "--set", "t=3"])
    pixels = json.loads(capsys.readouterr().out)["results"][0]
    assert physical["metrics"] == pixels["metrics"] and physical["params"] == pixels["params"]


def test_without_a_spacing_distances_in_um_are_null_with_the_reason(capsys, tmp_path) -> None:
    code = main([*_pair(tmp_path)])
    (result,) = json.loads(capsys.readouterr().out)["results"]
    assert code == 0
    assert set(result["metrics_um"].values()) == {None}
    assert all(result["undefined"][key] == NO_SPACING_REASON for key in result["metrics_um"])


def test_micrometres_without_a_spacing_fail_the_pair_naming_the_fix(capsys, tmp_path) -> None:
    code = main([*_pair(tmp_path), "--set", "t=30um", "--format", "csv"])
    out, err = capsys.readouterr()
    (row,) = list(csv.DictReader(io.StringIO(out)))
    assert code != 0 and "t = 30um needs the pixel spacing" in err
    assert "t = 30um needs the pixel spacing" in row["error"] and "--spacing" in row["error"]
    assert row["t"] == "30um" and row["lengths"].startswith("t=30um cal_alpha=2px")


def test_a_sweep_in_micrometres_gives_one_row_per_length(capsys, tmp_path) -> None:
    code = main([*_pair(tmp_path), "--spacing", "10", "--sweep", "t=10um:30um:10um",
                 "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    evaluated = [row for row in rows if not row["id"].startswith("summary:")]
    assert code == 0
    assert [row["t"] for row in evaluated] == ["1", "2", "3"]
    assert [row["lengths"].split()[0] for row in evaluated] == ["t=10um", "t=20um", "t=30um"]
    assert float(evaluated[0]["hausdorff_um"]) == pytest.approx(
        float(evaluated[0]["hausdorff"]) * 10)
