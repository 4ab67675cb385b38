"""Decompression bombs: compressed data that expands far beyond what its header declares
is refused after inflating about the declared size, never all of it.

A PNG's IHDR declares its pixel data's length, a gzip trailer its content's length; the
bytes inflated are counted (by wrapping ``zlib.decompressobj``) to show the work stays
bounded whatever the number of chunks the bomb is spread over.
"""

from __future__ import annotations

import gzip
import io
import struct
import zlib

import numpy as np
import pytest
from PIL import Image

from vesselview.errors import InputError
from vesselview.io import readers
from vesselview.io.readers import read_image

_MIB = 2**20


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _zeros_stream() -> tuple[bytes, bytes]:
    """A zlib header and one block that inflates to 1 MiB of zeros and can be repeated
    (it is compressed after a full flush, so it does not refer to earlier data)."""
    compressor = zlib.compressobj(9)
    first = compressor.compress(bytes(_MIB)) + compressor.flush(zlib.Z_FULL_FLUSH)
    block = compressor.compress(bytes(_MIB)) + compressor.flush(zlib.Z_FULL_FLUSH)
    assert first.endswith(block)
    return first[: len(first) - len(block)], block


def _png_bomb(chunks: int) -> bytes:
    """A valid 10x10 grey PNG header, then ``chunks`` IDAT chunks of 1 MiB of zeros each."""
    header, block = _zeros_stream()
    ihdr = struct.pack(">IIBBBBB", 10, 10, 8, 0, 0, 0, 0)
    idats = [_chunk(b"IDAT", header + block), *[_chunk(b"IDAT", block)] * (chunks - 1)]
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + b"".join(idats)
            + _chunk(b"IEND", b""))


class _CountingInflater:
    """``zlib.decompressobj`` that adds every inflated byte to a shared total."""

    def __init__(self, inflater, total: list[int]):
        self._inflater, self._total = inflater, total

    def decompress(self, data, max_length=0):
        produced = self._inflater.decompress(data, max_length)
        self._total[0] += len(produced)
        return produced

    def __getattr__(self, name):
        return getattr(self._inflater, name)


@pytest.fixture
def inflated(monkeypatch) -> list[int]:
    """The bytes inflated by every ``zlib.decompressobj`` made during the test."""
    total = [0]
    make = zlib.decompressobj
    monkeypatch.setattr(zlib, "decompressobj",
                        lambda *args, **kwargs: _CountingInflater(make(*args, **kwargs), total))
    return total


def _message(path) -> str:
    with pytest.raises(InputError) as caught:
        read_image(path)
    assert str(path) in str(caught.value)
    return str(caught.value) + str(caught.value.details)


def test_png_bomb_in_many_small_chunks_stops_at_the_declared_size(tmp_path, inflated):
    # 10x10 pixels (110 bytes of pixel data), then 2 GiB of zeros in 2048 IDAT chunks
    path = tmp_path / "bomb.png"
    path.write_bytes(_png_bomb(2048))
    assert "longer than its header declares" in _message(path)
    assert inflated[0] <= 10 * (1 + 10) + 1


def test_png_bomb_in_one_chunk_stops_at_the_declared_size(tmp_path, inflated):
    header, block = _zeros_stream()
    ihdr = struct.pack(">IIBBBBB", 10, 10, 8, 0, 0, 0, 0)
    path = tmp_path / "one.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
                     + _chunk(b"IDAT", header + block * 64) + _chunk(b"IEND", b""))
    assert "longer than its header declares" in _message(path)
    assert inflated[0] <= 111


def test_png_data_one_byte_longer_than_declared_is_refused(tmp_path):
    rows = b"".join(b"\x00" + bytes([7] * 6) for _ in range(4))
    ihdr = struct.pack(">IIBBBBB", 6, 4, 8, 0, 0, 0, 0)
    path = tmp_path / "long.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
                     + _chunk(b"IDAT", zlib.compress(rows + b"\x00")) + _chunk(b"IEND", b""))
    assert "longer than its header declares" in _message(path)


@pytest.mark.parametrize("split", [1, 2, 7, 1000])
def test_png_split_into_any_number_of_chunks_reads_exactly(tmp_path, inflated, split):
    pixels = (np.arange(120 * 90) % 251).astype(np.uint8).reshape(90, 120)
    stream = zlib.compress(b"".join(b"\x00" + row.tobytes() for row in pixels))
    size = -(-len(stream) // split)
    ihdr = struct.pack(">IIBBBBB", 120, 90, 8, 0, 0, 0, 0)
    path = tmp_path / "split.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
                     + b"".join(_chunk(b"IDAT", stream[i:i + size])
                                for i in range(0, len(stream), size))
                     + _chunk(b"IEND", b""))
    np.testing.assert_array_equal(read_image(path).pixels, pixels)


def _gzip_of_zeros(mebibytes: int, declared: int) -> bytes:
    """A gzip member of ``mebibytes`` MiB of zeros whose trailer declares ``declared`` bytes
    (its CRC is not computed: the reader must stop before checking it)."""
    _, block = _zeros_stream()
    final = b"\x03\x00"  # an empty last deflate block
    return (gzip.compress(b"")[:10] + block * mebibytes + final
            + struct.pack("<II", 0, declared % 2**32))


def test_gzip_bomb_is_refused_from_its_trailer_before_inflating(tmp_path, inflated):
    path = tmp_path / "zeros.png.gz"  # 2 GiB of zeros, as its trailer declares
    path.write_bytes(_gzip_of_zeros(2048, 2048 * _MIB))
    assert "compressed data expands beyond" in _message(path)
    assert inflated[0] == 0


def test_gzip_bomb_whose_trailer_lies_stops_at_the_limit(tmp_path, inflated, monkeypatch):
    # the trailer's size is modulo 4 GiB, so a bomb may declare 10 bytes: inflating
    # still stops one step past the limit (made small here)
    monkeypatch.setattr(readers, "MAX_FILE_BYTES", 8 * _MIB)
    path = tmp_path / "lying.png.gz"
    path.write_bytes(_gzip_of_zeros(64, 10))
    assert "compressed data expands beyond" in _message(path)
    assert inflated[0] <= 8 * _MIB + readers._GZIP_STEP


def test_gzip_of_an_image_reads_exactly(tmp_path):
    pixels = (np.arange(300 * 200) % 7 * 40).astype(np.uint8).reshape(200, 300)
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, format="PPM")
    path = tmp_path / "image.ppm.gz"
    path.write_bytes(gzip.compress(buffer.getvalue()))
    np.testing.assert_array_equal(read_image(path).pixels, pixels)
