"""`vesselview.io.masks`: binary encodings, JPEG noise, probability maps, polarity."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from vesselview.errors import InputError
from vesselview.io.mask_grey import grey_values
from vesselview.io.masks import read_mask
from vesselview.io.readers import RawImage


def _read(pixels, *, lossy=False, threshold=0.5, invert=False):
    return read_mask(RawImage(np.asarray(pixels), "m.png", lossy), threshold=threshold,
                     invert=invert)


@pytest.mark.parametrize(
    "encoded",
    [
        np.array([[0, 1], [1, 0]], np.uint8),
        np.array([[0, 255], [255, 0]], np.uint8),
        np.array([[False, True], [True, False]]),
        np.array([[0.0, 1.0], [1.0, 0.0]]),
        np.array([[-1, 3], [3, -1]], np.int64),
        np.array([[0, 65535], [65535, 0]], np.uint16),
    ],
)
def test_two_valued_masks_are_vessel_above_zero(encoded):
    reading = _read(encoded)
    assert reading.soft is None
    np.testing.assert_array_equal(reading.mask, [[False, True], [True, False]])


@pytest.mark.parametrize(
    "encoded",
    [
        np.array([[0, 100], [100, 0]], np.uint8),        # label-valued {0, 100}
        np.array([[1, 2], [2, 1]], np.uint8),            # label-valued {1, 2}
        np.array([[1, 2], [2, 1]], np.int64),            # the same as int64
        np.array([[0, 30000], [30000, 0]], np.uint16),
        np.array([[0, 255], [255, 0]], np.uint16),       # 8-bit values stored as 16-bit
        np.array([[4, 252], [252, 4]], np.uint8),
    ],
)
def test_any_two_integer_values_are_binary_the_higher_is_vessel(encoded):
    expected = [[False, True], [True, False]]
    reading = _read(encoded)
    assert reading.soft is None and reading.notes == ()
    np.testing.assert_array_equal(reading.mask, expected)
    np.testing.assert_array_equal(_read(encoded, invert=True).mask, np.logical_not(expected))


def test_two_valued_float_map_is_a_probability_map_and_an_empty_result_warns():
    reading = _read(np.array([[0.0, 0.3], [0.3, 0.0]], np.float32))
    np.testing.assert_allclose(reading.soft, [[0.0, 0.3], [0.3, 0.0]])
    assert not reading.mask.any()
    assert len(reading.notes) == 1 and "non-zero values but no pixel" in reading.notes[0]


def test_one_valued_masks_are_empty_or_full():
    assert not _read(np.zeros((3, 3), np.uint8)).mask.any()
    assert _read(np.full((3, 3), 255, np.uint8)).mask.all()


def test_equal_channel_rgb_is_grey():
    grey = np.array([[0, 255], [255, 255]], np.uint8)
    np.testing.assert_array_equal(_read(np.dstack([grey] * 3)).mask, grey > 0)


def test_colour_mask_is_an_error():
    pixels = np.zeros((2, 2, 3), np.uint8)
    pixels[0, 0] = (200, 10, 10)
    with pytest.raises(InputError, match=r"m\.png: is a colour image.* up to 190"):
        _read(pixels)


def test_jpeg_noise_is_thresholded_at_a_fraction_of_full_scale():
    # 127/255 = 0.498 is background, 128/255 = 0.502 is vessel; noise 3 and 250 too.
    noisy = np.array([[3, 250, 127, 128]], np.uint8)
    np.testing.assert_array_equal(_read(noisy, lossy=True).mask, [[0, 1, 0, 1]])
    np.testing.assert_array_equal(_read(noisy, lossy=True, threshold=0.99).mask,
                                  [[0, 0, 0, 0]])
    np.testing.assert_array_equal(_read(noisy, lossy=True, invert=True).mask, [[1, 0, 1, 0]])
    assert _read(noisy, lossy=True).soft is None


def test_jpeg_rgb_tolerates_small_channel_noise_but_not_colour():
    pixels = np.array([[[250, 240, 255], [2, 0, 10]]], np.uint8)
    np.testing.assert_array_equal(_read(pixels, lossy=True).mask, [[True, False]])
    with pytest.raises(InputError, match="colour"):
        _read(np.array([[[250, 100, 255]]], np.uint8), lossy=True)


def test_8bit_probability_map():
    values = np.array([[0, 127, 128, 255]], np.uint8)
    reading = _read(values)
    assert reading.soft.dtype == np.float32
    np.testing.assert_allclose(reading.soft, values / 255, rtol=1e-6)
    np.testing.assert_array_equal(reading.mask, [[0, 0, 1, 1]])


def test_16bit_and_float_probability_maps():
    sixteen = _read(np.array([[0, 32767, 32768, 65535]], np.uint16))
    np.testing.assert_array_equal(sixteen.mask, [[0, 0, 1, 1]])
    floats = _read(np.array([[0.0, 0.5, 0.75, 1.0]]), threshold=0.6)
    assert floats.soft.dtype == np.float32
    np.testing.assert_array_equal(floats.mask, [[0, 0, 1, 1]])


def test_inverted_probability_map_is_one_minus_p():
    reading = _read(np.array([[0.0, 0.25, 0.9]]), invert=True)
    np.testing.assert_allclose(reading.soft, [[1.0, 0.75, 0.1]], rtol=1e-6)
    np.testing.assert_array_equal(reading.mask, [[1, 1, 0]])


def test_float_map_outside_unit_range_is_an_error():
    with pytest.raises(InputError, match=r"span \[0, 3\].*\[0, 1\]"):
        _read(np.array([[0.0, 1.5, 3.0]]))


def test_non_finite_values_are_an_error():
    with pytest.raises(InputError, match="NaN"):
        _read(np.array([[0.0, np.nan, 1.0]]))


def test_many_valued_int32_is_an_error():
    with pytest.raises(InputError, match=r"int32.*uint8.*uint16"):
        _read(np.array([[0, 100, 70000]], np.int32))
    with pytest.raises(InputError, match=r"label.*int32"):
        _read(np.array([[0, 1, 2]], np.int32))


def test_grey_values_of_grey_input_is_the_input():
    grey = np.array([[1, 2]], np.uint16)
    assert grey_values(RawImage(grey, "g")) is grey


@given(arrays(np.uint8, (5, 7)), st.floats(0.0, 1.0))
def test_mask_is_soft_map_above_threshold(values, threshold):
    if len(np.unique(values)) > 2 and values.max() < 16:
        with pytest.raises(InputError, match="label"):
            _read(values, threshold=threshold)
        return
    reading = _read(values, threshold=threshold)
    if reading.soft is None:  # at most two distinct values: binary rule
        expected = values > 0 if values.min() == values.max() else values == values.max()
        np.testing.assert_array_equal(reading.mask, expected)
    else:
        np.testing.assert_array_equal(reading.mask, reading.soft > threshold)


@given(arrays(np.uint8, (4, 6), elements=st.sampled_from([0, 255])))
def test_inverting_a_binary_mask_flips_every_pixel(values):
    np.testing.assert_array_equal(_read(values, invert=True).mask, ~_read(values).mask)
