"""``--spacing UM``, the manifest's ``spacing_um`` column and a dataset's derived spacing:
every output row records ``spacing_um``, ``spacing_source`` and ``fov_diameter_px``."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.io.dataset_files import field_of_view, write_drive
from tests.mask_files import save_mask, vessel_mask
from vesselview.cli.main import main


def _rows(capsys, *argv: str) -> tuple[int, list[dict[str, str]], str]:
    code = main([*argv, "--format", "csv", "--workers", "1"])
    out, err = capsys.readouterr()
    return code, list(csv.DictReader(io.StringIO(out))), err


def _pair(tmp_path) -> list[str]:
    reference = save_mask(tmp_path / "ref.png", vessel_mask(0))
    candidate = save_mask(tmp_path / "cand.png", vessel_mask(1))
    return ["--reference", str(reference), "--candidate", str(candidate)]


def test_one_pair_records_the_given_spacing(capsys, tmp_path) -> None:
    code, rows, err = _rows(capsys, *_pair(tmp_path), "--spacing", "6.9")
    assert (code, err) == (0, "")
    (row,) = rows
    assert (row["spacing_um"], row["spacing_source"], row["fov_diameter_px"]) == (
        "6.9", "given", "20")  # no FOV: the whole 16 x 20 image


def test_without_a_spacing_the_row_says_it_is_unknown(capsys, tmp_path) -> None:
    code = main([*_pair(tmp_path), "--workers", "1"])
    (result,) = json.loads(capsys.readouterr().out)["results"]
    assert code == 0
    assert (result["spacing_um"], result["spacing_source"], result["fov_diameter_px"]) == (
        None, None, 20)


@pytest.mark.parametrize("value", ["0", "-6.9", "nan", "inf", "abc"])
def test_a_bad_spacing_flag_is_a_usage_error(capsys, tmp_path, value) -> None:
    code = main([*_pair(tmp_path), f"--spacing={value}"])
    err = capsys.readouterr().err
    assert code == 2
    assert f"--spacing: spacing {value!r} is not a pixel spacing; write a positive finite " \
           "number of µm per pixel" in err


def test_manifest_cells_win_over_the_flag_and_a_bad_cell_fails_its_row(capsys,
                                                                      tmp_path) -> None:
    save_mask(tmp_path / "ref.png", vessel_mask(0))
    save_mask(tmp_path / "cand.png", vessel_mask(1))
    manifest = tmp_path / "pairs.csv"
    manifest.write_text("id,reference,candidate,spacing_um\na,ref.png,cand.png,12\n"
                        "b,ref.png,cand.png,\nc,ref.png,cand.png,0\n")
    code, rows, err = _rows(capsys, "--manifest", str(manifest), "--spacing", "5")
    assert code == 2
    by_id = {row["id"]: row for row in rows}
    assert (by_id["a"]["spacing_um"], by_id["a"]["spacing_source"]) == ("12.0", "manifest")
    assert (by_id["b"]["spacing_um"], by_id["b"]["spacing_source"]) == ("5.0", "given")
    assert by_id["c"]["error"] == (f"{manifest} line 4, id 'c': spacing_um '0' is not a "
                                   "pixel spacing; write a positive finite number of µm per "
                                   "pixel such as 6.9, or leave the cell empty (the spacing "
                                   "is then unknown and lengths stay in pixels)")
    assert by_id["c"]["error"] in err


def test_a_drive_run_derives_each_cases_spacing_from_the_45_degree_field(capsys,
                                                                        tmp_path) -> None:
    root = write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=())
    code, rows, _ = _rows(capsys, "--dataset", str(root))
    diameter = int(field_of_view().sum(axis=1).max())
    assert code == 0 and len(rows) == 2
    for row in rows:
        assert row["spacing_source"] == "fov_degrees:DRIVE"
        assert float(row["spacing_um"]) == pytest.approx(45 * 288 / diameter)
        assert row["fov_diameter_px"] == str(diameter)
    code, rows, _ = _rows(capsys, "--dataset", str(root), "--spacing", "6.9")
    assert {(row["spacing_um"], row["spacing_source"]) for row in rows} == {("6.9", "given")}
