"""``vesselview-eval --dataset``: missing or unreadable FOV masks, ``--fov estimate``, and
the flags of empty predictions."""

from __future__ import annotations

import csv
import io
import json
import os

import numpy as np
import pytest
from PIL import Image

from tests.io.dataset_files import HEIGHT, WIDTH, vessels, write_drive, write_hrf
from vesselview.cli.arguments import ESTIMATE_FOV, UsageError, parse_arguments
from vesselview.cli.main import main
from vesselview.io.loader import AUTO_FOV


def _rows(capsys, *argv: str) -> tuple[int, dict[str, dict[str, str]], str]:
    code = main([*argv, "--format", "csv", "--workers", "1"])
    out, err = capsys.readouterr()
    return code, {row["id"]: row for row in csv.DictReader(io.StringIO(out))}, err


def test_a_missing_fov_mask_fails_its_case_naming_the_file_and_the_fix(capsys, tmp_path):
    root = write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=())
    (root / "test/mask/01_test_mask.gif").unlink()
    code, rows, err = _rows(capsys, "--dataset", str(root))
    assert code == 2
    assert rows["02"]["error"] == "" and rows["02"]["fov_source"] == "file"
    expected = root / "test/mask/01_test_mask.gif"
    assert rows["01"]["error"] == (
        f"id '01', method 'observer2': its field-of-view mask {expected} is missing, though "
        "DRIVE ships one for every case; restore the file, or estimate it from the fundus "
        "photograph with --fov estimate (API: open_dataset(..., estimate_fov=True))")
    assert rows["01"]["dice"] == ""
    assert "not evaluated: 01" in err and f"error: {rows['01']['error']}" in err


def test_fov_estimate_estimates_the_missing_one_and_records_it(capsys, tmp_path):
    root = write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=())
    (root / "test/mask/01_test_mask.gif").unlink()
    code, rows, err = _rows(capsys, "--dataset", str(root), "--fov", "estimate")
    assert code == 0 and rows["01"]["error"] == rows["02"]["error"] == ""
    assert (rows["01"]["fov_source"], rows["02"]["fov_source"]) == ("estimated", "file")
    assert rows["01"]["fov"] == f"estimated from {root / 'test/images/01_test.tif'}"
    assert "estimated from the fundus photograph as asked (fov_source 'estimated'): 01" in err


def test_an_unreadable_fov_mask_fails_its_case_or_is_estimated_when_asked(capsys, tmp_path):
    root = write_hrf(tmp_path / "HRF")
    mask = root / "mask/01_dr_mask.tif"
    mask.write_bytes(b"this is not an image")
    predictions = tmp_path / "net"
    predictions.mkdir()
    for name in ("01_h", "01_dr"):
        os.link(root / "manual1" / f"{name}.tif", predictions / f"{name}.tif")
    code, rows, err = _rows(capsys, "--dataset", str(root), "--predictions",
                            f"net={predictions}")
    assert code == 2 and rows["01_h"]["error"] == ""
    assert rows["01_dr"]["error"].startswith(f"id '01_dr', method 'net': {mask}: ")
    code, rows, err = _rows(capsys, "--dataset", str(root), "--predictions",
                            f"net={predictions}", "--fov", "estimate")
    assert code == 0 and rows["01_dr"]["error"] == ""
    assert (rows["01_dr"]["fov_source"], rows["01_h"]["fov_source"]) == ("estimated", "file")
    assert f"warning: {mask}: " in err and "so its field of view was estimated" in err


def test_fov_options_of_a_dataset_and_of_one_pair():
    assert ESTIMATE_FOV[1] == AUTO_FOV
    dataset = parse_arguments(["--dataset", "d", "--fov", "estimate"])
    assert (dataset.fov, dataset.estimate_fov) == (None, True)
    assert parse_arguments(["--dataset", "d", "--fov", "auto"]).estimate_fov
    assert not parse_arguments(["--dataset", "d"]).estimate_fov
    one = parse_arguments(["--reference", "r", "--candidate", "c", "--fov", "estimate"])
    assert (one.fov, one.estimate_fov) == (AUTO_FOV, False)
    kept = parse_arguments(["--reference", "r", "--candidate", "c", "--fov", "mask.gif"])
    assert kept.fov == "mask.gif"
    with pytest.raises(UsageError, match=r"--fov mask.gif with --dataset: .*only 'estimate'"):
        parse_arguments(["--dataset", "d", "--fov", "mask.gif"])
    with pytest.raises(UsageError, match="--fov go with one pair"):
        parse_arguments(["--manifest", "m.csv", "--fov", "estimate"])


def test_empty_and_nearly_empty_predictions_are_flagged_and_summed_up(capsys, tmp_path):
    root = write_drive(tmp_path / "DRIVE", test_ids=(1, 2, 3), training_ids=())
    predictions = tmp_path / "net"
    predictions.mkdir()
    black = np.zeros((HEIGHT, WIDTH), np.uint8)  # an all-black result map
    Image.fromarray(black).save(predictions / "01_test.png")
    one_pixel = black.copy()
    one_pixel[10, 12] = 255  # 1 of the FOV's ~280 pixels: below 0.5 %
    Image.fromarray(one_pixel).save(predictions / "02_test.png")
    Image.fromarray(vessels(3).astype(np.uint8) * 255).save(predictions / "03_test.png")
    code = main(["--dataset", str(root), "--predictions", f"net={predictions}",
                 "--workers", "1"])
    out, err = capsys.readouterr()
    rows = {(row["id"], row["method"]): row for row in json.loads(out)["results"]}
    assert code == 0
    assert rows[("01", "net")]["flags"] == "empty_candidate"
    assert rows[("01", "net")]["metrics"]["se"] == 0.0
    assert rows[("01", "net")]["metrics"]["hausdorff"] is None
    assert rows[("01", "net")]["undefined"]["hausdorff"].startswith("+inf: one mask is empty")
    assert rows[("02", "net")]["flags"] == "nearly_empty_candidate"
    assert rows[("03", "net")]["flags"] is None and rows[("01", "observer2")]["flags"] is None
    assert err.rstrip().splitlines()[-1] == (
        "vesselview-eval: warning: 2 predictions are empty or nearly empty (less than 0.5 % "
        "of the field of view marked; flags column): 01 (net), 02 (net); their Se is near 0 "
        "and their distances may be infinite: check these files")
    code = main(["--dataset", str(root), "--predictions", f"net={predictions}",
                 "--workers", "1", "--format", "csv"])
    out, _ = capsys.readouterr()
    cells = {row["id"] + row["method"]: row["flags"] for row in csv.DictReader(io.StringIO(out))}
    assert cells == {"01net": "empty_candidate", "01observer2": "",
                     "02net": "nearly_empty_candidate", "02observer2": "",
                     "03net": "", "03observer2": ""}
