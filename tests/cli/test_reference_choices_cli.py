"""``vesselview-eval --references one|each|majority|intersection|union|fuzzy``.

Every observer a dataset ships is loaded (fixtures reproducing DRIVE's, STARE's and
CHASE_DB1's observer files); ``each`` gives one row per observer with the numbers of
choosing that observer; a consensus row names it; the ``references`` column records the
choice in CSV and JSON; a manifest's ``reference_N`` and ``reference_soft`` columns.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.io.dataset_files import vessels, write_chase, write_drive, write_stare
from tests.mask_files import save_mask, vessel_mask
from vesselview.cli.main import main
from vesselview.engine.reference_choice import consensus
from vesselview.io.strict_json import decode_metrics


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([*argv, "--workers", "1"])
    out, err = capsys.readouterr()
    return code, out, err


def _predictions(folder: Path, names: list[str]) -> str:
    """One method's result maps: every case the same mask (vessels of seed 5)."""
    folder.mkdir()
    for name in names:
        Image.fromarray(vessels(5).astype("uint8") * 255).save(folder / name)
    return str(folder)


DATASETS = {
    "DRIVE": (lambda root: write_drive(root, test_ids=(1, 2), training_ids=()),
              ["01_test.png", "02_test.png"], ("1st_manual/01_manual1.gif",
                                               "2nd_manual/01_manual2.gif")),
    "STARE": (lambda root: write_stare(root, ids=(1, 2)), ["im0001.png", "im0002.png"],
              ("labels-ah/im0001.ah.ppm.gz", "labels-vk/im0001.vk.ppm.gz")),
    "CHASE_DB1": (lambda root: write_chase(root, ids=("01L", "01R")),
                  ["Image_01L.png", "Image_01R.png"],
                  ("Image_01L_1stHO.png", "Image_01L_2ndHO.png")),
}


def _dataset_results(capsys, tmp_path: Path, name: str, *flags: str) -> list[dict]:
    write, files, _ = DATASETS[name]
    root = write(tmp_path / name)
    method = _predictions(tmp_path / "unet", files) if not (tmp_path / "unet").exists() \
        else str(tmp_path / "unet")
    code, out, err = _run(capsys, "--dataset", str(root), "--predictions", f"unet={method}",
                          *flags)
    assert code == 0, err
    return [result for result in json.loads(out)["results"] if result["method"] == "unet"]


@pytest.mark.parametrize("name", list(DATASETS))
def test_each_gives_one_row_per_shipped_observer_equal_to_choosing_it(capsys, tmp_path, name):
    each = _dataset_results(capsys, tmp_path, name, "--references", "each")
    first = _dataset_results(capsys, tmp_path, name)
    second = _dataset_results(capsys, tmp_path, name, "--observer", "2")
    assert [(r["id"], r["observer"], r["references"]) for r in each] == [
        (first[0]["id"], 1, "each"), (first[0]["id"], 2, "each"),
        (first[1]["id"], 1, "each"), (first[1]["id"], 2, "each")]
    assert each[0]["reference"].endswith(DATASETS[name][2][0])
    assert each[1]["reference"].endswith(DATASETS[name][2][1])
    for row, alone in zip(each, [first[0], second[0], first[1], second[1]], strict=True):
        assert row["reference"] == alone["reference"]
        np.testing.assert_equal(decode_metrics(row), decode_metrics(alone))
    assert {r["references"] for r in first} == {"one"}


@pytest.mark.parametrize("rule", ["majority", "intersection", "union"])
def test_a_consensus_row_names_it_and_scores_against_it(capsys, tmp_path, rule):
    rows = _dataset_results(capsys, tmp_path, "DRIVE", "--references", rule)
    assert [(r["id"], r["observer"], r["references"]) for r in rows] == [
        ("01", None, rule), ("02", None, rule)]
    assert rows[0]["reference"] == f"{rule} of observer1, observer2"
    # the method marks vessels(5); case 01's observers marked vessels(1) and vessels(2)
    fov = Image.open(tmp_path / "DRIVE/test/mask/01_test_mask.gif")
    inside = np.asarray(fov) > 0
    reference = consensus([vessels(1), vessels(2)], rule) & inside
    candidate = vessels(5) & inside
    true_positive = np.sum(reference & candidate)
    expected = 2 * true_positive / (reference.sum() + candidate.sum())
    assert rows[0]["metrics"]["dice"] == pytest.approx(expected, abs=1e-12)


