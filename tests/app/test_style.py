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


def test_showing_tolerant_agreement_hides_strict_agreement_and_back():
    from vesselview.app.layer_styles import LayerStyles

    styles = LayerStyles()
    styles.set_layers(["confusion", "tolerant", "band_t"])
    replaced = []
    styles.replaced.connect(lambda shown, hidden: replaced.append((shown, hidden)))
    assert styles["confusion"].visible and not styles["tolerant"].visible  # the defaults
    styles.toggle("tolerant")
    assert styles["tolerant"].visible and not styles["confusion"].visible
    assert replaced == [("tolerant", "confusion")]
    styles.toggle("confusion")
    assert styles["confusion"].visible and not styles["tolerant"].visible
    styles.toggle("band_t")  # other layers are not in the group
    assert styles["band_t"].visible and styles["confusion"].visible
    assert replaced == [("tolerant", "confusion"), ("confusion", "tolerant")]


def test_same_pixel_groups_name_real_layers_and_are_symmetric():
    from vesselview.app.style import DEFAULT_ORDER, SAME_PIXELS, hidden_by

    for group in SAME_PIXELS:
        assert group <= set(DEFAULT_ORDER)
        for name in group:
            assert hidden_by(name) == group - {name}
    assert hidden_by("band_t") == frozenset()
