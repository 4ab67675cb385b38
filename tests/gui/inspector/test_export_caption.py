"""Exported PNGs explain themselves: a caption with case, parameters and key metrics, and
an export without it."""

from __future__ import annotations

import numpy as np
from PIL import Image

from vesselview.app.captions import caption_lines
from vesselview.gui.inspector import menus as menus_module
from vesselview.gui.widgets.export import CAPTION_MIN_WIDTH

from ..conftest import RESULT_TIMEOUT_MS


def test_caption_names_case_parameters_and_key_metrics(small_window):
    result, case = small_window.model.response.result, small_window.model.case
    files, params, metrics = caption_lines(result, case)
    assert files == "Synthetic demonstration case (not a real fundus)"
    assert "t (tolerance, px) = 2" in params and "R (max search radius, px) = 2" in params
    assert f"Dice (F1) {result.metrics['dice']:.3f}" in metrics
    assert "Skeletal similarity" in metrics


def test_export_with_and_without_caption(shown_window, tmp_path):
    menus, case = shown_window.menus, shown_window.model.case
    menus.export_view(str(tmp_path / "captioned.png"))
    menus.export_view(str(tmp_path / "plain.png"), caption=False)
    plain = Image.open(tmp_path / "plain.png")
    captioned = Image.open(tmp_path / "captioned.png")
    height, width = case.shape
    assert plain.size == (width, height)  # the image's own pixels, whatever the zoom
    assert captioned.width == max(width, CAPTION_MIN_WIDTH)
    assert captioned.height > plain.height + 30
    strip = captioned.convert("L").crop((0, plain.height, captioned.width, captioned.height))
    assert np.asarray(strip).max() > 200  # light text on the dark strip
    assert "export_view_plain" in menus.actions and "export_view_scaled" in menus.actions


def test_a_teaching_case_export_is_captioned_by_its_title(window, qtbot, monkeypatch, tmp_path):
    window.model.teaching_shape = (160, 150)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.teaching.load("gap", 20)
    said = []
    monkeypatch.setattr(menus_module, "captioned",
                        lambda image, lines, _font, _legend="": said.append(lines) or image)
    window.menus.export_view(str(tmp_path / "gap.png"))
    (lines,) = said
    assert lines[0] == "Teaching case: vessel gap, severity 20 px"
    assert "synthetic:" not in " ".join(lines) and "ss_R" not in lines[1]
