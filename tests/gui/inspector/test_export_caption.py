"""Exported PNGs explain themselves: a caption with case, parameters and key metrics, and
an export without it."""

from __future__ import annotations

import numpy as np
from PIL import Image

from vesselview.app.export import caption_lines


def test_caption_names_case_parameters_and_key_metrics(small_window):
    result, case = small_window.model.response.result, small_window.model.case
    files, params, metrics = caption_lines(result, case)
    assert case.sources["candidate"] in files and case.sources["reference"] in files
    assert "t=2" in params and "ss_R=2" in params
    assert f"Dice (F1) {result.metrics['dice']:.3f}" in metrics
    assert "Skeletal similarity" in metrics


def test_export_with_and_without_caption(shown_window, tmp_path):
    menus, view = shown_window.menus, shown_window.view
    menus.export_view(str(tmp_path / "captioned.png"))
    menus.export_view(str(tmp_path / "plain.png"), caption=False)
    plain = Image.open(tmp_path / "plain.png")
    captioned = Image.open(tmp_path / "captioned.png")
    assert plain.size == (view.width(), view.height())
    assert captioned.width == plain.width and captioned.height > plain.height + 30
    strip = captioned.convert("L").crop((0, plain.height, captioned.width, captioned.height))
    assert np.asarray(strip).min() < 100  # dark text on the white strip
    assert "export_view_plain" in menus.actions
