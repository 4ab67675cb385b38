"""The CLI's rows name the threshold that produced their numbers, and its summaries keep one
group per parameter set of the run (a threshold sweep over binary and soft candidates).
"""

from __future__ import annotations

import json

import numpy as np
from PIL import Image

from tests.jpeg_results import LOW_THRESHOLD, cli_records, write_jpeg_case
from tests.mask_files import save_mask, vessel_mask
from vesselview.cli.main import main as cli_main
from vesselview.io import load_case
from vesselview.io.summary import summarise


def write_mixed_manifest(folder):
    """Two binary PNG candidates and one probability map, against one reference."""
    save_mask(folder / "ref.png", vessel_mask(0))
    save_mask(folder / "a.png", vessel_mask(1))
    save_mask(folder / "b.png", vessel_mask(2))
    ramp = np.linspace(0, 255, vessel_mask(0).size).reshape(vessel_mask(0).shape)
    Image.fromarray(np.where(vessel_mask(1), ramp, 0).astype(np.uint8)).save(folder / "s.png")
    manifest = folder / "pairs.csv"
    manifest.write_text("id,reference,candidate\na,ref.png,a.png\nb,ref.png,b.png\n"
                        "s,ref.png,s.png\n")
    return manifest


def test_a_threshold_sweep_keeps_one_summary_group_per_value(tmp_path, capsys):
    manifest = write_mixed_manifest(tmp_path)
    assert cli_main(["--manifest", str(manifest), "--sweep", "threshold=0.3,0.7",
                     "--format", "json", "--workers", "1"]) == 0
    document = json.loads(capsys.readouterr().out)
    thresholds = [(row["id"], row["params"]["threshold"]) for row in document["results"]]
    # the binary candidates were read at 0.5, the sweep moved the probability map only
    assert thresholds == [("a", 0.5), ("a", 0.5), ("b", 0.5), ("b", 0.5), ("s", 0.3),
                          ("s", 0.7)]
    groups = document["summary"]
    assert [(group["params"]["threshold"], group["n"]) for group in groups] == [(0.3, 3),
                                                                               (0.7, 3)]
    rows = document["results"]
    for index, group in enumerate(groups):
        members = [rows[index], rows[2 + index], rows[4 + index]]
        assert group["mean"]["dice"] == np.mean([row["metrics"]["dice"] for row in members])


def test_summary_params_agree_with_their_members_when_they_all_agree(tmp_path, capsys):
    manifest = write_mixed_manifest(tmp_path)
    manifest.write_text("id,reference,candidate\na,ref.png,a.png\nb,ref.png,b.png\n")
    assert cli_main(["--manifest", str(manifest), "--sweep", "t=1,3", "--format", "json",
                     "--workers", "1"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [(g["params"]["t"], g["params"]["threshold"], g["n"])
            for g in document["summary"]] == [(1, 0.5, 2), (3, 0.5, 2)]
    assert summarise(document["results"]) == document["summary"]  # as grouped by params


def test_set_threshold_reads_a_jpeg_at_it_and_says_so(tmp_path):
    files = write_jpeg_case(tmp_path)
    [record] = cli_records(tmp_path / "out.json", "--reference", str(files["reference"]),
                           "--candidate", str(files["jpeg"]), "--set",
                           f"threshold={LOW_THRESHOLD}")
    assert record["params"]["threshold"] == LOW_THRESHOLD
    case = load_case(files["reference"], files["jpeg"], threshold=LOW_THRESHOLD)
    vessel = np.count_nonzero(case.candidate)
    assert record["metrics"]["precision"] == np.count_nonzero(case.candidate & case.reference
                                                              ) / vessel
