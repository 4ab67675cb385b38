"""`vesselview.io.fundus`: every accepted encoding becomes RGB uint8."""

from __future__ import annotations

import numpy as np
import pytest

from vesselview.errors import InputError
from vesselview.io.fundus import fundus_rgb
from vesselview.io.readers import RawImage


def _rgb(pixels) -> np.ndarray:
    return fundus_rgb(RawImage(np.asarray(pixels), "f.png"))


def test_rgb_uint8_is_kept():
    pixels = np.arange(12, dtype=np.uint8).reshape(2, 2, 3)
    np.testing.assert_array_equal(_rgb(pixels), pixels)


def test_grey_is_stacked_into_three_channels():
    rgb = _rgb(np.array([[0, 90]], np.uint8))
    assert rgb.shape == (1, 2, 3)
    np.testing.assert_array_equal(rgb[0, 1], [90, 90, 90])


def test_16bit_is_scaled_and_8bit_data_in_16bit_comes_back_exactly():
    # round(v / 257): 128 -> 0 (0.498), 129 -> 1 (0.502), 65535 -> 255, 200 * 257 -> 200.
    np.testing.assert_array_equal(
        _rgb(np.array([[128, 129, 65535, 200 * 257]], np.uint16))[..., 0], [[0, 1, 255, 200]]
    )


def test_float_and_bool():
    np.testing.assert_array_equal(_rgb(np.array([[0.0, 0.5, 1.0]]))[..., 0], [[0, 128, 255]])
    np.testing.assert_array_equal(_rgb(np.array([[False, True]]))[..., 2], [[0, 255]])


def test_bad_values_are_errors():
    with pytest.raises(InputError, match=r"f\.png.*\[0, 1\]"):
        _rgb(np.array([[0.0, 2.0]]))
    with pytest.raises(InputError, match="int64"):
        _rgb(np.array([[-5, 70000]], np.int64))
