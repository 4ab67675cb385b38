"""Read image files and arrays into plain numpy pixels, without interpreting them.

Files are recognised by their content, not their name: ``.npy`` by the NumPy magic
bytes, everything else by Pillow (PNG, GIF, TIFF including LZW-compressed, PPM/PGM,
JPEG, BMP). Pixels come back as stored (bool, uint8, uint16, int32, float) in one of
two layouts, (H, W) or (H, W, 3): palettes are expanded to their colours (grey
palettes to grey values), alpha channels dropped. What the values *mean* (mask,
probability map, photograph) is decided by `vesselview.io.masks` and `vesselview.io.fundus`.

Pitfalls handled here (``design.md``): a GIF is read as its first frame with its
palette applied (DRIVE's ``NN_manual2.gif`` stores indices {0, 1}); LZW TIFFs are
read by Pillow (no ``imagecodecs`` needed); a multi-page TIFF or a 3-D array is an
error, never a silent slice (``metrics.md`` section 0).
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import os
import stat
import warnings
import zlib
from pathlib import Path
from typing import BinaryIO

import numpy as np
from PIL import Image, UnidentifiedImageError

from vesselview.errors import InputError

#: Largest image accepted, in pixels (width x height).
MAX_PIXELS = 100_000_000
SUPPORTED_FORMATS = "PNG, GIF, TIFF, PPM/PGM, JPEG, BMP or .npy"

_NPY_MAGIC = b"\x93NUMPY"
_GZIP_MAGIC = b"\x1f\x8b"
#: Largest decompressed ``.gz`` content read: a float64 image of `MAX_PIXELS` plus slack.
MAX_GUNZIPPED_BYTES = 8 * MAX_PIXELS + 2**20
_LOSSY_FORMATS = frozenset({"JPEG", "MPO"})
_FIRST_FRAME_FORMATS = frozenset({"GIF"})
_DIRECT_MODES = frozenset({"1", "L", "F", "RGB", "I;16", "I;16L", "I;16B", "I;16N"})
_UINT16_MAX = 65535

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
    """

    pixels: np.ndarray
    label: str
    lossy: bool = False


def read_image(path: PathLike) -> RawImage:
    """Read an image or ``.npy`` file.

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
        When the file is missing, unreadable, not an image, truncated or corrupt, has
        several pages or a 3-D array, is empty, or exceeds `MAX_PIXELS`.
    """
    label = os.fspath(path)
    _check_regular_file(label)
    try:
        with open(label, "rb") as stream:
            head = stream.read(len(_NPY_MAGIC))
    except OSError as error:
        raise InputError(f"{label}: cannot be read ({error.strerror})", source=label) from None
    if not head:
        raise InputError(f"{label}: is an empty file (0 bytes); export it again", source=label)
    source: Path | BinaryIO = Path(label)
    if head.startswith(_GZIP_MAGIC):
        source = io.BytesIO(_gunzipped(label))
        head = source.getvalue()[: len(_NPY_MAGIC)]
    if head == _NPY_MAGIC:
        return _read_npy(source, label)
    return _read_with_pillow(source, label)


def _check_regular_file(label: str) -> None:
    """Refuse a missing path, a folder, a pipe, a device or a socket before opening it
    (opening a named pipe would block until someone writes to it)."""
    try:
        mode = os.stat(label).st_mode
    except FileNotFoundError:
        raise InputError(f"{label}: file not found; check the path", source=label) from None
    except OSError as error:
        raise InputError(f"{label}: cannot be read ({error.strerror})", source=label) from None
    if stat.S_ISDIR(mode):
        raise InputError(f"{label}: is a folder, not an image file", source=label)
    if not stat.S_ISREG(mode):
        raise InputError(
            f"{label}: is not a regular file (a pipe, device or socket); save the image to "
            "a file and give that",
            source=label,
        )


def _gunzipped(label: str) -> bytes:
    """Content of a gzip-compressed file, refusing truncated, corrupt or huge ones."""
    try:
        with gzip.open(label, "rb") as stream:
            data = stream.read(MAX_GUNZIPPED_BYTES + 1)
    except (OSError, EOFError, zlib.error) as error:
        raise InputError(
            f"{label}: is a truncated or corrupt .gz file ({error}); download or compress "
            "it again",
            source=label,
        ) from None
    if len(data) > MAX_GUNZIPPED_BYTES:
        raise InputError(_too_large_message(label), source=label)
    if not data:
        raise InputError(f"{label}: is an empty .gz file; compress the image again",
                         source=label)
    return data


def from_array(array: object, label: str) -> RawImage:
    """Wrap an array given in place of a file, checking its layout like a file's.

    Parameters
    ----------
    array : array_like, shape (H, W), (H, W, 1), (H, W, 3) or (H, W, 4)
        bool, integer or float values; a 4th channel is taken as alpha and dropped.
    label : str
        How messages name it, e.g. ``"candidate array"``.

    Raises
    ------
    InputError
        For another layout (a 3-D stack), an empty array, a non-numeric dtype, or more
        than `MAX_PIXELS` pixels.
    """
    return RawImage(_checked_layout(np.asarray(array), label), label)


