"""``vesselview-eval --dataset ROOT [--predictions NAME=DIR]... [--observer N]``."""

from __future__ import annotations

import csv
import io
import json
import os

import pytest
from PIL import Image

from tests.io.dataset_files import vessels, write_drive, write_stare
from vesselview.cli import runner
from vesselview.cli.main import main


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _predictions(folder, names_and_seeds) -> str:
    """A method's result maps: 0/255 PNGs named as a method would name them."""
    folder.mkdir()
    for name, seed in names_and_seeds:
        Image.fromarray(vessels(seed).astype("uint8") * 255).save(folder / name)
    return str(folder)


def test_drive_with_predictions_one_row_per_case_and_method(capsys, tmp_path):
    root = write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=())
    soares = _predictions(tmp_path / "soares", [("01_test-Soares.png", 1),
                                                ("02_test-Soares.png", 3)])
    code, out, err = _run(capsys, "--dataset", str(root), "--predictions", f"Soares={soares}",
                          "--format", "csv", "--workers", "1")
    assert (code, err) == (0, "")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(row["id"], row["method"]) for row in rows] == [
        ("01", "Soares"), ("01", "observer2"), ("02", "Soares"), ("02", "observer2")]
    assert {row["observer"] for row in rows} == {"1"}
    assert {row["fov_source"] for row in rows} == {"file"}
    assert rows[0]["reference"].endswith("1st_manual/01_manual1.gif")
    assert rows[0]["candidate"].endswith("01_test-Soares.png")
    assert rows[0]["fov"].endswith("mask/01_test_mask.gif")
    assert rows[1]["candidate"].endswith("2nd_manual/01_manual2.gif")
    # the prediction of case 01 is the first observer's own vessels: a perfect score
    assert float(rows[0]["dice"]) == 1.0 and float(rows[2]["dice"]) < 1.0
    assert all(row["error"] == "" for row in rows)


def test_second_observer_as_reference(capsys, tmp_path):
    root = write_drive(tmp_path / "DRIVE", test_ids=(1,), training_ids=(21,))
    code, out, err = _run(capsys, "--dataset", str(root), "--observer", "2", "--workers", "1")
    results = json.loads(out)["results"]
    assert code == 0
    assert [(r["id"], r["method"], r["observer"]) for r in results] == [("01", "observer1", 2)]
    assert results[0]["reference"].endswith("2nd_manual/01_manual2.gif")
    assert "warning:" in err and "case 21 left out: no reference of observer 2" in err


def test_a_dataset_without_fov_estimates_it_and_says_so(capsys, tmp_path):
    root = write_stare(tmp_path / "STARE", ids=(1, 2))
    code, out, err = _run(capsys, "--dataset", str(root), "--workers", "1")
    results = json.loads(out)["results"]
    assert (code, err) == (0, "")
    assert [(r["id"], r["method"]) for r in results] == [("im0001", "observer2"),
                                                         ("im0002", "observer2")]
    assert {r["fov_source"] for r in results} == {"estimated"}
    assert results[0]["fov"].startswith("estimated from ") and "im0001.ppm" in results[0]["fov"]


def test_unmatched_ambiguous_and_missing_predictions_are_reported(capsys, tmp_path):
    root = write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=())
    unet = _predictions(tmp_path / "unet", [("01.png", 1), ("01_test.png", 1),
                                            ("holiday.png", 2)])
    code, out, err = _run(capsys, "--dataset", str(root), "--predictions", f"unet={unet}",
                          "--workers", "1")
    results = json.loads(out)["results"]
    assert code == 2
    lines = err.splitlines()
    assert any("warning: unet:" in line and "holiday.png left out" in line for line in lines)
    assert sum("01.png" in line or "01_test.png" in line for line in lines) == 2
    failed = {(r["id"], r["method"]): r["error"] for r in results if r["error"]}
    assert set(failed) == {("01", "unet"), ("02", "unet")}
    assert failed["02", "unet"] == "id '02', method 'unet': no file of method 'unet' matches " \
                                   "this case"
    assert any(line.endswith(failed["02", "unet"]) for line in lines)
    assert [r["error"] for r in results if r["method"] == "observer2"] == [None, None]


def test_nothing_to_evaluate_says_what_to_give(capsys, tmp_path):
    root = write_drive(tmp_path / "DRIVE", test_ids=(), training_ids=(21,))
    code, _out, err = _run(capsys, "--dataset", str(root))
    assert code == 2 and "--predictions NAME=DIR" in err


def test_output_onto_a_dataset_file_is_refused(capsys, tmp_path):
    root = write_drive(tmp_path / "DRIVE", test_ids=(1,), training_ids=())
    manual = root / "test" / "1st_manual" / "01_manual1.gif"
    before = manual.read_bytes()
    code, out, err = _run(capsys, "--dataset", str(root), "--output", str(manual))
    assert (code, out) == (2, "") and "is the input file" in err
    assert manual.read_bytes() == before


@pytest.mark.parametrize("target", [
    "DRIVE/training/1st_manual/21_manual1.gif",  # a split the test predictions leave out
    "soares/99_test-Soares.png",  # a result map reported as "left out"
    "soares/metrics.csv",  # a new file inside a predictions folder
    "DRIVE/metrics.csv",
])
def test_output_inside_a_named_folder_is_refused_before_work(capsys, tmp_path, monkeypatch,
                                                             target):
    monkeypatch.setattr(runner, "evaluate_pair", _no_evaluation)
    root = write_drive(tmp_path / "DRIVE", test_ids=(1,), training_ids=(21,))
    soares = _predictions(tmp_path / "soares", [("01_test-Soares.png", 1),
                                                ("99_test-Soares.png", 2)])
    output = tmp_path / target
    before = output.read_bytes() if output.exists() else None
    code, out, err = _run(capsys, "--dataset", str(root), "--predictions", f"Soares={soares}",
                          "--output", str(output), "--workers", "1")
    assert (code, out) == (2, "")
    what = "the dataset folder" if target.startswith("DRIVE") else (
        "the predictions folder of Soares")
    folder = root if target.startswith("DRIVE") else soares
    assert f"output {output}: is inside {what} {folder}, which this run reads" in err
    assert (output.read_bytes() if output.exists() else None) == before


