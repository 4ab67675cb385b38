"""Read image files and arrays into plain numpy pixels, without interpreting them.

Files are recognised by their content, not their name: gzip (any image, e.g. STARE's
``.ppm.gz``) by its magic bytes and decompressed in memory, ``.npy`` by the NumPy magic
bytes, everything else by `vesselview.io.image_decode` (PNG, GIF, TIFF including LZW,
PPM/PGM, JPEG, BMP). Pixels come back as stored (bool, uint8, uint16, int32, float) in
one of two layouts, (H, W) or (H, W, 3), with any alpha channel apart. What the values
*mean* (mask, probability map, photograph) is decided by `vesselview.io.masks` and
`vesselview.io.fundus`.

Only regular files are opened: a folder, a named pipe (which would block), a device or
a socket is refused after a ``stat``. A multi-page TIFF or a 3-D array is an error,
never a silent slice (``docs/metrics.md``, "Inputs and conventions"). Every failure is
an `InputError` naming the file.
"""

from __future__ import annotations

import dataclasses
import errno
import gzip
import io
import os
import stat
import zlib
from typing import BinaryIO

import numpy as np

from vesselview.errors import InputError
from vesselview.io.image_decode import SUPPORTED_FORMATS, decode, too_large_message
from vesselview.io.png_check import SIGNATURE as PNG_SIGNATURE

__all__ = ["MAX_PIXELS", "SUPPORTED_FORMATS", "RawImage", "from_array", "read_image"]

#: Largest image accepted, in pixels (width x height).
MAX_PIXELS = 100_000_000
#: Largest file (or decompressed ``.gz`` content) read: a float64 image of `MAX_PIXELS`.
MAX_FILE_BYTES = 8 * MAX_PIXELS + 2**20

_NPY_MAGIC = b"\x93NUMPY"
_GZIP_MAGIC = b"\x1f\x8b"
#: The smallest gzip file: a 10-byte header, an empty deflate stream and an 8-byte trailer.
_GZIP_MINIMUM = 20
#: Bytes inflated per step when reading a .gz file (bounds the overshoot of the limit).
_GZIP_STEP = 2**20

PathLike = str | os.PathLike


@dataclasses.dataclass(frozen=True, eq=False)
class RawImage:
    """Pixels of one input, as stored.

    Attributes
    ----------
    pixels : ndarray, shape (H, W) or (H, W, 3)
        Values as stored: bool, an integer dtype, or float.
    label : str
        How messages name the input: the file path, or e.g. ``"reference array"``.
    lossy : bool
        True for JPEG-compressed files, whose values carry compression noise.
    alpha : ndarray, shape (H, W), or None
        The alpha (opacity) channel, when the input has one.
    """

    pixels: np.ndarray
    label: str
    lossy: bool = False
    alpha: np.ndarray | None = None


def read_image(path: PathLike) -> RawImage:
    """Read an image or ``.npy`` file, gzipped or not.

    Parameters
    ----------
    path : str or os.PathLike
        The file. Its format is recognised from its content.

    Returns
    -------
    RawImage

    Raises
    ------
    InputError
        When the file is missing, not a regular file, unreadable, not an image,
        truncated or corrupt (bad checksum, short pixel data), has several pages or a
        3-D array, is empty, or exceeds `MAX_PIXELS`.
    """
    label = os.fspath(path)
    _check_regular_file(label)
    head = _file_start(label, len(_NPY_MAGIC))
    if head.startswith(_GZIP_MAGIC):
        data = _gunzipped(_file_bytes(label), label)
    elif head.startswith(_NPY_MAGIC) or head.startswith(PNG_SIGNATURE[:6]):
        data = _file_bytes(label)  # a PNG is verified from its bytes, then decoded from them
    else:
        pixels, alpha, lossy = decode(label, label, MAX_PIXELS)  # Pillow reads the file
        return RawImage(_checked_layout(pixels, label), label, lossy, alpha)
    if data.startswith(_NPY_MAGIC):
        return _read_npy(io.BytesIO(data), label)
    pixels, alpha, lossy = decode(data, label, MAX_PIXELS)
    return RawImage(_checked_layout(pixels, label), label, lossy, alpha)


