"""Damaged and unusual files: each class of damage is an `InputError` naming the file.

Short pixel data, bad checksums, truncated headers, FIFOs and devices, and a fuzz test:
randomly damaged files of every format either raise `InputError` or read. Formats with
checksums (PNG, gzip) must then read exactly the original pixels; the others (GIF, TIFF,
PPM, BMP, JPEG, npy) carry none, so a flipped pixel byte cannot be detected.
"""

from __future__ import annotations

import gzip
import io
import os
import struct
import threading
import zlib

import numpy as np
import pytest
from PIL import Image

from tests.io.dataset_files import fundus, vessels
from vesselview.errors import InputError
from vesselview.io.readers import read_image


def _png(pixels: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, format="PNG")
    return buffer.getvalue()


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _png_from_parts(width: int, height: int, raw: bytes, *, bad_adler: bool = False) -> bytes:
    """A grey 8-bit PNG with the given header size and filtered pixel data."""
    stream = zlib.compress(raw)
    if bad_adler:
        stream = stream[:-4] + bytes(byte ^ 0xFF for byte in stream[-4:])
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", stream)
            + _chunk(b"IEND", b""))


def _message(path) -> str:
    with pytest.raises(InputError) as caught:
        read_image(path)
    assert str(path) in str(caught.value)
    return str(caught.value)


def test_pixel_data_with_fewer_rows_than_the_header_is_an_error(tmp_path):
    rows = b"".join(b"\x00" + bytes([200] * 6) for _ in range(4))
    (tmp_path / "short.png").write_bytes(_png_from_parts(6, 10, rows))  # 4 of 10 rows
    assert "rows are missing" in _message(tmp_path / "short.png")
    (tmp_path / "whole.png").write_bytes(_png_from_parts(6, 4, rows))
    assert read_image(tmp_path / "whole.png").pixels.shape == (4, 6)


def test_bad_chunk_crc_is_an_error(tmp_path):
    data = bytearray(_png(vessels(1).astype(np.uint8) * 255))
    data[data.index(b"IDAT") + 6] ^= 0x04  # one bit of the compressed pixel data
    (tmp_path / "flip.png").write_bytes(bytes(data))
    assert "IDAT chunk fails its CRC checksum" in _message(tmp_path / "flip.png")


def test_bad_adler32_is_an_error(tmp_path):
    rows = b"".join(b"\x00" + bytes([9] * 6) for _ in range(4))
    (tmp_path / "adler.png").write_bytes(_png_from_parts(6, 4, rows, bad_adler=True))
    assert "does not decompress" in _message(tmp_path / "adler.png")


def test_truncated_header_and_file(tmp_path):
    data = _png(vessels(1).astype(np.uint8) * 255)
    (tmp_path / "header.png").write_bytes(data[:20])
    (tmp_path / "half.png").write_bytes(data[: len(data) // 2])
    assert "truncated" in _message(tmp_path / "header.png")
    assert "truncated" in _message(tmp_path / "half.png")


def test_truncated_and_corrupt_gzip(tmp_path):
    packed = gzip.compress(_png(vessels(1).astype(np.uint8) * 255))
    (tmp_path / "cut.png.gz").write_bytes(packed[: len(packed) - 10])
    damaged = bytearray(packed)
    damaged[len(damaged) - 6] ^= 0xFF  # the CRC-32 of the gzip trailer
    (tmp_path / "crc.png.gz").write_bytes(bytes(damaged))
    assert ".gz" in _message(tmp_path / "cut.png.gz")
    assert ".gz" in _message(tmp_path / "crc.png.gz")


def test_fifo_is_refused_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "pipe.png")
    messages = []
    reader = threading.Thread(target=lambda: messages.append(_message(tmp_path / "pipe.png")))
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():  # unblock the reader before failing
        with open(tmp_path / "pipe.png", "wb"):
            pass
        pytest.fail("reading a FIFO blocked")
    assert "not a regular file" in messages[0]


def test_device_and_folder_are_refused(tmp_path):
    assert "not a regular file" in _message("/dev/zero")
    assert "folder" in _message(tmp_path)


def _encodings() -> dict[str, tuple[bytes, np.ndarray]]:
    """Original bytes and pixels of a small image in every format."""
    grey = vessels(2).astype(np.uint8) * 255
    rgb = fundus(2)
    files = {}
    for name, pixels, options in (
        ("png", grey, {}), ("gif", grey, {}), ("tiff", rgb, {"compression": "tiff_lzw"}),
        ("ppm", rgb, {}), ("bmp", grey, {}), ("jpeg", rgb, {}),
    ):
        buffer = io.BytesIO()
        Image.fromarray(pixels).save(buffer, format=name.upper(), **options)
        files[name] = (buffer.getvalue(), pixels)
    buffer = io.BytesIO()
    np.save(buffer, grey)
    files["npy"] = (buffer.getvalue(), grey)
    files["png.gz"] = (gzip.compress(files["png"][0]), grey)
    return files


def _damaged(data: bytes, rng: np.random.Generator) -> bytes:
    """One random damage: bit flips, truncation, a zeroed or random run, or an insertion."""
    damaged = bytearray(data)
    kind = rng.integers(5)
    where = int(rng.integers(len(data)))
    if kind == 0:
        for position in rng.integers(len(data), size=int(rng.integers(1, 4))):
            damaged[position] ^= 1 << int(rng.integers(8))
    elif kind == 1:
        del damaged[where:]
    elif kind == 2:
        length = len(damaged[where:where + int(rng.integers(1, 32))])
        damaged[where:where + length] = bytes(length)
    elif kind == 3:
        run = rng.integers(256, size=int(rng.integers(1, 16)), dtype=np.uint8).tobytes()
        damaged[where:where + len(run)] = run
    else:
        damaged[where:where] = rng.integers(256, size=int(rng.integers(1, 16)),
                                            dtype=np.uint8).tobytes()
    return bytes(damaged)


CHECKSUMMED = {"png", "png.gz"}


@pytest.mark.filterwarnings("ignore::UserWarning")  # Pillow's notes on corrupt TIFF tags
@pytest.mark.parametrize("name", list(_encodings()))
def test_fuzz_damaged_files_raise_input_error_or_read(tmp_path, name):
    data, pixels = _encodings()[name]
    rng = np.random.default_rng(sum(map(ord, name)))
    path = tmp_path / f"damaged.{name}"
    for _ in range(150):
        path.write_bytes(_damaged(data, rng))
        try:
            raw = read_image(path)
        except InputError as error:
            assert str(path) in str(error)
            continue
        if name in CHECKSUMMED:
            np.testing.assert_array_equal(raw.pixels, pixels)


def test_truncated_lzw_tiff_is_named_damaged_not_unknown(tmp_path):
    buffer = io.BytesIO()
    Image.fromarray(fundus(1)).save(buffer, format="TIFF", compression="tiff_lzw")
    (tmp_path / "cut.tif").write_bytes(buffer.getvalue()[:-40])  # the directory is last
    assert "damaged or truncated TIFF" in _message(tmp_path / "cut.tif")
