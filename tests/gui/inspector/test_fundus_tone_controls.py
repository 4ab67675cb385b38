"""Brightness and contrast of the fundus in the layer panel: cosmetic, exported as shown."""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QTreeWidgetItem

from vesselview.app.style import FUNDUS
from vesselview.gui.inspector.layer_row_widgets import PercentSlider


def tone_slider(window, row: int) -> PercentSlider:
    panel = window.layer_panel
    fundus = panel._items[FUNDUS]  # the row the panel built for the fundus
    child = fundus.child(row)
    assert isinstance(child, QTreeWidgetItem)
    return panel.itemWidget(child, 1)


def test_brightness_slider_brightens_the_view_without_recomputing(small_window, tmp_path):
    started = small_window.model.live.started
    item = small_window.view.main.fundus
    before = np.asarray(item.image).astype(int).mean()
    slider = tone_slider(small_window, 0)
    assert small_window.layer_panel._items[FUNDUS].child(0).text(0) == "Brightness"
    slider.setValue(30)
    assert small_window.model.layers[FUNDUS].brightness == 0.3
    assert np.asarray(item.image).astype(int).mean() > before + 30
    slider.setValue(0)
    assert np.array_equal(item.image, small_window.model.case.fundus)
    assert small_window.model.live.started == started


def test_contrast_is_in_the_export(small_window, tmp_path):
    from PIL import Image

    for name in small_window.model.layers.names:
        if name != FUNDUS:
            small_window.model.layers.edit(name, visible=False)
    small_window.model.layers.edit(FUNDUS, opacity=1.0)
    tone_slider(small_window, 1).setValue(200)
    assert small_window.model.layers[FUNDUS].contrast == 2.0
    path = tmp_path / "toned.png"
    small_window.menus.export_view(str(path), caption=False)
    fundus = small_window.model.case.fundus.astype(float)
    expected = np.clip(np.rint((fundus - 127.5) * 2 + 127.5), 0, 255)
    with Image.open(path) as image:
        np.testing.assert_array_equal(np.asarray(image.convert("RGB")), expected)
