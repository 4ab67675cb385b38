"""Decode the bytes of an image file into pixels as stored, alpha kept apart.

Pillow decodes every format; what it gets wrong is corrected here:

* 16-bit colour (RGB/RGBA PNG, TIFF, PPM with 16 bits per channel): Pillow keeps only the
  high byte, so a 0/1 mask reads as empty. These files are decoded by OpenCV instead,
  which keeps all 16 bits.
* TIFFs Pillow cannot open at all, chiefly float64 probability maps (``SampleFormat``
  IEEE, 64 bits, as ``cv2.imwrite`` and ``tifffile`` save a float64 array): decoded by
  OpenCV too, all pages counted (a stack is refused like Pillow's).
* PNG checksums and short pixel data: verified by `vesselview.io.png_check` first.
* Palettes are applied (a grey palette gives grey values); a GIF is read as its first
  frame; an alpha channel (RGBA, LA, a palette with transparency) is returned apart so
  the mask rules can use it when it is the only thing that varies.

Every failure of the decoders, whatever its exception type, becomes an `InputError`
naming the file: a damaged file can raise almost anything inside a decoder.
"""

from __future__ import annotations

import io
import warnings

import cv2
import numpy as np
from PIL import Image, ImageFile, UnidentifiedImageError

from vesselview.errors import InputError
from vesselview.io.plain_messages import damaged_file
from vesselview.io.png_check import SIGNATURE, verify_png
from vesselview.io.tiff_directory import TiffDirectory, tiff_directory, unsupported_samples

SUPPORTED_FORMATS = "PNG, GIF, TIFF, PPM/PGM, JPEG, BMP or .npy (any of them gzipped)"

#: File signatures, to tell a damaged image of a known format from a non-image.
_SIGNATURES = ((b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"), (b"GIF8", "GIF"),
               (b"\xff\xd8", "JPEG"), (b"BM", "BMP"), (b"P", "PPM/PGM"))
_LOSSY_FORMATS = frozenset({"JPEG", "MPO"})
_FIRST_FRAME_FORMATS = frozenset({"GIF"})
_DIRECT_MODES = frozenset({"1", "L", "F", "RGB", "I;16", "I;16L", "I;16B", "I;16N"})
_UINT16_MAX = 65535


def decode(source: bytes | str, label: str, max_pixels: int
           ) -> tuple[np.ndarray, np.ndarray | None, bool]:
    """Pixels, alpha and lossiness of an image file, given as its bytes or its path.

    Parameters
    ----------
    source : bytes or str
        The whole (uncompressed) file, or its path. A PNG must be given as bytes, which
        are verified (`vesselview.io.png_check`) before decoding.
    label : str
        How messages name the file.
    max_pixels : int
        Larger images are refused before decoding.

    Returns
    -------
    pixels : ndarray, shape (H, W) or (H, W, 3)
        Values as stored: bool, uint8, uint16, int32 or float32.
    alpha : ndarray, shape (H, W), or None
        The alpha channel, when the file has one.
    lossy : bool
        True for JPEG.

    Raises
    ------
    InputError
        For a file that is not an image, damaged, truncated, a multi-page stack, or
        larger than ``max_pixels``.
    """
    if isinstance(source, bytes) and source.startswith(SIGNATURE):
        verify_png(source, label, max_pixels)
    with warnings.catch_warnings():
        # Our own pixel limit replaces Pillow's decompression-bomb warning.
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(source) if isinstance(source, bytes) else source) as image:
                if image.width * image.height > max_pixels:
                    raise InputError(too_large_message(label, max_pixels), source=label)
                _check_single_page(image, label)
                lossy = image.format in _LOSSY_FORMATS
                if _deep_colour(image):
                    return (*_opencv_colour(source, label), lossy)
                return (*_pillow_pixels(image), lossy)
        except InputError:
            raise
        except UnidentifiedImageError:
            if _is_tiff(source):
                return (*_opencv_tiff(source, label, max_pixels), False)
            raise _unidentified(source, label) from None
        except Image.DecompressionBombError:
            raise InputError(too_large_message(label, max_pixels), source=label) from None
        except Exception as error:  # any decoder failure means a bad file
            raise damaged_file(label, f"the decoder failed (truncated or corrupt data): "
                                      f"{type(error).__name__}: {error}") from None


