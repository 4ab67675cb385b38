"""The Plots dock's CSV (sidecar) and PNG (text chunk) exports carry their provenance:
the window action, the parameters swept from, and the case's files with their SHA-256."""

from __future__ import annotations

import hashlib
import json

from PIL import Image

from tests.mask_files import save_mask, vessel_mask
from vesselview.gui.research.plot_dock import CURVES
from vesselview.io.loader import load_case

from .conftest import JOB_TIMEOUT_MS


def test_sweep_exports_record_the_case_files_and_parameters(dock, qtbot, tmp_path):
    reference = save_mask(tmp_path / "ref.png", vessel_mask(0))
    candidate = save_mask(tmp_path / "pred.png", vessel_mask(1))
    dock.set_case(load_case(str(reference), str(candidate)))
    with qtbot.waitSignal(dock.plotted, timeout=JOB_TIMEOUT_MS):
        dock.compute()
    dock.export_csv(str(tmp_path / "sweep.csv"))
    dock.export_png(str(tmp_path / "plot.png"))
    in_sidecar = json.loads((tmp_path / "sweep.csv.provenance.json").read_text())
    with Image.open(tmp_path / "plot.png") as image:
        in_png = json.loads(image.text["vesselview-provenance"])
    expected = {str(path): hashlib.sha256(path.read_bytes()).hexdigest()
                for path in (reference, candidate)}
    for values, action in ((in_sidecar, "Export CSV"), (in_png, "Export PNG")):
        assert values["api_call"] == f"vesselview window: Plots > {action}"
        assert values["params"] == dock.sweep_result.params.to_dict()
        assert {item["absolute"]: item["sha256"] for item in values["inputs"]} == expected


def test_the_curves_csv_gets_its_sidecar_once_written(dock, qtbot, tmp_path):
    dock.set_mode(CURVES)
    with qtbot.waitSignal(dock.plotted, timeout=JOB_TIMEOUT_MS):
        dock.compute()
    path = tmp_path / "curves.csv"
    with qtbot.waitSignal(dock.jobs.finished, timeout=JOB_TIMEOUT_MS):
        dock.export_csv(str(path))
    values = json.loads((tmp_path / "curves.csv.provenance.json").read_text())
    assert path.exists() and values["api_call"] == "vesselview window: Plots > Export CSV"
    assert values["format"] == "csv" and values["inputs"] == []  # a synthetic case: no file
