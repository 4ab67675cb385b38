"""The fundus's brightness and contrast: one rule for the view, the export and sessions."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from vesselview.app.native_image import toned
from vesselview.app.style import BRIGHTNESS_RANGE, CONTRAST_RANGE, LayerStyle


def test_neutral_tone_is_the_photograph_itself():
    rgb = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
    assert toned(rgb, 0.0, 1.0) is rgb


@given(st.floats(*BRIGHTNESS_RANGE), st.floats(*CONTRAST_RANGE),
       st.lists(st.integers(0, 255), min_size=3, max_size=30))
def test_tone_equals_the_documented_formula(brightness, contrast, values):
    rgb = np.array(values[: len(values) // 3 * 3], np.uint8).reshape(1, -1, 3)
    expected = np.clip(np.rint((rgb.astype(float) - 127.5) * contrast + 127.5
                               + 255 * brightness), 0, 255)
    np.testing.assert_array_equal(toned(rgb, brightness, contrast), expected)


def test_brighter_and_more_contrasted():
    grey = np.array([[[100, 128, 200]]], np.uint8)
    assert (toned(grey, 0.1, 1.0).astype(int) > grey).all()
    assert toned(grey, 0.0, 2.0).tolist() == [[[72, 128, 255]]]


def test_sessions_keep_the_tone_and_old_sessions_read_as_neutral():
    style = LayerStyle(visible=True, opacity=0.5, brightness=0.25, contrast=1.5)
    assert LayerStyle.from_dict(style.to_dict()) == style
    old = {"visible": True, "opacity": 0.5, "colours": {}, "outline": False}
    assert LayerStyle.from_dict(old) == LayerStyle(visible=True, opacity=0.5)
    with pytest.raises(ValueError, match="contrast 9"):
        LayerStyle.from_dict({**old, "contrast": 9})
    with pytest.raises(ValueError, match="brightness -2"):
        LayerStyle.from_dict({**old, "brightness": -2})