def _unidentified(source: bytes | str, label: str) -> InputError:
    """Why Pillow recognised no image: a damaged file of a known format, or no image."""
    if isinstance(source, str):
        try:
            with open(source, "rb") as stream:
                source = stream.read(4)
        except OSError:
            source = b""
    for signature, name in _SIGNATURES:
        if source.startswith(signature) and (name != "PPM/PGM" or source[1:2] in b"123456"):
            return damaged_file(label, f"a damaged or truncated {name} file: its header or "
                                "directory cannot be read")
    return InputError(f"{label}: The file is not an image vesselview can read; open an "
                      f"image saved as {SUPPORTED_FORMATS}", source=label)


def too_large_message(label: str, max_pixels: int) -> str:
    """The message refusing an image above the pixel limit."""
    return (f"{label}: The image is larger than {max_pixels // 1_000_000} megapixels, which "
            "vesselview refuses; crop or downscale it")


def _check_single_page(image: Image.Image, label: str) -> None:
    """Refuse multi-page files (a 3-D stack), except GIF whose first frame is used."""
    pages = getattr(image, "n_frames", 1)
    if pages > 1 and image.format not in _FIRST_FRAME_FORMATS:
        raise _stack_error(label, pages, str(image.format))


def _stack_error(label: str, pages: int, kind: str) -> InputError:
    """A file of ``pages`` images (a 3-D stack) where one image is expected."""
    return InputError(
        f"{label}: The file holds {pages} images (pages), but vesselview evaluates one "
        "image at a time; save the page you want as an image file of its own",
        source=label, details=f"a {kind} stack of {pages} pages (3-D)",
    )


def _deep_colour(image: ImageFile.ImageFile) -> bool:
    """True for colour with more than 8 bits per channel, which Pillow would truncate.

    Pillow's decoder arguments say so: a raw mode such as ``RGB;16B`` (PNG, TIFF), or a
    PPM maximum value above 255.
    """
    if image.mode not in ("RGB", "RGBA") or not image.tile:
        return False
    args = image.tile[0][3]
    rawmode, *rest = args if isinstance(args, tuple) else (args,)
    if ";16" in str(rawmode):
        return True
    return image.format == "PPM" and bool(rest) and isinstance(rest[0], int) and rest[0] > 255


def _opencv_colour(source: bytes | str, label: str) -> tuple[np.ndarray, np.ndarray | None]:
    """16-bit colour decoded by OpenCV: RGB uint16 and the alpha channel, if any."""
    pixels = cv2.imdecode(_file_data(source), cv2.IMREAD_UNCHANGED)
    if pixels is None or pixels.ndim != 3:
        raise damaged_file(label, "its 16-bit colour pixels cannot be decoded (OpenCV)")
    return _rgb_and_alpha(pixels)


def _is_tiff(source: bytes | str) -> bool:
    """Whether the file starts with a TIFF signature (little- or big-endian)."""
    if isinstance(source, str):
        with open(source, "rb") as stream:
            source = stream.read(4)
    return source.startswith((b"II*\x00", b"MM\x00*"))


def _opencv_tiff(source: bytes | str, label: str, max_pixels: int
                 ) -> tuple[np.ndarray, np.ndarray | None]:
    """A TIFF Pillow cannot open, decoded by OpenCV: grey or RGB pixels as stored, alpha.

    Raises
    ------
    InputError
        When its directory says it holds several pages, more than ``max_pixels`` or
        samples OpenCV does not read (`_check_tiff_directory`, before decoding), or
        OpenCV cannot decode it either (damaged).
    """
    directory = tiff_directory(source)
    if directory is not None:
        _check_tiff_directory(directory, label, max_pixels)
    try:
        decoded, pages = cv2.imdecodemulti(_file_data(source), cv2.IMREAD_UNCHANGED)
    except cv2.error as error:  # OpenCV's TIFF decoder may throw on damaged data
        raise damaged_file(label, f"a damaged TIFF file: {error}") from None
    if not decoded or not pages:
        raise _unidentified(source, label)
    if len(pages) > 1:
        raise _stack_error(label, len(pages), "TIFF")
    pixels = pages[0]
    return (pixels, None) if pixels.ndim == 2 else _rgb_and_alpha(pixels)


