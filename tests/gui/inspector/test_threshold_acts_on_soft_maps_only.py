"""The window's probability threshold acts on probability maps only (issue 19, no hidden state).

The user sets the threshold on a soft map, then opens a binary JPEG result, by its
files or from a dataset: the slider greys out and the window shows exactly the numbers
``vesselview-eval`` gives for the same files (run here in-process), metric by metric,
and its export records the parameters the CLI records.
"""

from __future__ import annotations

import json

import pytest

from tests.jpeg_results import (
    LOW_THRESHOLD,
    assert_threshold_would_matter,
    cli_records,
    write_jpeg_case,
    write_jpeg_drive,
)
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import DEFAULT_THRESHOLD
from vesselview.engine.pipeline import evaluate
from vesselview.gui.widgets.metric_text import value_text
from vesselview.io import load_case
from vesselview.io.strict_json import encode_number

from ..conftest import RESULT_TIMEOUT_MS


def shown_metrics(window) -> dict:
    """The window's complete result, encoded as the CLI encodes its records."""
    result = window.model.response.result
    return {key: encode_number(result.metrics[key]) for key in METRIC_KEYS}


def set_low_threshold_on_a_soft_map(window, qtbot, files) -> None:
    """Open the probability map and drag its threshold to `LOW_THRESHOLD`; wait for it."""
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert window.model.open_files([("reference", str(files["reference"])),
                                        ("fov", str(files["fov"])),
                                        ("candidate", str(files["soft"]))])
    slider = window.params_panel.sliders["threshold"]
    assert slider.isEnabled()
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS,
                          check_params_cb=lambda r: r.result.params.threshold == LOW_THRESHOLD):
        slider.setValue(LOW_THRESHOLD)
    assert window.params_panel.labels["threshold"].changed


def test_a_jpeg_opened_after_a_soft_threshold_shows_the_clis_numbers(window, qtbot, tmp_path):
    files = write_jpeg_case(tmp_path)
    assert_threshold_would_matter(files["reference"], files["jpeg"])
    [record] = cli_records(tmp_path / "cli.json", "--reference", str(files["reference"]),
                           "--candidate", str(files["jpeg"]), "--fov", str(files["fov"]))
    set_low_threshold_on_a_soft_map(window, qtbot, files)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert window.model.open_file("candidate", str(files["jpeg"]))
    assert not window.params_panel.sliders["threshold"].isEnabled()
    assert "binary" in window.params_panel.sliders["threshold"].toolTip()
    assert shown_metrics(window) == record["metrics"]
    direct = evaluate(load_case(files["reference"], files["jpeg"], files["fov"]))
    for key in METRIC_KEYS:  # what the metrics panel shows
        assert window.metrics_panel.displayed(key) == value_text(direct, key), key
    export = tmp_path / "window.json"
    window.model.export_metrics(str(export))
    [exported] = json.loads(export.read_text())["results"]
    assert exported["params"] == record["params"]
    assert exported["params"]["threshold"] == DEFAULT_THRESHOLD
    assert exported["metrics"] == record["metrics"]


def test_a_dataset_of_jpegs_opened_after_a_soft_threshold_too(window, qtbot, tmp_path):
    files = write_jpeg_case(tmp_path / "soft")
    root, predictions = write_jpeg_drive(tmp_path / "drive")
    records = {record["id"]: record for record in cli_records(
        tmp_path / "cli.json", "--dataset", str(root), "--predictions",
        f"jpeg={predictions['jpeg']}")}
    set_low_threshold_on_a_soft_map(window, qtbot, files)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert window.model.open_dataset(str(root), {"jpeg": str(predictions["jpeg"])})
    assert window.model.dataset.case.id == "01"
    assert shown_metrics(window) == records["01"]["metrics"]
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.step_case(1)
    assert shown_metrics(window) == records["02"]["metrics"]
    assert window.model.response.result.params.to_dict() == records["02"]["params"]
    assert window.model.params.threshold == pytest.approx(LOW_THRESHOLD)  # kept, greyed
    assert not window.params_panel.sliders["threshold"].isEnabled()
