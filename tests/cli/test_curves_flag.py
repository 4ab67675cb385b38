"""``vesselview-eval --curves`` on a probability map (issue 6 item 4)."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
from PIL import Image

from tests.mask_files import save_mask, vessel_mask
from vesselview.cli.main import main


def _soft_pair(tmp_path) -> tuple[str, str]:
    """Reference and an 8-bit probability map: 200 on the vessel, 0..90 ramp elsewhere."""
    reference = vessel_mask(0)
    probability = np.tile(np.linspace(0, 90, 20).astype(np.uint8), (16, 1))
    probability[reference] = 200
    Image.fromarray(probability).save(tmp_path / "prob.png")
    return str(save_mask(tmp_path / "ref.png", reference)), str(tmp_path / "prob.png")


def test_curves_json_has_roc_pr_and_f1_t(capsys, tmp_path):
    reference, candidate = _soft_pair(tmp_path)
    code = main(["--reference", reference, "--candidate", candidate, "--curves"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    # every vessel pixel scores above every background pixel: a perfect ranking
    assert out["roc"]["auc"] == 1.0 and out["pr"]["average_precision"] == 1.0
    assert out["f1_t"]["best_f1_t"] == 1.0


def test_curves_need_a_probability_map(capsys, tmp_path):
    reference = str(save_mask(tmp_path / "ref.png", vessel_mask(0)))
    binary = str(save_mask(tmp_path / "bin.png", vessel_mask(1)))
    assert main(["--reference", reference, "--candidate", binary, "--curves"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bin.png" in err[0]


def test_curves_refuse_a_sweep(capsys, tmp_path):
    reference, candidate = _soft_pair(tmp_path)
    assert main(["--reference", reference, "--candidate", candidate, "--curves",
                 "--sweep", "t=1,2"]) == 2
    assert "--curves" in capsys.readouterr().err


def test_a_closed_pipe_is_not_an_error(tmp_path):
    # ~6000 CSV rows (three curves of 2000 points): far more than a pipe buffer holds
    rng = np.random.default_rng(0)
    reference = str(save_mask(tmp_path / "ref.png", rng.random((120, 120)) < 0.2))
    candidate = str(tmp_path / "prob.npy")
    np.save(candidate, rng.random((120, 120)).astype(np.float32))
    command = [sys.executable, "-m", "vesselview.cli.main", "--reference", reference,
               "--candidate", candidate, "--curves", "--format", "csv"]
    reader = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    reader.stdout.readline()
    reader.stdout.close()
    assert reader.wait(timeout=60) == 0
    assert b"internal error" not in reader.stderr.read()
