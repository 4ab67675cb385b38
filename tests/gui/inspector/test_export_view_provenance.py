"""An exported view (PNG) carries its provenance in a ``vesselview-provenance`` text chunk."""

from __future__ import annotations

import hashlib
import json

import pytest
from PIL import Image

from tests.gui.conftest import RESULT_TIMEOUT_MS
from tests.mask_files import save_mask, vessel_mask
from vesselview._version import __version__
from vesselview.cli.verify import EXIT_CANNOT_VERIFY, verify


@pytest.fixture
def opened_window(window, qtbot, tmp_path):
    """The window showing a case read from two PNG files, its result applied."""
    reference = save_mask(tmp_path / "ref.png", vessel_mask(0))
    candidate = save_mask(tmp_path / "pred.png", vessel_mask(1))
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert window.model.open_files([("reference", str(reference)),
                                        ("candidate", str(candidate))])
    return window


def png_provenance(path) -> dict:
    with Image.open(path) as image:
        return json.loads(image.text["vesselview-provenance"])


@pytest.mark.parametrize(("options", "action"), [
    ({}, "File > Export view"),
    ({"caption": False}, "File > Export view without caption"),
    ({"scale": 2.0}, "File > Export view at scale 2")])
def test_the_exported_view_records_version_params_and_input_digests(
        opened_window, tmp_path, options, action):
    output = tmp_path / "view.png"
    opened_window.menus.export_view(str(output), **options)
    values = png_provenance(output)
    assert values["vesselview"] == __version__ and values["format"] == "png"
    assert values["api_call"] == f"vesselview window: {action}"
    assert values["params"] == opened_window.model.response.result.params.to_dict()
    assert values["reference"]["observer"] == 1  # as --observer 1 records it
    assert {item["absolute"]: item["sha256"] for item in values["inputs"]} == {
        str(tmp_path / name): hashlib.sha256((tmp_path / name).read_bytes()).hexdigest()
        for name in ("ref.png", "pred.png")}


def test_verify_says_an_exported_view_cannot_be_re_run(opened_window, tmp_path, capsys):
    output = tmp_path / "view.png"
    opened_window.menus.export_view(str(output))
    assert verify(str(output)) == EXIT_CANNOT_VERIFY
    assert "window export cannot be re-run" in capsys.readouterr().out