def from_array(array: object, label: str) -> RawImage:
    """Wrap an array given in place of a file, checking its layout like a file's.

    Parameters
    ----------
    array : array_like, shape (H, W), (H, W, 1), (H, W, 3) or (H, W, 4)
        bool, integer or float values; a 4th channel is the alpha channel.
    label : str
        How messages name it, e.g. ``"candidate array"``.

    Raises
    ------
    InputError
        For another layout (a 3-D stack), an empty array, a non-numeric dtype, or more
        than `MAX_PIXELS` pixels.
    """
    pixels = np.asarray(array)
    alpha = pixels[..., 3] if pixels.ndim == 3 and pixels.shape[2] == 4 else None
    return RawImage(_checked_layout(pixels, label), label, alpha=alpha)


def _check_regular_file(label: str) -> None:
    """Refuse anything but a non-empty regular file of acceptable size before opening it
    (opening a named pipe would block until someone writes to it)."""
    try:
        status = os.stat(label)
    except (OSError, ValueError) as error:
        raise _unopenable(label, error) from None
    if stat.S_ISDIR(status.st_mode):
        raise InputError(f"{label}: is a folder, not an image file; choose a file in it",
                         source=label)
    if not stat.S_ISREG(status.st_mode):
        raise InputError(f"{label}: is not a regular file (a pipe, device or socket); save "
                         "the image to a file and give that", source=label)
    if status.st_size == 0:
        raise InputError(f"{label}: is an empty file (0 bytes); export it again", source=label)
    if status.st_size > MAX_FILE_BYTES:
        raise InputError(too_large_message(label, MAX_PIXELS), source=label)


def _unopenable(label: str, error: OSError | ValueError) -> InputError:
    """Why ``label`` cannot be opened: missing, a broken or looping link, or another reason."""
    if isinstance(error, FileNotFoundError) and os.path.islink(label):
        return InputError(f"{label}: is a symbolic link to {os.readlink(label)}, which does "
                          "not exist; link it to the image file", source=label)
    if isinstance(error, FileNotFoundError):
        return InputError(f"{label}: file not found; check the path", source=label)
    if isinstance(error, OSError) and error.errno == errno.ELOOP:
        return InputError(f"{label}: is a symbolic link that leads back to itself (a loop); "
                          "link it to the image file", source=label)
    return InputError(f"{label}: The file cannot be opened; check the path and that you "
                      "may read the file", source=label, details=str(error))


def _file_start(label: str, count: int) -> bytes:
    """The first ``count`` bytes of a file."""
    try:
        with open(label, "rb") as stream:
            return stream.read(count)
    except OSError as error:
        raise InputError(f"{label}: The file cannot be read; check that you may read it and "
                         "that its disk is attached", source=label,
                         details=str(error.strerror)) from None


def _file_bytes(label: str) -> bytes:
    """The whole content of a file (already checked to be regular and not too large)."""
    data = _file_start(label, MAX_FILE_BYTES + 1)
    if not data:
        raise InputError(f"{label}: is an empty file (0 bytes); export it again", source=label)
    return data


def _gunzipped(data: bytes, label: str) -> bytes:
    """Content of gzip-compressed bytes, refusing truncated, corrupt or huge ones.

    A bomb (gigabytes of compressed zeros) is refused before anything is inflated when
    the gzip trailer declares a content larger than `MAX_FILE_BYTES`; the trailer only
    holds the size modulo 4 GiB (and only the last member's), so the inflating is also
    bounded: it runs in steps of `_GZIP_STEP` bytes and stops past `MAX_FILE_BYTES`.
    """
    declared = int.from_bytes(data[-4:], "little") if len(data) >= _GZIP_MINIMUM else 0
    if declared > MAX_FILE_BYTES:
        raise _expands_too_far(label, f"its gzip trailer declares {declared} bytes")
    try:
        content = _inflated_gzip(data, label)
    except (OSError, EOFError, zlib.error) as error:
        raise InputError(f"{label}: The compressed (.gz) file is damaged (its data is cut "
                         "short or corrupted); download or compress it again", source=label,
                         details=f"gzip: {error}") from None
    if not content:
        raise InputError(f"{label}: is an empty .gz file; compress the image again",
                         source=label)
    return content