def _check_tiff_directory(directory: TiffDirectory, label: str, max_pixels: int) -> None:
    """Refuse a stack, an image over ``max_pixels`` or unreadable samples before decoding."""
    if directory.pages > 1:
        raise _stack_error(label, directory.pages, "TIFF")
    if directory.height * directory.width > max_pixels:
        raise InputError(too_large_message(label, max_pixels), source=label,
                         details=f"TIFF directory: {directory.width}x{directory.height} "
                         "pixels")
    samples = unsupported_samples(directory.dtype)
    if samples is not None:
        raise InputError(f"{label}: The TIFF holds {samples}, which vesselview cannot read; "
                         "save the image with 8- or 16-bit integers or 32-bit floats",
                         source=label, details=f"TIFF sample type {directory.dtype}")


def _file_data(source: bytes | str) -> np.ndarray:
    """The file's bytes as a uint8 array, for OpenCV's decoders."""
    if isinstance(source, bytes):
        return np.frombuffer(source, np.uint8)
    return np.fromfile(source, np.uint8)


def _rgb_and_alpha(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """OpenCV's BGR(A) pixels as RGB and the alpha channel (None without one)."""
    alpha = pixels[..., 3] if pixels.shape[2] == 4 else None
    return np.ascontiguousarray(pixels[..., 2::-1]), alpha


def _pillow_pixels(image: Image.Image) -> tuple[np.ndarray, np.ndarray | None]:
    """Pixels of an open Pillow image: palette applied, alpha returned apart."""
    if image.mode == "P" and "transparency" not in image.info:
        return _palette_colours(image), None
    if image.mode in ("P", "PA", "RGBa", "La"):
        image = image.convert("RGBA")
    if image.mode in ("RGBA", "LA"):
        both = np.asarray(image)
        return (both[..., 0] if image.mode == "LA" else both[..., :3]), both[..., -1]
    if image.mode in _DIRECT_MODES:
        pixels = np.asarray(image)
        if _signed_bytes(image):  # Pillow reads signed 8-bit TIFF samples as unsigned
            return pixels.view(np.int8).astype(np.int16), None
        return pixels.astype(pixels.dtype.newbyteorder("="), copy=False), None
    if image.mode == "I":
        return _narrowed_int32(np.asarray(image)), None
    return np.asarray(image.convert("RGB")), None


def _signed_bytes(image: Image.Image) -> bool:
    """Whether ``image`` is a TIFF of signed 8-bit samples (``SampleFormat`` 2, 8 bits):
    Pillow gives them as mode ``L`` (-5 read as 251); they are returned as int16, as
    Pillow returns signed 16-bit TIFFs, so a negative value is never read as a large one."""
    tags = getattr(image, "tag_v2", None)
    if image.format != "TIFF" or image.mode != "L" or tags is None:
        return False
    sample_format = tags.get(339, (1,))
    return (sample_format[0] if isinstance(sample_format, tuple) else sample_format) == 2


def _palette_colours(image: Image.Image) -> np.ndarray:
    """Colours of a palette image by table lookup: (H, W) when every colour is grey.

    A lookup is ~5x faster than Pillow's RGB conversion (OpenCV's for a grey palette,
    faster still), and a grey palette (DRIVE's black / white manuals) gives grey values
    directly, with no channels to compare.
    """
    palette = np.zeros((256, 3), np.uint8)
    colours = np.asarray(image.getpalette("RGB") or [], np.uint8).reshape(-1, 3)[:256]
    palette[: len(colours)] = colours
    indices = np.asarray(image)
    if (palette[:, 0] == palette[:, 1]).all() and (palette[:, 0] == palette[:, 2]).all():
        return cv2.LUT(indices, palette[:, 0])
    # one 4-byte lookup per pixel, then RGBA -> RGB: ~10x faster than palette[indices]
    rgba = np.zeros((256, 4), np.uint8)
    rgba[:, :3] = palette
    looked_up = rgba.view(np.uint32)[:, 0].take(indices)
    return cv2.cvtColor(looked_up.view(np.uint8).reshape(*indices.shape, 4),
                        cv2.COLOR_RGBA2RGB)


def _narrowed_int32(pixels: np.ndarray) -> np.ndarray:
    """Pillow's 32-bit mode holds 16-bit PGM/PNG data: give it back as uint16 when it fits."""
    if pixels.size and pixels.min() >= 0 and pixels.max() <= _UINT16_MAX:
        return pixels.astype(np.uint16)
    return pixels
