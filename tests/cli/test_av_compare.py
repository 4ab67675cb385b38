"""``--compare`` with artery/vein cases (a RITE-layout dataset): per-class and A/V keys
summarised and tested like every metric, a binary method's A/V rows undefined with the
reason, and pooling over resolutions applied to the per-class keys that depend on it."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.io import av_files
from tests.io.av_files import ARTERY, VEIN, av_labels, save_av
from vesselview.cli.main import main
from vesselview.io.pooling import pooling_problem

IDS = (1, 2, 3, 4, 5)
AV_KEYS = ("dice_artery", "se_vein", "f1_t_artery", "av_acc", "av_se_vein_centreline",
           "av_cm_artery_vein", "av_type1_artery")
NO_CLASSES = "the candidate has no artery/vein classes (a vessel mask)"


def _swapped(labels: np.ndarray, share: float, seed: int) -> np.ndarray:
    """``labels`` with about ``share`` of its artery and vein pixels given the other class."""
    swap = np.random.default_rng(seed).random(labels.shape) < share
    out = labels.copy()
    out[swap & (labels == ARTERY)] = VEIN
    out[swap & (labels == VEIN)] = ARTERY
    return out


@pytest.fixture(scope="module")
def rite(tmp_path_factory) -> tuple[Path, dict[str, Path]]:
    """RITE's test split of 5 cases; methods ``good`` and ``poor`` (A/V maps swapping
    10 % and 50 % of the classes) and ``binary`` (a vessel mask)."""
    tmp = tmp_path_factory.mktemp("rite")
    root = av_files.write_rite(tmp / "RITE", test_ids=IDS, training_ids=())
    methods = {name: tmp / name for name in ("good", "poor", "binary")}
    for folder in methods.values():
        folder.mkdir()
    for number in IDS:
        labels, name = av_labels(number), f"{number:02d}_test.png"
        save_av(methods["good"] / name, _swapped(labels, 0.1, number))
        save_av(methods["poor"] / name, _swapped(labels, 0.5, number))
        Image.fromarray((labels > 0).astype(np.uint8) * 255).save(methods["binary"] / name)
    return root, methods


def _run(capsys, rite, *flags: str) -> str:
    root, methods = rite
    predictions = [arg for name, folder in methods.items()
                   for arg in ("--predictions", f"{name}={folder}")]
    code = main(["--dataset", str(root), *predictions, "--workers", "1", *flags])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return out


def test_the_summary_and_the_tests_cover_the_av_keys(capsys, rite):
    records = json.loads(_run(capsys, rite))["results"]
    document = json.loads(_run(capsys, rite, "--compare"))
    for method in ("good", "poor"):
        rows = [r for r in records if r["method"] == method]
        for key in AV_KEYS:
            values = np.array([r["metrics"][key] for r in rows], float)
            summary = document["summary"][method][key]
            assert summary["n"] == len(IDS), (method, key)
            assert summary["mean"] == pytest.approx(values.mean()), (method, key)
            assert summary["median"] == pytest.approx(np.median(values)), (method, key)
    pair = next(test for test in document["comparisons"]
                if test["metric"] == "av_acc" and {test["a"], test["b"]} == {"good", "poor"})
    by_method = {m: np.array([r["metrics"]["av_acc"] for r in records if r["method"] == m])
                 for m in ("good", "poor")}
    assert pair["n"] == len(IDS)
    assert pair["median_diff"] == pytest.approx(
        np.median(by_method[pair["a"]] - by_method[pair["b"]]))
    assert by_method["good"].mean() > by_method["poor"].mean()


def test_a_binary_method_has_vessel_rows_and_undefined_av_rows_with_the_reason(capsys,
                                                                              rite):
    records = json.loads(_run(capsys, rite))["results"]
    binary = [r for r in records if r["method"] == "binary"]
    assert all(r["metrics"]["dice"] == 1.0 for r in binary)
    assert all(r["metrics"][key] is None and r["undefined"][key] == NO_CLASSES
               for r in binary for key in AV_KEYS)
    document = json.loads(_run(capsys, rite, "--compare"))
    summary = document["summary"]["binary"]
    assert summary["dice"]["n"] == len(IDS)
    for key in AV_KEYS:
        assert summary[key]["n"] == 0 and summary[key]["mean"] is None
        assert summary[key]["undefined"]["mean"] == f"undefined on every case: {NO_CLASSES}"
    table = _run(capsys, rite, "--compare", "--format", "markdown", "--metrics",
                 "dice,dice_artery,av_acc")
    assert f"Undefined on every case: binary: dice_artery, av_acc ({NO_CLASSES})." in table


def test_pooling_refuses_per_class_keys_in_pixels_over_two_resolutions(capsys, rite):
    records = json.loads(_run(capsys, rite))["results"]
    assert pooling_problem(records, ["f1_t_artery", "av_acc"], "--compare") is None
    # RITE's cases have DRIVE's spacing (from its field angle); one case at twice it
    records[0] = {**records[0], "spacing_um": 2 * records[0]["spacing_um"]}
    problem = pooling_problem(records, ["f1_t_artery", "av_acc"], "--compare")
    assert problem is not None and "f1_t_artery" in problem and "av_acc" not in problem
    assert pooling_problem(records, ["av_acc", "dice_artery"], "--compare") is None