def _inflated_gzip(data: bytes, label: str) -> bytes:
    """The content of ``data``, read `_GZIP_STEP` bytes at a time, at most `MAX_FILE_BYTES`."""
    parts: list[bytes] = []
    total = 0
    with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
        while part := stream.read(_GZIP_STEP):
            total += len(part)
            if total > MAX_FILE_BYTES:
                raise _expands_too_far(label, f"stopped after inflating {total} bytes")
            parts.append(part)
    return b"".join(parts)


def _expands_too_far(label: str, details: str) -> InputError:
    """The error for a .gz file whose content would exceed `MAX_FILE_BYTES`."""
    return InputError(f"{label}: The compressed data expands beyond "
                      f"{MAX_FILE_BYTES // 1_000_000} MB, more than the largest image vesselview "
                      f"reads ({MAX_PIXELS // 1_000_000} megapixels); check that this .gz "
                      "file holds the image you meant, or crop or downscale the image",
                      source=label, details=details)


def _read_npy(stream: BinaryIO, label: str) -> RawImage:
    """Read a ``.npy`` array, checking its size (in the header) before loading it."""
    try:
        shape = _npy_shape(stream)
    except Exception as error:  # numpy's parser fails variously on bad files
        raise _unreadable_npy(label, error) from None
    _check_pixel_count(_pixel_count(shape), label)
    stream.seek(0)
    try:
        array = np.load(stream, allow_pickle=False)
    except Exception as error:  # as above
        raise _unreadable_npy(label, error) from None
    return from_array(array, label)


def _unreadable_npy(label: str, error: Exception) -> InputError:
    return InputError(
        f"{label}: The NumPy file cannot be read (it is damaged, or holds something other "
        "than numbers); save it again with numpy.save from an array of numbers",
        source=label, details=f"not a readable .npy array (truncated, or pickled objects): "
        f"{error}",
    )


def _npy_shape(stream: BinaryIO) -> tuple[int, ...]:
    """The array shape in a ``.npy`` header."""
    version = np.lib.format.read_magic(stream)
    read_header = (np.lib.format.read_array_header_1_0 if version == (1, 0)
                   else np.lib.format.read_array_header_2_0)
    shape, _, _ = read_header(stream)
    return tuple(shape)


def _checked_layout(pixels: np.ndarray, label: str) -> np.ndarray:
    """Bring pixels to (H, W) or (H, W, 3), refusing stacks, empty and non-numeric arrays."""
    if pixels.dtype != bool and pixels.dtype.kind not in "iuf":
        raise InputError(
            f"{label}: The file holds something other than numbers; give an image or an "
            "array of numbers", source=label,
            details=f"{pixels.dtype} values (need bool, integer or float)",
        )
    if pixels.ndim == 3 and pixels.shape[2] in (1, 3, 4):
        pixels = pixels[..., 0] if pixels.shape[2] == 1 else pixels[..., :3]
    if not (pixels.ndim == 2 or (pixels.ndim == 3 and pixels.shape[2] == 3)):
        raise InputError(
            f"{label}: The file holds a stack of images, not one image; save the image "
            "(slice) you want as a file of its own", source=label,
            details=f"shape {pixels.shape}, which is not one 2-D image; vesselview needs "
            "(H, W) or (H, W, 3) — a 3-D stack is not sliced for you",
        )
    if pixels.size == 0:
        raise InputError(f"{label}: The image has no pixels; export it again", source=label,
                         details=f"empty array of shape {pixels.shape}")
    _check_pixel_count(pixels.shape[0] * pixels.shape[1], label)
    return pixels


def _pixel_count(shape: tuple[int, ...]) -> int:
    """Pixels of an array of ``shape``, reading a small last axis as colour channels."""
    if len(shape) == 3 and shape[2] <= 4:
        shape = shape[:2]
    return int(np.prod(shape, dtype=np.int64))


def _check_pixel_count(pixels: int, label: str) -> None:
    """Refuse images above `MAX_PIXELS` before decoding them."""
    if pixels > MAX_PIXELS:
        raise InputError(too_large_message(label, MAX_PIXELS), source=label)
