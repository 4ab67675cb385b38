"""``vesselview-eval --williams KEY,...``: the Williams index of any metric as columns.

On a DRIVE-layout dataset with two observers (`tests.io.dataset_files.write_drive`) and
one case with a single observer (DRIVE's training set ships no second observer), the
``williams_<key>`` and ``williams_<key>_position`` columns equal the public API's
(`vesselview.engine.williams.williams`); an unknown key or one that is no agreement is
refused by name, with the fix.
"""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path

import pytest
from PIL import Image

from tests.io.dataset_files import vessels, write_drive
from vesselview.cli.main import main
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.engine.williams import FEW_OBSERVERS, williams
from vesselview.io.dataset import open_dataset
from vesselview.io.writers import CSV_COLUMNS

KEYS = ("hausdorff", "jaccard")


@pytest.fixture(scope="module")
def drive(tmp_path_factory) -> tuple[Path, Path]:
    """A DRIVE dataset (test 01 and 02 with two observers, training 21 with one) and a
    method's folder marking the same vessels in every case."""
    root = tmp_path_factory.mktemp("williams")
    dataset = write_drive(root / "DRIVE", test_ids=(1, 2), training_ids=(21,))
    method = root / "unet"
    method.mkdir()
    for name in ("01_test.png", "02_test.png", "21_training.png"):
        Image.fromarray(vessels(5).astype("uint8") * 255).save(method / name)
    return dataset, method


def _run(capsys, drive, *flags: str) -> tuple[int, str, str]:
    code = main(["--dataset", str(drive[0]), "--predictions", f"unet={drive[1]}",
                 "--workers", "1", *flags])
    out, err = capsys.readouterr()
    return code, out, err


def _expected(drive, case_id: str) -> dict:
    case = open_dataset(drive[0], {"unet": drive[1]}).case(case_id).load("unet")
    return williams(case, ("dice", *KEYS), Params())


def test_the_columns_equal_the_api(capsys, drive):
    code, out, err = _run(capsys, drive, "--williams", "dice,hausdorff,jaccard",
                          "--format", "csv")
    assert code == 0, err
    reader = csv.DictReader(io.StringIO(out))
    last_metric = reader.fieldnames.index(METRIC_KEYS[-1])
    assert reader.fieldnames[last_metric + 1:last_metric + 5] == [
        "williams_hausdorff", "williams_hausdorff_position",
        "williams_jaccard", "williams_jaccard_position"]
    rows = {row["id"]: row for row in reader if row["method"] == "unet"}
    for case_id in ("01", "02"):
        expected = _expected(drive, case_id)
        for key in ("dice", *KEYS):
            assert float(rows[case_id][f"williams_{key}"]) == pytest.approx(
                expected[key].index, rel=1e-12)
            assert float(rows[case_id][f"williams_{key}_position"]) == expected[key].position
    assert math.isfinite(_expected(drive, "01")["hausdorff"].index)
    assert rows["21"]["williams_hausdorff"] == rows["21"]["williams_jaccard_position"] == ""


def test_json_metrics_say_why_a_one_observer_case_has_none(capsys, drive):
    code, out, err = _run(capsys, drive, "--williams", "hausdorff", "--summary")
    assert code == 0, err
    document = json.loads(out)
    rows = {row["id"]: row for row in document["results"] if row["method"] == "unet"}
    assert rows["01"]["metrics"]["williams_hausdorff"] == pytest.approx(
        _expected(drive, "01")["hausdorff"].index, rel=1e-12)
    assert rows["21"]["metrics"]["williams_hausdorff"] is None
    assert rows["21"]["undefined"]["williams_hausdorff"] == FEW_OBSERVERS
    assert "williams_hausdorff" in document["summary"][0]["mean"]


def test_without_the_flag_the_columns_are_the_usual(capsys, drive):
    code, out, err = _run(capsys, drive, "--format", "csv")
    assert code == 0, err
    assert tuple(next(csv.reader(io.StringIO(out)))) == CSV_COLUMNS


@pytest.mark.parametrize("keys, named", [
    ("dice,nope", "unknown metric 'nope'; use metric keys such as dice, f1_t, ss"),
    ("fuzzy_dice", "'fuzzy_dice' has no Williams index: it is a fuzzy measure"),
    ("williams_ss", "'williams_ss' has no Williams index: it is a Williams index itself"),
    ("av_cm_artery_vein", "'av_cm_artery_vein' has no Williams index: it is a count"),
])
def test_a_key_without_a_williams_index_is_refused_by_name(capsys, drive, keys, named):
    code, out, err = _run(capsys, drive, "--williams", keys)
    assert code == 2 and out == ""
    assert f"argument --williams: {named}" in err
    assert "use a metric such as" in err or "known:" in err


def test_the_default_is_the_families_three():
    from vesselview.cli.arguments import WILLIAMS_DEFAULT
    from vesselview.engine.families.williams import DEFAULT_METRICS
    from vesselview.engine.williams import DEFAULT_KEYS

    assert WILLIAMS_DEFAULT == DEFAULT_KEYS == tuple(key for key, _, _ in DEFAULT_METRICS)
