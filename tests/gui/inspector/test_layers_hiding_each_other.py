"""Layers that colour the same pixels never hide each other silently."""

from __future__ import annotations


def test_tolerant_agreement_replaces_strict_agreement_on_screen(shown_window):
    model, view = shown_window.model, shown_window.view
    assert view.main.items["confusion"].isVisible()
    model.layers.toggle("tolerant")
    assert view.main.items["tolerant"].isVisible()
    assert not view.main.items["confusion"].isVisible()
    message = shown_window.statusBar().currentMessage()
    assert message.startswith("Pixel agreement (strict) hidden while Tolerance F1 agreement")
    legend = view.legend.text()
    assert "Tolerance F1 agreement" in legend and "Pixel agreement (strict)" not in legend


def test_tolerated_classes_are_faint_tints_in_the_view_and_the_legend(shown_window):
    from vesselview.engine.layers import OKABE_ITO, TOLERATED_ALPHA

    shown_window.model.layers.toggle("tolerant")
    legend = shown_window.view.legend.text()
    red, green, blue, _ = OKABE_ITO["orange"]
    assert f"rgba({red},{green},{blue},{TOLERATED_ALPHA})" in legend  # FN within t: faint
    red, green, blue, _ = OKABE_ITO["vermillion"]
    assert f"rgb({red},{green},{blue})" in legend  # FN beyond t: solid
    table = shown_window.view.main.items["tolerant"].lut
    layer = shown_window.model.response.layers["tolerant"]
    alphas = {entry.name: int(table[entry.value][3]) for entry in layer.legend}
    assert alphas["FN within t (tolerated)"] < alphas["FN beyond t"] / 2
