"""`vesselview.io.readers`: every file format and layout, and every unreadable input."""

from __future__ import annotations

import struct
import zlib

import cv2
import numpy as np
import pytest
from PIL import Image, UnidentifiedImageError

from vesselview.errors import InputError
from vesselview.io import readers
from vesselview.io.readers import from_array, read_image


def _palette_image(indices: np.ndarray, palette: list[int]) -> Image.Image:
    image = Image.frombytes("P", indices.shape[::-1], indices.astype(np.uint8).tobytes())
    image.putpalette(palette)
    return image


def _png_header_only(path, width: int, height: int) -> None:
    """A PNG whose header claims ``width`` x ``height`` (with no real pixel data)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", b"")
                     + chunk(b"IEND", b""))


def test_png_8bit_and_16bit_keep_their_dtype(tmp_path, vessel):
    Image.fromarray(vessel.astype(np.uint8) * 255).save(tmp_path / "a.png")
    Image.fromarray(vessel.astype(np.uint16) * 40000).save(tmp_path / "b.png")
    eight = read_image(tmp_path / "a.png")
    sixteen = read_image(tmp_path / "b.png")
    assert eight.pixels.dtype == np.uint8 and not eight.lossy
    np.testing.assert_array_equal(eight.pixels, vessel * 255)
    assert sixteen.pixels.dtype == np.uint16
    np.testing.assert_array_equal(sixteen.pixels, vessel * 40000)


def test_palette_gif_reads_palette_colours_of_first_frame(tmp_path, vessel):
    # DRIVE's manual GIFs: indices {0, 1}, palette black / white.
    first = _palette_image(vessel.astype(np.uint8), [0, 0, 0, 255, 255, 255])
    second = _palette_image(1 - vessel.astype(np.uint8), [0, 0, 0, 255, 255, 255])
    first.save(tmp_path / "m.gif", save_all=True, append_images=[second])
    raw = read_image(tmp_path / "m.gif")
    np.testing.assert_array_equal(raw.pixels, vessel * 255)  # grey palette -> grey values


def test_palette_order_does_not_matter_only_colours(tmp_path, vessel):
    # Index 0 is white here: the image shows dark vessels, and reads so.
    _palette_image(vessel.astype(np.uint8), [255, 255, 255, 0, 0, 0]).save(tmp_path / "i.png")
    np.testing.assert_array_equal(read_image(tmp_path / "i.png").pixels, ~vessel * 255)


def test_colour_palette_gives_rgb(tmp_path, vessel):
    _palette_image(vessel.astype(np.uint8), [0, 0, 0, 200, 30, 10]).save(tmp_path / "c.png")
    raw = read_image(tmp_path / "c.png")
    assert raw.pixels.shape == (6, 8, 3)
    np.testing.assert_array_equal(raw.pixels[2, 3], [200, 30, 10])


def test_grey_gif(tmp_path, vessel):
    Image.fromarray(vessel.astype(np.uint8) * 255).save(tmp_path / "g.gif")
    np.testing.assert_array_equal(read_image(tmp_path / "g.gif").pixels, vessel * 255)


def test_one_bit_png_is_bool(tmp_path, vessel):
    Image.fromarray(vessel).save(tmp_path / "b.png")
    raw = read_image(tmp_path / "b.png")
    assert raw.pixels.dtype == bool
    np.testing.assert_array_equal(raw.pixels, vessel)


def test_lzw_tiff(tmp_path, vessel):
    Image.fromarray(vessel.astype(np.uint8) * 255).save(tmp_path / "t.tif",
                                                         compression="tiff_lzw")
    with Image.open(tmp_path / "t.tif") as written:
        assert written.info["compression"] == "tiff_lzw"
    np.testing.assert_array_equal(read_image(tmp_path / "t.tif").pixels, vessel * 255)


def test_16bit_and_float_tiff(tmp_path):
    values = np.array([[0, 1000], [30000, 65535]], np.uint16)
    Image.fromarray(values).save(tmp_path / "s.tif")
    Image.fromarray(values.astype(np.float32) / 65535).save(tmp_path / "f.tif")
    np.testing.assert_array_equal(read_image(tmp_path / "s.tif").pixels, values)
    floats = read_image(tmp_path / "f.tif").pixels
    assert floats.dtype == np.float32
    np.testing.assert_allclose(floats, values / 65535, rtol=1e-6)


def test_float64_tiffs_pillow_cannot_open_are_read_exactly(tmp_path):
    # A float64 probability map saved by cv2.imwrite (or tifffile): Pillow refuses it.
    rng = np.random.default_rng(5)
    grey, colour = rng.uniform(0.0, 1.0, (5, 7)), rng.uniform(0.0, 1.0, (5, 7, 3))
    cv2.imwrite(str(tmp_path / "grey.tif"), grey)
    cv2.imwrite(str(tmp_path / "colour.tif"), colour[..., ::-1])  # OpenCV writes BGR
    with pytest.raises(UnidentifiedImageError):
        Image.open(tmp_path / "grey.tif")
    read = read_image(tmp_path / "grey.tif")
    assert read.pixels.dtype == np.float64 and not read.lossy
    np.testing.assert_array_equal(read.pixels, grey)
    np.testing.assert_array_equal(read_image(tmp_path / "colour.tif").pixels, colour)


def test_a_float64_tiff_stack_or_damaged_one_is_refused(tmp_path):
    pages = [np.full((4, 6), value) for value in (0.25, 0.5)]
    assert cv2.imwritemulti(str(tmp_path / "stack.tif"), pages)
    assert "2 pages" in _error(tmp_path / "stack.tif")
    cv2.imwrite(str(tmp_path / "cut.tif"), np.full((40, 60), 0.5))
    (tmp_path / "cut.tif").write_bytes((tmp_path / "cut.tif").read_bytes()[:300])
    assert "damaged" in _error(tmp_path / "cut.tif")


@pytest.mark.parametrize("name", ["p.pgm", "p.ppm", "p.bmp"])
def test_netpbm_and_bmp(tmp_path, vessel, name):
    grey = vessel.astype(np.uint8) * 255
    image = Image.fromarray(np.stack([grey] * 3, 2) if name == "p.ppm" else grey)
    image.save(tmp_path / name)
    raw = read_image(tmp_path / name)
    np.testing.assert_array_equal(raw.pixels if raw.pixels.ndim == 2 else raw.pixels[..., 2],
                                  grey)


def test_16bit_pgm_comes_back_as_uint16(tmp_path):
    values = np.array([[0, 300], [40000, 65535]], np.uint16)
    # Written by hand (Netpbm: maxval > 255 means 2 bytes per sample, big-endian):
    # Pillow writes mode I;16 as PGM only from 11.0 on, and 10.x is allowed.
    (tmp_path / "d.pgm").write_bytes(b"P5\n2 2\n65535\n" + values.astype(">u2").tobytes())
    raw = read_image(tmp_path / "d.pgm")
    assert raw.pixels.dtype == np.uint16
    np.testing.assert_array_equal(raw.pixels, values)


def test_jpeg_is_lossy_and_rgb_alpha_is_dropped(tmp_path, vessel):
    grey = vessel.astype(np.uint8) * 255
    Image.fromarray(np.stack([grey] * 3, 2)).save(tmp_path / "m.jpg")
    Image.fromarray(np.dstack([grey, grey, grey, np.full_like(grey, 7)])).save(tmp_path / "a.png")
    jpeg = read_image(tmp_path / "m.jpg")
    assert jpeg.lossy and jpeg.pixels.shape == (6, 8, 3)
    rgba = read_image(tmp_path / "a.png")
    assert not rgba.lossy
    np.testing.assert_array_equal(rgba.pixels, np.stack([grey] * 3, 2))


def test_npy_recognised_by_content_not_name(tmp_path):
    values = np.array([[0.0, 0.25], [0.5, 1.0]], np.float64)
    with open(tmp_path / "probabilities.bin", "wb") as stream:
        np.save(stream, values)
    raw = read_image(tmp_path / "probabilities.bin")
    assert raw.label.endswith("probabilities.bin")
    np.testing.assert_array_equal(raw.pixels, values)


def test_array_layouts():
    grey = np.arange(6, dtype=np.uint8).reshape(2, 3)
    np.testing.assert_array_equal(from_array(grey[..., None], "x").pixels, grey)
    rgba = np.dstack([grey, grey, grey, grey])
    assert from_array(rgba, "x").pixels.shape == (2, 3, 3)
    assert from_array([[True, False]], "x").pixels.dtype == bool


def _error(path_or_array) -> str:
    with pytest.raises(InputError) as caught:
        if isinstance(path_or_array, np.ndarray):
            from_array(path_or_array, "candidate array")
        else:
            read_image(path_or_array)
    return str(caught.value)


def test_missing_file_and_folder(tmp_path):
    assert "not found" in _error(tmp_path / "nope.png")
    assert "folder" in _error(tmp_path)


def test_empty_and_non_image_files(tmp_path):
    (tmp_path / "empty.png").write_bytes(b"")
    (tmp_path / "notes.png").write_text("these are not pixels")
    assert "empty file" in _error(tmp_path / "empty.png")
    message = _error(tmp_path / "notes.png")
    assert "notes.png" in message and "not an image" in message


def test_truncated_png(tmp_path):
    Image.fromarray(np.arange(64 * 64, dtype=np.uint16).reshape(64, 64)).save(tmp_path / "t.png")
    data = (tmp_path / "t.png").read_bytes()
    (tmp_path / "t.png").write_bytes(data[: len(data) // 2])
    message = _error(tmp_path / "t.png")
    assert "t.png" in message and "truncated" in message


def test_truncated_and_pickled_npy(tmp_path):
    np.save(tmp_path / "t.npy", np.zeros((50, 50)))
    data = (tmp_path / "t.npy").read_bytes()
    (tmp_path / "t.npy").write_bytes(data[:200])
    np.save(tmp_path / "o.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    assert "t.npy" in _error(tmp_path / "t.npy")
    assert "o.npy" in _error(tmp_path / "o.npy")


def test_stacks_are_refused(tmp_path):
    page = Image.fromarray(np.zeros((4, 4), np.uint8))
    page.save(tmp_path / "s.tif", save_all=True, append_images=[page, page])
    np.save(tmp_path / "s.npy", np.zeros((5, 4, 6)))
    assert "3 pages" in _error(tmp_path / "s.tif")
    assert "(5, 4, 6)" in _error(tmp_path / "s.npy")
    assert "3-D" in _error(np.zeros((2, 4, 5)))


def test_bad_arrays():
    assert "empty" in _error(np.zeros((0, 5)))
    assert "<U1" in _error(np.array([["a", "b"]]))
    assert "(5,)" in _error(np.zeros(5))


def test_huge_images_are_refused_before_decoding(tmp_path):
    # Above Pillow's own decompression-bomb limit, and between it and ours.
    _png_header_only(tmp_path / "bomb.png", 20000, 20000)
    _png_header_only(tmp_path / "big.png", 12000, 9000)
    for name in ("bomb.png", "big.png"):
        message = _error(tmp_path / name)
        assert name in message and "100 megapixels" in message


def test_pixel_limit_applies_to_npy_and_arrays(tmp_path, monkeypatch):
    monkeypatch.setattr(readers, "MAX_PIXELS", 11)
    np.save(tmp_path / "n.npy", np.zeros((3, 4, 3), np.uint8))
    assert "megapixels" in _error(tmp_path / "n.npy")
    assert "megapixels" in _error(np.zeros((3, 4)))
    assert from_array(np.zeros((2, 5, 3)), "x").pixels.shape == (2, 5, 3)
