"""Every supported encoding of one mask reads as that mask (and so scores identically)."""

from __future__ import annotations

import gzip
import io
import math
import warnings

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.extra.numpy import arrays
from PIL import Image

import vesselview as vv
from tests.io.dataset_files import vessels
from vesselview.io import MaskWarning


def _palette(mask: np.ndarray, palette: list[int]) -> Image.Image:
    image = Image.frombytes("P", mask.shape[::-1], mask.astype(np.uint8).tobytes())
    image.putpalette(palette)
    return image


def _gz_ppm(path, mask: np.ndarray) -> None:
    buffer = io.BytesIO()
    Image.fromarray(np.dstack([mask.astype(np.uint8) * 255] * 3)).save(buffer, format="PPM")
    path.write_bytes(gzip.compress(buffer.getvalue()))


def _rgb16(path, mask: np.ndarray, on: int) -> None:
    cv2.imwrite(str(path), np.dstack([mask.astype(np.uint16) * on] * 3))


def _alpha_only(path, mask: np.ndarray) -> None:
    rgba = np.zeros((*mask.shape, 4), np.uint8)
    rgba[..., 3] = mask * 255
    Image.fromarray(rgba).save(path)


def _labels(path, mask: np.ndarray, low: int, high: int, dtype=np.uint8) -> None:
    Image.fromarray(np.where(mask, high, low).astype(dtype)).save(path)


ENCODINGS = {
    "one_bit.png": lambda p, m: Image.fromarray(m).save(p),
    "zero_one.png": lambda p, m: _labels(p, m, 0, 1),
    "zero_255.png": lambda p, m: _labels(p, m, 0, 255),
    "one_two.png": lambda p, m: _labels(p, m, 1, 2),
    "zero_100.png": lambda p, m: _labels(p, m, 0, 100),
    "sixteen_0_1.png": lambda p, m: _labels(p, m, 0, 1, np.uint16),
    "sixteen_0_255.png": lambda p, m: _labels(p, m, 0, 255, np.uint16),
    "sixteen_full.tif": lambda p, m: _labels(p, m, 0, 65535, np.uint16),
    "rgb16_0_1.png": lambda p, m: _rgb16(p, m, 1),
    "rgb16_0_255.tif": lambda p, m: _rgb16(p, m, 255),
    "alpha_only.png": _alpha_only,
    "drive_manual1.gif": lambda p, m: _palette(m, [0, 0, 0, 255, 255, 255]).save(p),
    "drive_manual2.gif": lambda p, m: _palette(m, [4, 2, 4, 252, 254, 252]).save(p),
    "lzw.tif": lambda p, m: Image.fromarray(m.astype(np.uint8) * 255).save(
        p, compression="tiff_lzw"),
    "rgb_mask.tif": lambda p, m: Image.fromarray(np.dstack([m.astype(np.uint8) * 255] * 3)
                                                 ).save(p),
    "stare.ppm.gz": _gz_ppm,
    "bool.npy": lambda p, m: np.save(p, m),
    "int64_1_2.npy": lambda p, m: np.save(p, np.where(m, 2, 1).astype(np.int64)),
    "float.npy": lambda p, m: np.save(p, m.astype(np.float64)),
}


def _read_all(folder, mask: np.ndarray) -> dict[str, vv.Case]:
    cases = {}
    for name, write in ENCODINGS.items():
        write(folder / name, mask)
        with warnings.catch_warnings():
            warnings.simplefilter("error", MaskWarning)
            cases[name] = vv.load_case(mask, folder / name)
    return cases


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(arrays(bool, (9, 11)))
def test_every_encoding_reads_as_the_same_mask(tmp_path_factory, mask):
    if mask.all() or not mask.any():  # one value: covered by the binary rule's own tests
        mask[0, 0] = not mask[0, 0]
    if mask.mean() > 0.5:  # keep the polarity warning out of it
        mask = ~mask
    for name, case in _read_all(tmp_path_factory.mktemp("encodings"), mask).items():
        assert case.candidate_soft is None, name
        np.testing.assert_array_equal(case.candidate, mask, err_msg=name)


def test_every_encoding_scores_identically(tmp_path):
    reference, candidate = vessels(3), vessels(4)
    cases = _read_all(tmp_path, candidate)
    scores = {name: vv.load_case(reference, tmp_path / name) for name in cases}
    first = vv.evaluate(scores["one_bit.png"]).metrics
    for name, case in scores.items():
        metrics = vv.evaluate(case).metrics
        assert metrics.keys() == first.keys()
        for key, value in metrics.items():
            expected = first[key]
            same = value == expected or (isinstance(value, float) and math.isnan(value)
                                         and math.isnan(expected))
            assert same, (name, key, value, expected)


@pytest.mark.parametrize("name", ["uint8", "int64"])
def test_label_images_are_refused_whatever_the_integer_type(name):
    values = np.array([[0, 1, 2], [2, 1, 0]], dtype=name)
    with pytest.raises(vv.InputError, match="label"):
        vv.load_case(values > 0, values)


def test_multi_level_map_is_read_as_probabilities_with_a_warning():
    values = np.array([[0, 128, 255, 0], [0, 0, 128, 0]], np.uint8)
    with pytest.warns(MaskWarning, match=r"3 grey levels \(0, 128, 255\).*don't care"):
        case = vv.load_case(values > 200, values)
    np.testing.assert_array_equal(case.candidate, values >= 128)  # 128/255 > 0.5
    assert "3 grey levels" in case.warnings[0]


def test_far_colours_are_still_refused():
    rgb = np.zeros((2, 2, 3), np.uint8)
    rgb[0, 0] = (200, 30, 10)
    with pytest.raises(vv.InputError, match="colour image"):
        vv.load_case(rgb[..., 0] > 0, rgb)


@pytest.mark.parametrize("seed", range(6))
def test_palette_colours_and_two_near_grey_colours_equal_a_plain_numpy_reading(seed):
    """The fast paths (OpenCV lookup, packed colours) give exactly what plain numpy gives:
    palette[indices], and True where the colour with the larger channel sum is (ties: the
    colour larger as (red, green, blue))."""
    from vesselview.io.image_decode import _palette_colours
    from vesselview.io.mask_grey import _channel_spread, _lighter_of_two_near_grey_colours

    rng = np.random.default_rng(seed)
    palette = rng.integers(0, 256, (256, 3), dtype=np.uint8)
    palette[:2] = [(4, 2, 4), (252, 254, 252)] if seed % 2 else [(3, 2, 4), (2, 3, 4)]
    indices = (rng.random((37, 29)) < 0.4).astype(np.uint8)
    image = Image.frombytes("P", (29, 37), indices.tobytes())
    image.putpalette(palette.ravel().tolist())
    pixels = _palette_colours(image)
    assert np.array_equal(pixels, palette[indices])
    spread = (pixels.max(axis=2).astype(int) - pixels.min(axis=2)).max()
    assert _channel_spread(pixels) == spread
    sums = palette[:2].astype(int).sum(axis=1)
    lighter = 1 if sums[1] > sums[0] or (sums[1] == sums[0] and
                                         tuple(palette[1]) > tuple(palette[0])) else 0
    assert np.array_equal(_lighter_of_two_near_grey_colours(pixels), indices == lighter)
