"""Layer styles: defaults, colour overrides, JSON round trip and its errors."""

from __future__ import annotations

import pytest

from vesselview.app.style import FUNDUS, FUNDUS_OPACITY, LayerStyle, default_style


def test_defaults_show_fundus_and_confusion_only():
    assert default_style(FUNDUS) == LayerStyle(True, FUNDUS_OPACITY)
    assert default_style("confusion").visible
    assert not default_style("tolerant").visible


def test_with_colour_replaces_one_class_and_keeps_order():
    style = LayerStyle().with_colour(3, (1, 2, 3, 4)).with_colour(1, (5, 6, 7, 8))
    style = style.with_colour(3, (9, 9, 9, 9))
    assert style.colours == ((1, (5, 6, 7, 8)), (3, (9, 9, 9, 9)))
    assert style.colour_map[3] == (9, 9, 9, 9)


def test_round_trip():
    style = LayerStyle(True, 0.25, ((2, (1, 2, 3, 255)),), True)
    assert LayerStyle.from_dict(style.to_dict()) == style


@pytest.mark.parametrize("change, error", [
    ({"opacity": 1.5}, ValueError),
    ({"colours": {"1": [1, 2, 3]}}, ValueError),
    ({"colours": {"1": [1, 2, 3, 300]}}, ValueError),
    ({"colours": {"x": [1, 2, 3, 4]}}, ValueError),
    ({"colours": []}, AttributeError),
])
def test_malformed_styles_are_rejected(change, error):
    data = {**LayerStyle().to_dict(), **change}
    with pytest.raises(error):
        LayerStyle.from_dict(data)


def test_missing_key_is_rejected():
    data = LayerStyle().to_dict()
    del data["outline"]
    with pytest.raises(KeyError):
        LayerStyle.from_dict(data)
