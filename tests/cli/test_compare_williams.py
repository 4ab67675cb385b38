"""``--compare`` on a DRIVE-like test set with two observers: the Williams index of every
method (dataset runs load both observers into each case) is summarised with its
bootstrap CI over cases, the same as the summary of the per-case values the API gives."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.cli.method_dataset import write_method_dataset
from vesselview.cli.main import main
from vesselview.engine.pipeline import evaluate
from vesselview.io.dataset import open_dataset
from vesselview.research.summaries import bootstrap_interval

KEYS = ("williams_dice", "williams_f1_t", "williams_ss")
N_CASES = 4


@pytest.fixture(scope="module")
def observers_dataset(tmp_path_factory):
    return write_method_dataset(tmp_path_factory.mktemp("williams"), N_CASES, (80, 76),
                                second_observer=True)


def test_compare_gives_each_williams_index_with_its_bootstrap_interval(
        capsys, observers_dataset) -> None:
    dataset, predictions = observers_dataset
    code = main(["--dataset", str(dataset), *[f"--predictions={m}={f}" for m, f in
                                              predictions.items()], "--workers", "1",
                 "--compare", "--metrics", ",".join(KEYS), "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    summary = json.loads(out)["summary"]
    cases = open_dataset(dataset, predictions).cases
    for method in predictions:
        values = {key: np.array([evaluate(case.load(method), metrics=[key]).metrics[key]
                                 for case in cases]) for key in KEYS}
        for key in KEYS:
            cell = summary[method][key]
            assert cell["n"] == N_CASES and np.isfinite(values[key]).all()
            assert cell["mean"] == pytest.approx(values[key].mean(), rel=1e-12)
            low, high = bootstrap_interval(values[key])
            assert (cell["ci_low"], cell["ci_high"]) == pytest.approx((low, high), rel=1e-12)
            assert cell["ci_low"] <= cell["mean"] <= cell["ci_high"]
