"""Verify a PNG's checksums and pixel-data length, which Pillow does not.

Pillow decodes a PNG whose chunk CRCs are wrong, whose zlib stream fails its Adler-32
check, or whose pixel data holds fewer rows than the header declares (the missing rows
come back as zeros): such a file would be scored silently wrong. This pass walks the
chunks (``zlib.crc32`` per chunk), inflates the pixel data once and compares its length
with the size the header implies (PNG specification, ISO/IEC 15948, sections 5 and 7-8).
It costs about one zlib inflate of the image, done in C, and never more: the bytes
inflated are counted across all IDAT chunks and inflating stops one byte past the
declared size, so compressed zeros spread over many small chunks (a bomb) are refused
after inflating the image's size, not all of them.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator

from vesselview.errors import InputError
from vesselview.io.plain_messages import damaged_file

SIGNATURE = b"\x89PNG\r\n\x1a\n"

_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
#: Adam7 passes: (first row, first column, row step, column step).
_ADAM7 = ((0, 0, 8, 8), (0, 4, 8, 8), (4, 0, 8, 4), (0, 2, 4, 4), (2, 0, 4, 2), (0, 1, 2, 2),
          (1, 0, 2, 1))
#: Inflated bytes per step of the check (bounds its memory).
_STEP = 2**20


def verify_png(data: bytes, label: str, max_pixels: int) -> None:
    """Check every chunk's CRC, the zlib stream and the pixel-data length of a PNG.

    Parameters
    ----------
    data : bytes
        The whole file, starting with the PNG signature.
    label : str
        How messages name the file.
    max_pixels : int
        A larger image is refused before its data is inflated.

    Raises
    ------
    InputError
        Naming the failed check: a chunk CRC, a truncated file, a broken zlib stream or
        Adler-32 checksum, or pixel data shorter than the header's size; or the image is
        larger than ``max_pixels``.
    """
    inflater = zlib.decompressobj()
    expected = found = 0
    for kind, body in _chunks(memoryview(data), label):
        if kind == b"IHDR":
            expected = _raw_length(body, label, max_pixels)
        elif kind == b"IDAT":
            found += _inflated_length(inflater, body, label, expected - found)
    if found < expected:
        raise _error(label, f"its pixel data holds {found} of the {expected} bytes its "
                            "header declares (rows are missing)")
    if not inflater.eof:
        raise _error(label, "its pixel data stops before the end of the compressed stream")


def _chunks(data: memoryview, label: str) -> Iterator[tuple[bytes, memoryview]]:
    """Kind and body of each chunk up to IEND, after checking its CRC (no copies)."""
    position = len(SIGNATURE)
    while True:
        if position + 8 > len(data):
            raise _error(label, "it ends before its IEND chunk (truncated)")
        length, kind = struct.unpack_from(">I4s", data, position)
        end = position + 8 + length
        if length > 0x7FFFFFFF or end + 4 > len(data):
            raise _error(label, f"its {_name(kind)} chunk is cut off (truncated)")
        body = data[position + 8:end]
        (stored,) = struct.unpack_from(">I", data, end)
        if zlib.crc32(body, zlib.crc32(kind)) != stored:
            raise _error(label, f"its {_name(kind)} chunk fails its CRC checksum")
        if position == len(SIGNATURE) and kind != b"IHDR":
            raise _error(label, "it does not start with an IHDR chunk")
        if kind == b"IEND":
            return
        yield kind, body
        position = end + 4


def _inflated_length(inflater: zlib._Decompress, body: memoryview, label: str,
                     remaining: int) -> int:
    """Bytes ``body`` inflates to, at most ``remaining`` (what the header still expects).

    Inflates in steps of at most `_STEP` bytes (bounded memory) and never more than one
    byte past ``remaining``: data longer than the header declares (a bomb of compressed
    zeros, whatever the number of chunks it is spread over) is refused there.
    """
    produced = 0
    pending: bytes | memoryview = body
    try:
        while pending:
            # at least 1: a max_length of 0 would mean "no limit"
            limit = min(_STEP, max(remaining - produced, 0) + 1)
            produced += len(inflater.decompress(pending, limit))
            if produced > remaining:
                raise _error(label, "its pixel data is longer than its header declares "
                                    f"(more than the {remaining} bytes still expected)")
            pending = inflater.unconsumed_tail
    except zlib.error as error:
        raise _error(label, f"its pixel data does not decompress ({error})") from None
    return produced


def _raw_length(header: memoryview, label: str, max_pixels: int) -> int:
    """Bytes of filtered pixel data the header implies (one filter byte per row)."""
    if len(header) != 13:
        raise _error(label, "its IHDR chunk has the wrong length")
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if width * height > max_pixels:
        raise InputError(f"{label}: The image is larger than {max_pixels // 1_000_000} "
                         "megapixels, which vesselview refuses; crop or downscale it",
                         source=label, details=f"PNG header: {width}x{height} pixels")
    if colour not in _CHANNELS or depth not in (1, 2, 4, 8, 16):
        raise _error(label, f"its header declares colour type {colour}, bit depth {depth}")
    bits = _CHANNELS[colour] * depth
    if not interlace:
        return height * (1 + (width * bits + 7) // 8)
    total = 0
    for row, column, row_step, column_step in _ADAM7:
        rows = (height - row + row_step - 1) // row_step if height > row else 0
        columns = (width - column + column_step - 1) // column_step if width > column else 0
        if rows and columns:
            total += rows * (1 + (columns * bits + 7) // 8)
    return total


def _name(kind: bytes) -> str:
    return kind.decode("latin-1", "replace")


def _error(label: str, reason: str) -> InputError:
    """A damaged PNG: the plain message, and which check failed as technical detail."""
    return damaged_file(label, f"PNG check: {reason}")