def test_with_two_observers_majority_equals_intersection(capsys, tmp_path):
    majority = _dataset_results(capsys, tmp_path, "STARE", "--references", "majority")
    intersection = _dataset_results(capsys, tmp_path, "STARE", "--references", "intersection")
    for one, other in zip(majority, intersection, strict=True):
        np.testing.assert_equal(decode_metrics(one), decode_metrics(other))


def test_the_references_column_in_csv(capsys, tmp_path):
    root = write_chase(tmp_path / "CHASE_DB1", ids=("01L",))
    code, out, err = _run(capsys, "--dataset", str(root), "--references", "fuzzy",
                          "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0, err
    assert [(row["method"], row["observer"], row["references"]) for row in rows] == [
        ("observer2", "", "fuzzy")]
    assert rows[0]["reference"] == "fuzzy of observer1, observer2"


def _manifest(path: Path, header: list[str], rows: list[list[str]]) -> str:
    with open(path, "w", newline="") as stream:
        writer = csv.writer(stream)
        writer.writerow(header)
        writer.writerows(rows)
    return str(path)


@pytest.fixture
def observer_files(tmp_path: Path) -> Path:
    for name, shift in (("a.png", 0), ("b.png", 1), ("c.png", 2), ("pred.png", 1)):
        save_mask(tmp_path / name, vessel_mask(shift))
    return tmp_path


def test_a_manifest_gives_other_observers_in_reference_n_columns(capsys, observer_files):
    manifest = _manifest(observer_files / "pairs.csv",
                         ["id", "reference", "reference_2", "reference_3", "candidate"],
                         [["x", "a.png", "b.png", "c.png", "pred.png"]])
    code, out, err = _run(capsys, "--manifest", manifest, "--references", "each")
    rows = json.loads(out)["results"]
    assert code == 0, err
    assert [(r["observer"], Path(r["reference"]).name) for r in rows] == [
        (1, "a.png"), (2, "b.png"), (3, "c.png")]
    assert [r["metrics"]["dice"] for r in rows][1] == 1.0  # pred.png is observer 2's mask
    code, out, err = _run(capsys, "--manifest", manifest, "--references", "majority")
    (row,) = json.loads(out)["results"]
    assert (row["observer"], row["reference"]) == (None, "majority of observer1, observer2, "
                                                         "observer3")


def test_a_manifest_soft_reference_is_the_fuzzy_reference(capsys, observer_files):
    soft = (np.arange(16 * 20).reshape(16, 20) % 256).astype(np.uint8)
    Image.fromarray(soft).save(observer_files / "soft.png")
    manifest = _manifest(observer_files / "pairs.csv",
                         ["id", "reference", "reference_soft", "candidate"],
                         [["x", "a.png", "soft.png", "pred.png"]])
    code, out, err = _run(capsys, "--manifest", manifest, "--references", "fuzzy")
    (row,) = json.loads(out)["results"]
    assert code == 0, err
    assert row["reference"] == f"fuzzy from {observer_files / 'soft.png'}"
    expected = np.sum((soft / 255 > 0.5) & vessel_mask(1))
    assert row["metrics"]["se"] == pytest.approx(expected / np.sum(soft / 255 > 0.5))


def test_a_consensus_of_one_observer_fails_its_row_naming_the_file(capsys, observer_files):
    manifest = _manifest(observer_files / "pairs.csv", ["id", "reference", "candidate"],
                         [["x", "a.png", "pred.png"]])
    code, out, err = _run(capsys, "--manifest", manifest, "--references", "union")
    assert code == 2
    assert "line 2, id 'x'" in err and "a.png: the union reference needs two or more" in err
    assert json.loads(out)["results"][0]["references"] == "union"


def test_a_missing_observer_file_fails_its_row_naming_it(capsys, observer_files):
    manifest = _manifest(observer_files / "pairs.csv",
                         ["id", "reference", "reference_2", "candidate"],
                         [["x", "a.png", "gone.png", "pred.png"]])
    code, _, err = _run(capsys, "--manifest", manifest)
    assert code == 2 and "reference of observer2 file" in err and "gone.png not found" in err


def test_an_observer_given_twice_fails_its_row(capsys, observer_files):
    manifest = _manifest(observer_files / "pairs.csv",
                         ["id", "reference", "observer", "reference_2", "candidate"],
                         [["x", "a.png", "2", "b.png", "pred.png"]])
    code, _, err = _run(capsys, "--manifest", manifest)
    assert code == 2 and "the reference_2 cell names observer 2" in err


def test_each_is_refused_with_compare_before_any_work(capsys, observer_files):
    code, _, err = _run(capsys, "--reference", str(observer_files / "a.png"), "--candidate",
                        str(observer_files / "pred.png"), "--references", "each", "--compare")
    assert code == 2 and "--references each gives several rows" in err