def _read_npy(source: Path | BinaryIO, label: str) -> RawImage:
    """Read a ``.npy`` file, checking its size (in the header) before loading it."""
    try:
        with open(source, "rb") if isinstance(source, Path) else source as stream:
            shape = _npy_shape(stream)
            if _pixel_count(shape) <= MAX_PIXELS:
                stream.seek(0)
                array = np.load(stream, allow_pickle=False)
    except (ValueError, OSError, EOFError, TypeError) as error:
        raise InputError(
            f"{label}: is not a readable .npy array ({error}); the file may be truncated, "
            "or hold pickled objects — save it with numpy.save from a numeric array",
            source=label,
        ) from None
    _check_pixel_count(_pixel_count(shape), label)
    return RawImage(_checked_layout(array, label), label)


def _npy_shape(stream: BinaryIO) -> tuple[int, ...]:
    """The array shape in a ``.npy`` header."""
    version = np.lib.format.read_magic(stream)
    read_header = (np.lib.format.read_array_header_1_0 if version == (1, 0)
                   else np.lib.format.read_array_header_2_0)
    shape, _, _ = read_header(stream)
    return tuple(shape)


def _read_with_pillow(file: Path | BinaryIO, label: str) -> RawImage:
    """Read an image file with Pillow: first GIF frame, palette applied, alpha dropped."""
    with warnings.catch_warnings():
        # Our own MAX_PIXELS limit replaces Pillow's decompression-bomb warning.
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            image = Image.open(file)
        except UnidentifiedImageError:
            raise InputError(
                f"{label}: is not an image file vesselview can read; "
                f"use {SUPPORTED_FORMATS}",
                source=label,
            ) from None
        except Image.DecompressionBombError:
            raise InputError(_too_large_message(label), source=label) from None
        with image:
            _check_pixel_count(image.width * image.height, label)
            _check_single_page(image, label)
            lossy = image.format in _LOSSY_FORMATS
            try:
                pixels = _decoded(image)
            except (OSError, SyntaxError, ValueError) as error:
                raise InputError(
                    f"{label}: cannot be decoded ({error}); the file is truncated or "
                    "corrupt — export it again",
                    source=label,
                ) from None
    return RawImage(_checked_layout(pixels, label), label, lossy)


def _check_single_page(image: Image.Image, label: str) -> None:
    """Refuse multi-page files (a 3-D stack), except GIF whose first frame is used."""
    pages = getattr(image, "n_frames", 1)
    if pages > 1 and image.format not in _FIRST_FRAME_FORMATS:
        raise InputError(
            f"{label}: is a stack of {pages} pages (3-D); vesselview evaluates one 2-D "
            "image — save the page you want as a single image",
            source=label,
        )


def _decoded(image: Image.Image) -> np.ndarray:
    """Pixels of an open Pillow image: palette expanded to colours, alpha dropped."""
    if image.mode in _DIRECT_MODES:
        pixels = np.asarray(image)
        return pixels.astype(pixels.dtype.newbyteorder("="), copy=False)
    if image.mode == "I":
        return _narrowed_int32(np.asarray(image))
    if image.mode in ("LA", "La"):
        return np.asarray(image.convert("L"))
    if image.mode == "P":
        return _palette_colours(image)
    if image.mode == "PA":
        return np.asarray(image.convert("RGBA"))[..., :3]
    return np.asarray(image.convert("RGB"))


def _palette_colours(image: Image.Image) -> np.ndarray:
    """Colours of a palette image by table lookup: (H, W) when every colour is grey.

    A lookup is ~5x faster than Pillow's RGBA conversion, and a grey palette (DRIVE's
    black / white manuals) gives grey values directly, with no channels to compare.
    """
    palette = np.zeros((256, 3), np.uint8)
    colours = np.asarray(image.getpalette("RGB") or [], np.uint8).reshape(-1, 3)[:256]
    palette[: len(colours)] = colours
    indices = np.asarray(image)
    if (palette[:, 0] == palette[:, 1]).all() and (palette[:, 0] == palette[:, 2]).all():
        return palette[:, 0][indices]
    return palette[indices]


def _narrowed_int32(pixels: np.ndarray) -> np.ndarray:
    """Pillow's 32-bit mode holds 16-bit PGM/PNG data: give it back as uint16 when it fits."""
    if pixels.size and pixels.min() >= 0 and pixels.max() <= _UINT16_MAX:
        return pixels.astype(np.uint16)
    return pixels


def _checked_layout(pixels: np.ndarray, label: str) -> np.ndarray:
    """Bring pixels to (H, W) or (H, W, 3), refusing stacks, empty and non-numeric arrays."""
    if pixels.dtype != bool and pixels.dtype.kind not in "iuf":
        raise InputError(
            f"{label}: has {pixels.dtype} values; give numbers (bool, integer or float)",
            source=label,
        )
    if pixels.ndim == 3 and pixels.shape[2] in (1, 3, 4):
        pixels = pixels[..., 0] if pixels.shape[2] == 1 else pixels[..., :3]
    if not (pixels.ndim == 2 or (pixels.ndim == 3 and pixels.shape[2] == 3)):
        raise InputError(
            f"{label}: has shape {pixels.shape}, which is not one 2-D image; vesselview "
            "needs (H, W) or (H, W, 3) — a 3-D stack is not sliced for you, save one slice",
            source=label,
        )
    if pixels.size == 0:
        raise InputError(f"{label}: is empty (shape {pixels.shape})", source=label)
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
        raise InputError(_too_large_message(label), source=label)


def _too_large_message(label: str) -> str:
    return (
        f"{label}: is larger than {MAX_PIXELS // 1_000_000} megapixels, which vesselview "
        "refuses; crop or downscale it"
    )
