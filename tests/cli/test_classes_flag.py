"""``--classes av|MAPPING.json``: label maps in the CLI, one pair, a manifest or a dataset."""

from __future__ import annotations

import csv
import io

import numpy as np
from PIL import Image

from tests.io import av_files
from tests.io.av_files import av_labels, save_av
from tests.mask_files import write_manifest
from vesselview.cli.main import main


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _rows(out: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(out)))


def test_one_av_pair_is_scored_on_its_vessels(capsys, tmp_path):
    reference = save_av(tmp_path / "ref.png", av_labels(1))
    candidate = save_av(tmp_path / "pred.png", av_labels(1))
    code, out, err = _run(capsys, "--reference", str(reference), "--candidate",
                          str(candidate), "--classes", "av", "--format", "csv")
    assert (code, err) == (0, "")
    assert float(_rows(out)[0]["dice"]) == 1.0


def test_without_classes_an_av_pair_fails_pointing_at_the_flag(capsys, tmp_path):
    reference = save_av(tmp_path / "ref.png", av_labels(1))
    code, _, err = _run(capsys, "--reference", str(reference), "--candidate",
                        str(reference), "--format", "csv")
    assert code != 0 and "--classes av" in err and str(reference) in err


def test_a_manifest_row_with_an_unknown_colour_fails_alone(capsys, tmp_path):
    save_av(tmp_path / "good.png", av_labels(1))
    rgb = av_files.av_rgb(av_labels(2))
    rgb[5, 6] = (255, 0, 255)
    bad = tmp_path / "bad.png"
    Image.fromarray(rgb).save(bad)
    manifest = write_manifest(tmp_path / "pairs.csv", [
        {"id": "a", "reference": "good.png", "candidate": "good.png"},
        {"id": "b", "reference": "bad.png", "candidate": "good.png"}])
    code, out, err = _run(capsys, "--manifest", str(manifest), "--classes", "av",
                          "--format", "csv", "--workers", "1")
    rows = _rows(out)
    assert code != 0 and [row["error"] == "" for row in rows] == [True, False]
    assert "line 3" in err and "id 'b'" in err
    assert "#ff00ff in 1 pixels (the first at row 5, column 6)" in err


def test_a_bad_mapping_file_stops_before_any_work(capsys, tmp_path):
    mapping = tmp_path / "classes.json"
    mapping.write_text('{"colours": {"#ff0000": 3}}')
    reference = save_av(tmp_path / "ref.png", av_labels(1))
    code, out, err = _run(capsys, "--reference", str(reference), "--candidate",
                          str(reference), "--classes", str(mapping))
    assert code != 0 and out == ""
    assert str(mapping) in err and "must name a class" in err


def test_a_rite_dataset_sets_av_itself(capsys, tmp_path):
    root = av_files.write_rite(tmp_path / "RITE", test_ids=(1, 2), training_ids=())
    folder = tmp_path / "unet"
    folder.mkdir()
    save_av(folder / "01_test.png", av_labels(1))
    Image.fromarray((av_labels(3) > 0).astype(np.uint8) * 255).save(folder / "02_test.png")
    code, out, err = _run(capsys, "--dataset", str(root), "--predictions", f"unet={folder}",
                          "--format", "csv", "--workers", "1")
    assert (code, err) == (0, "")
    rows = _rows(out)
    assert [(row["id"], row["method"]) for row in rows] == [("01", "unet"), ("02", "unet")]
    assert float(rows[0]["dice"]) == 1.0 and float(rows[1]["dice"]) < 1.0
    assert {row["fov_source"] for row in rows} == {"estimated"}