def _no_evaluation(*args, **kwargs):
    raise AssertionError("an evaluation ran although the output was refused")


def test_fov_auto_in_a_manifest_and_for_one_pair(capsys, tmp_path):
    root = write_stare(tmp_path / "STARE", ids=(1,))
    reference = root / "labels-ah" / "im0001.ah.ppm.gz"
    candidate = root / "labels-vk" / "im0001.vk.ppm.gz"
    fundus = root / "stare-images" / "im0001.ppm.gz"
    manifest = tmp_path / "m.csv"
    manifest.write_text(f"id,reference,candidate,fov,fundus\nim1,{reference},{candidate},auto,"
                        f"{fundus}\n")
    code, out, err = _run(capsys, "--manifest", str(manifest))
    (row,) = json.loads(out)["results"]
    assert (code, err, row["fov_source"]) == (0, "", "estimated")
    code, out, err = _run(capsys, "--reference", str(reference), "--candidate", str(candidate),
                          "--fov", "auto", "--fundus", str(fundus))
    (single,) = json.loads(out)["results"]
    assert (code, err, single["fov_source"]) == (0, "", "estimated")
    assert single["metrics"] == row["metrics"]


def test_a_split_without_any_result_of_a_method_is_left_out_with_a_note(capsys, tmp_path):
    root = write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=(21, 22))
    soares = _predictions(tmp_path / "soares", [("01_test-Soares.png", 1),
                                                ("02_test-Soares.png", 3)])
    code, out, err = _run(capsys, "--dataset", str(root), "--predictions", f"Soares={soares}",
                          "--format", "csv", "--workers", "1")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0
    assert {(row["id"], row["method"]) for row in rows if row["method"] == "Soares"} == {
        ("01", "Soares"), ("02", "Soares")}
    assert "warning: Soares: no result for split 'training' (2 cases): not evaluated there" in err


def test_a_missing_result_inside_a_covered_split_is_a_failed_row(capsys, tmp_path):
    root = write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=(21,))
    soares = _predictions(tmp_path / "soares", [("01_test-Soares.png", 1)])
    code, out, _ = _run(capsys, "--dataset", str(root), "--predictions", f"Soares={soares}",
                        "--format", "csv", "--workers", "1")
    rows = {(row["id"], row["method"]): row for row in csv.DictReader(io.StringIO(out))}
    assert code == 2
    assert "no file of method 'Soares' matches this case" in rows[("02", "Soares")]["error"]
    assert ("21", "Soares") not in rows


def test_a_failed_row_of_a_dataset_without_fov_says_it_would_be_estimated(capsys, tmp_path):
    root = write_stare(tmp_path / "STARE", ids=(1,))
    preds = tmp_path / "preds"
    preds.mkdir()
    (preds / "im0001.png").write_bytes(b"\x89PNG broken")
    code, out, _ = _run(capsys, "--dataset", str(root), "--predictions", f"m={preds}",
                        "--format", "csv", "--workers", "1")
    rows = {row["method"]: row for row in csv.DictReader(io.StringIO(out))}
    assert code == 2 and rows["m"]["error"]
    assert rows["m"]["fov_source"] == rows["observer2"]["fov_source"] == "estimated"


def test_an_unlistable_dataset_folder_stops_the_run_naming_it(capsys, tmp_path, monkeypatch):
    root = write_drive(tmp_path / "DRIVE", test_ids=(1,), training_ids=())
    real_scandir = os.scandir

    def scandir(path="."):
        if os.path.basename(os.fspath(path)) == "2nd_manual":  # root can list 0o000 folders
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    code, out, err = _run(capsys, "--dataset", str(root), "--workers", "1")
    assert (code, out) == (2, "")
    assert f"{root / 'test' / '2nd_manual'}: this folder of the dataset cannot be listed" in err


def test_a_prediction_that_is_no_image_file_is_named_with_what_is_wrong(capsys, tmp_path):
    root = write_drive(tmp_path / "DRIVE", test_ids=(1, 2, 3, 4, 5), training_ids=())
    soares = tmp_path / "soares"
    _predictions(soares, [("01_test-Soares.png", 1)])
    os.mkfifo(soares / "02_test-Soares.png")  # would block whoever opens it
    (soares / "03_test-Soares.png").mkdir()
    (soares / "04_test-Soares.png").symlink_to(soares / "04_test-Soares.png")
    (soares / "05_test-Soares.png").symlink_to(soares / "gone.png")
    code, out, err = _run(capsys, "--dataset", str(root), "--predictions", f"Soares={soares}",
                          "--format", "csv", "--workers", "1")
    assert code == 2
    errors = {row["id"]: row["error"] for row in csv.DictReader(io.StringIO(out))
              if row["method"] == "Soares"}
    assert errors["01"] == ""
    expected = {
        "02": "02_test-Soares.png: is not a regular file (a pipe, device or socket)",
        "03": "03_test-Soares.png: is a folder, not an image file",
        "04": "04_test-Soares.png: is a symbolic link that leads back to itself (a loop)",
        "05": f"05_test-Soares.png: is a symbolic link to {soares / 'gone.png'}, which does "
              "not exist",
    }
    for case_id, message in expected.items():
        assert message in errors[case_id] and message in err
    assert "matches this case" not in out + err
