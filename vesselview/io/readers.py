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
import os
import warnings
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

from vesselview.errors import InputError

#: Largest image accepted, in pixels (width x height).
MAX_PIXELS = 100_000_000
SUPPORTED_FORMATS = "PNG, GIF, TIFF, PPM/PGM, JPEG, BMP or .npy"

_NPY_MAGIC = b"\x93NUMPY"
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
    file = Path(path)
    if not file.exists():
        raise InputError(f"{label}: file not found; check the path", source=label)
    if file.is_dir():
        raise InputError(f"{label}: is a folder, not an image file", source=label)
    try:
        with open(file, "rb") as stream:
            head = stream.read(len(_NPY_MAGIC))
    except OSError as error:
        raise InputError(f"{label}: cannot be read ({error.strerror})", source=label) from None
    if not head:
        raise InputError(f"{label}: is an empty file (0 bytes); export it again", source=label)
    if head == _NPY_MAGIC:
        return _read_npy(file, label)
    return _read_with_pillow(file, label)


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


def _read_npy(file: Path, label: str) -> RawImage:
    """Read a ``.npy`` file, checking its size before loading it into memory."""
    try:
        mapped = np.load(file, mmap_mode="r", allow_pickle=False)
    except (ValueError, OSError, EOFError) as error:
        raise InputError(
            f"{label}: is not a readable .npy array ({error}); the file may be truncated, "
            "or hold pickled objects — save it with numpy.save from a numeric array",
            source=label,
        ) from None
    _check_pixel_count(_pixel_count(mapped.shape), label)
    return RawImage(_checked_layout(np.array(mapped), label), label)


def _read_with_pillow(file: Path, label: str) -> RawImage:
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
