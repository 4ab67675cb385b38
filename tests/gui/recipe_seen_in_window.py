"""The recipe's metric, layer, family and parameter in the inspector window.

Run by ``tests/architecture/test_develop_recipe.py`` in a copy of the repository with
``docs/develop.md`` applied (not collected in the repository itself). Uses the window
fixture of ``tests/gui/conftest.py``.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox

from tests.architecture.develop_recipe_masks import recipe_case
from tests.gui.conftest import RESULT_TIMEOUT_MS


def test_panels_show_them_and_the_slider_re_evaluates(window, qtbot):
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(recipe_case())
    panel = window.metrics_panel
    assert panel.rows["fdr"].text(0) == "False discovery rate"
    assert panel.rows["fdr"].parent().text(0) == "Pixel agreement"
    assert panel.rows["stray_pieces"].parent().text(0) == "Candidate pieces"
    assert panel.displayed("fdr") == f"{5 / 67:.4f}"
    assert panel.displayed("stray_pieces") == "2"
    assert panel.displayed("area_ratio") == f"{67 / 69:.4f}"

    layers = window.layer_panel
    assert "vessel_width" in layers.names and not layers.styles["vessel_width"].visible
    assert layers.topLevelItem(layers.names.index("vessel_width")).text(0) == (
        "Reference vessel width")

    slider = window.params_panel.sliders["piece_min_px"]
    section = slider.parentWidget()
    assert isinstance(section, QGroupBox) and section.title() == "Candidate pieces"
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        slider.setValue(5)
    assert window.model.params.piece_min_px == 5
    assert panel.displayed("stray_pieces") == "0"
    assert panel.displayed("fdr") == f"{5 / 67:.4f}"
