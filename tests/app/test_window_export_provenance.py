"""The window's metrics exports carry their provenance: version, parameters, units,
observer, the window action, and each input file's SHA-256 (as hashlib computes it)."""

from __future__ import annotations

import hashlib
import json

import pytest

from tests.mask_files import save_mask, vessel_mask
from vesselview._version import __version__
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.cli.verify import EXIT_CANNOT_VERIFY, verify
from vesselview.io.provenance_formats import read_provenance


@pytest.fixture
def model(settings, tmp_path):
    """A model showing a case read from two PNG files, evaluated with t = 3."""
    inspector = Inspector(Scheduler(synchronous=True), settings)
    reference = save_mask(tmp_path / "ref.png", vessel_mask(0))
    candidate = save_mask(tmp_path / "pred.png", vessel_mask(1))
    assert inspector.open_files([("reference", str(reference)),
                                 ("candidate", str(candidate))])
    inspector.set_params(inspector.params.replace(t=3))
    assert inspector.response is not None and inspector.response.result.params.t == 3
    return inspector


def assert_window_provenance(values: dict, tmp_path, output_format: str) -> None:
    assert values["vesselview"] == __version__
    assert values["api_call"] == "vesselview window: File > Export metrics"
    assert values["command_line"] is None and values["format"] == output_format
    assert values["params"]["t"] == 3
    assert values["units"]["lengths"]["t"] == "3px" and values["units"]["spacing_um"] is None
    assert values["reference"] == {"observer": 1, "references": "one", "classes": None}
    digests = {item["absolute"]: item["sha256"] for item in values["inputs"]}
    expected = {str(tmp_path / name): hashlib.sha256((tmp_path / name).read_bytes()).hexdigest()
                for name in ("ref.png", "pred.png")}
    assert digests == expected


def test_a_json_export_holds_the_provenance_object(model, tmp_path):
    output = tmp_path / "metrics.json"
    model.export_metrics(str(output))
    document = json.loads(output.read_text())
    assert_window_provenance(document["provenance"], tmp_path, "json")
    assert document["results"][0]["id"] == "pred"


def test_a_csv_export_gets_the_sidecar(model, tmp_path):
    output = tmp_path / "metrics.csv"
    model.export_metrics(str(output))
    assert output.read_text().startswith("id,")
    sidecar = tmp_path / "metrics.csv.provenance.json"
    assert_window_provenance(json.loads(sidecar.read_text()), tmp_path, "csv")
    assert read_provenance(str(output)).api_call == "vesselview window: File > Export metrics"


@pytest.mark.parametrize("name", ["metrics.json", "metrics.csv"])
def test_verify_says_a_window_export_cannot_be_re_run(model, tmp_path, capsys, name):
    output = tmp_path / name
    model.export_metrics(str(output))
    assert verify(str(output)) == EXIT_CANNOT_VERIFY
    said = capsys.readouterr().out
    assert "saved by the window" in said and "cannot be re-run" in said and name in said
