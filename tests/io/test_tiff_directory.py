"""TIFFs Pillow cannot open: their directory is read first, so a stack, an image over
the pixel limit or samples no decoder here reads are refused in plain words before
OpenCV decodes anything; valid 64-bit float TIFFs are read exactly."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
import tifffile

from vesselview.errors import InputError
from vesselview.io import image_decode, readers
from vesselview.io.readers import read_image
from vesselview.io.tiff_directory import TiffDirectory, tiff_directory


@pytest.fixture
def no_decoding(monkeypatch):
    """OpenCV's TIFF decoding fails the test: the directory alone must decide."""
    def decode(*_):
        pytest.fail("the pixel data was decoded")
    monkeypatch.setattr(image_decode.cv2, "imdecodemulti", decode)


def _message(path) -> str:
    with pytest.raises(InputError) as caught:
        read_image(path)
    assert str(path) in str(caught.value)
    return f"{caught.value} {caught.value.details}"


def test_an_image_over_the_limit_is_refused_before_decoding(tmp_path, monkeypatch,
                                                           no_decoding):
    # a deflated TIFF of zeros is tiny whatever its size (12000x12000: 1.3 MB, which
    # OpenCV decoded to 2.2 GB before the limit refused it)
    tifffile.imwrite(tmp_path / "zeros.tif", np.zeros((60, 80)), compression="zlib")
    monkeypatch.setattr(readers, "MAX_PIXELS", 4000)
    message = _message(tmp_path / "zeros.tif")
    assert "larger than" in message and "80x60" in message


def test_a_stack_is_refused_before_decoding(tmp_path, no_decoding):
    tifffile.imwrite(tmp_path / "stack.tif", np.zeros((3, 4, 6)), photometric="minisblack")
    assert "3 images (pages)" in _message(tmp_path / "stack.tif")


@pytest.mark.parametrize(("dtype", "words"), [
    (np.float16, "16-bit floating-point samples"),
    (np.complex64, "complex-number samples"),
])
def test_samples_no_decoder_reads_are_named_not_called_damaged(tmp_path, no_decoding, dtype,
                                                               words):
    tifffile.imwrite(tmp_path / "odd.tif", np.zeros((4, 6), dtype))
    message = _message(tmp_path / "odd.tif")
    assert words in message and "cannot read" in message and "damaged" not in message


@pytest.mark.parametrize("shape", [(5, 7), (5, 7, 3)])
@pytest.mark.parametrize("compression", [None, "zlib"])
def test_float64_tiffs_of_tifffile_are_read_exactly(tmp_path, shape, compression):
    values = np.random.default_rng(3).uniform(0.0, 1.0, shape)
    tifffile.imwrite(tmp_path / "map.tif", values, compression=compression,
                     photometric="rgb" if len(shape) == 3 else "minisblack")
    read = read_image(tmp_path / "map.tif")
    assert read.pixels.dtype == np.float64
    np.testing.assert_array_equal(read.pixels, values)


def test_the_directory_is_read_from_bytes_or_a_path(tmp_path):
    cv2.imwrite(str(tmp_path / "grey.tif"), np.full((40, 60), 0.5))
    expected = TiffDirectory(1, 40, 60, np.dtype(np.float64))
    assert tiff_directory(str(tmp_path / "grey.tif")) == expected
    assert tiff_directory((tmp_path / "grey.tif").read_bytes()) == expected
    assert tiff_directory(b"II*\x00" + bytes(40)) is None


def test_a_damaged_directory_is_still_called_damaged(tmp_path):
    cv2.imwrite(str(tmp_path / "cut.tif"), np.full((40, 60), 0.5))
    (tmp_path / "cut.tif").write_bytes((tmp_path / "cut.tif").read_bytes()[:300])
    assert "damaged" in _message(tmp_path / "cut.tif")


def test_signed_8_bit_samples_keep_their_sign_and_are_refused_like_16_bit_ones(tmp_path):
    import numpy as np
    import pytest
    import tifffile

    from vesselview.errors import InputError
    from vesselview.io import load_case
    from vesselview.io.image_decode import decode

    values = np.array([[-5, 0, 100], [0, 100, -128]])
    reference = tmp_path / "reference.tif"
    tifffile.imwrite(reference, np.where(values > 0, 255, 0).astype(np.uint8))
    messages = []
    for dtype in (np.int8, np.int16):
        path = tmp_path / f"{np.dtype(dtype).name}.tif"
        tifffile.imwrite(path, values.astype(dtype))
        pixels = decode(path.read_bytes(), str(path), 10**6)[0]
        assert pixels.tolist() == values.tolist()  # -5 is never read as 251
        with pytest.raises(InputError, match="fit neither a mask nor a probability map") as error:
            load_case(reference, path)
        messages.append(str(error.value).replace(str(path), "FILE").split(" — ")[0])
    assert messages[0] == messages[1]
