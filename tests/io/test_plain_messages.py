"""A bad file is refused in plain words: its name first, what is wrong, the fix.

Technical detail (checksums, decoder messages, array types) follows after
`DETAILS_MARK`, so the command line still prints it and the inspector shows it only in
a tooltip; the plain part a clinician reads carries none of it.
"""

from __future__ import annotations

import gzip
import zlib

import numpy as np
import pytest

import vesselview as vv
from vesselview.errors import InputError, split_details
from vesselview.io.plain_messages import DAMAGED
from vesselview.io.writers import write_png

#: Words of file-format internals that the plain part must not use.
JARGON = ("CRC", "IDAT", "IHDR", "IEND", "Adler", "zlib", "chunk", "dtype", "uint8", "uint16",
          "int32", "float", "NaN", "shape", "(H, W)", "pickle", "decode", "Error:", "3-D",
          "HxW")
GOOD = np.eye(40, dtype=bool)


def _png(path, pixels=GOOD) -> bytes:
    write_png(path, pixels)
    return path.read_bytes()


def _cut_png(tmp_path):
    path = tmp_path / "cut.png"
    data = _png(path)
    path.write_bytes(data[: len(data) // 2])
    return path


def _crc_png(tmp_path):
    path = tmp_path / "crc.png"
    data = bytearray(_png(path))
    at = data.index(b"IDAT") + 6
    data[at] ^= 0xFF  # one byte of the pixel data: its chunk's CRC no longer holds
    path.write_bytes(bytes(data))
    return path


def _short_png(tmp_path):
    """A PNG whose pixel data holds fewer rows than its header declares (valid CRCs)."""
    path = tmp_path / "short.png"
    data = _png(path)
    start = data.index(b"IDAT") - 4
    length = int.from_bytes(data[start:start + 4], "big")
    rows = zlib.decompress(data[start + 8:start + 8 + length])
    body = zlib.compress(rows[: len(rows) // 2])
    chunk = (len(body).to_bytes(4, "big") + b"IDAT" + body
             + zlib.crc32(b"IDAT" + body).to_bytes(4, "big"))
    path.write_bytes(data[:start] + chunk + data[start + 12 + length:])
    return path


def _cut_gz(tmp_path):
    path = tmp_path / "cut.png.gz"
    path.write_bytes(gzip.compress(_png(tmp_path / "inner.png"))[:-12])
    return path


def _text(tmp_path):
    path = tmp_path / "notes.png"
    path.write_text("not an image")
    return path


def _npy(tmp_path):
    path = tmp_path / "broken.npy"
    path.write_bytes(b"\x93NUMPY\x01\x00garbage")
    return path


def _stack(tmp_path):
    path = tmp_path / "stack.npy"
    np.save(path, np.zeros((4, 5, 6), np.uint8))
    return path


def _colour(tmp_path):
    path = tmp_path / "fundus_as_mask.png"
    pixels = np.zeros((8, 8, 3), np.uint8)
    pixels[..., 0] = 200
    pixels[:4, :, 1] = 90
    write_png(path, pixels)
    return path


def _float_range(tmp_path):
    path = tmp_path / "scores.npy"
    np.save(path, np.linspace(0, 3, 64, dtype=np.float32).reshape(8, 8))
    return path


def _not_finite(tmp_path):
    path = tmp_path / "nan.npy"
    values = np.zeros((8, 8), np.float32)
    values[2, 2] = np.nan
    np.save(path, values)
    return path


def _labels(tmp_path):
    path = tmp_path / "classes.npy"
    np.save(path, np.arange(64, dtype=np.int32).reshape(8, 8) % 5)
    return path


BAD_FILES = {"cut": _cut_png, "crc": _crc_png, "short": _short_png, "gz": _cut_gz,
             "text": _text, "npy": _npy, "stack": _stack, "colour": _colour,
             "float": _float_range, "nan": _not_finite, "labels": _labels}
DAMAGED_FILES = ("cut", "crc", "short")


def _refusal(candidate, tmp_path) -> InputError:
    reference = tmp_path / "manual.png"
    write_png(reference, np.eye(8, dtype=bool) if candidate.suffix == ".npy"
              or "fundus" in candidate.name else GOOD)
    with pytest.raises(InputError) as caught:
        vv.load_case(str(reference), str(candidate))
    return caught.value


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_the_plain_part_names_the_file_first_and_says_the_fix(kind, tmp_path):
    path = BAD_FILES[kind](tmp_path)
    plain, _details = split_details(str(_refusal(path, tmp_path)))
    assert plain.startswith(f"{path}: ")
    said = plain[len(str(path)):]
    assert not [word for word in JARGON if word in said], said
    assert "; " in said  # what is wrong; what to do


@pytest.mark.parametrize("kind", DAMAGED_FILES)
def test_a_damaged_png_says_so_plainly_and_keeps_the_check_in_the_details(kind, tmp_path):
    error = _refusal(BAD_FILES[kind](tmp_path), tmp_path)
    plain, details = split_details(str(error))
    assert plain.endswith(DAMAGED) and "open an intact copy" in plain
    assert details == error.details and details.startswith(("PNG check: ", "the decoder"))


def test_the_command_line_keeps_the_technical_detail(tmp_path):
    error = _refusal(_crc_png(tmp_path), tmp_path)
    assert "IDAT chunk fails its CRC checksum" in str(error)
