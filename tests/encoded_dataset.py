"""A DRIVE-like dataset whose methods are the same candidates in every encoding the loader
accepts, written by the tests (`vesselview.synth.demo_case`, one seed per case).

DRIVE's layout: ``test/images/NN_test.tif`` (LZW TIFF photograph),
``test/1st_manual/NN_manual1.gif`` and ``test/mask/NN_test_mask.gif`` (palette GIFs of
indices 0/1). Each "method" folder holds case NN's candidate as ``NN_test.<ext>`` in one
encoding (`ENCODINGS`): the binary demo candidate, or its probability map, as published
methods' result maps come.
"""

from __future__ import annotations

import gzip
import io
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from vesselview.engine.case import Case
from vesselview.synth import demo_case

Writer = Callable[[Path, np.ndarray], Path]


def _pil(suffix: str, mode: str | None = None, **options: object) -> Writer:
    """Save an array with Pillow (converted to ``mode`` first) as ``<stem><suffix>``."""

    def write(stem: Path, array: np.ndarray) -> Path:
        image = Image.fromarray(array)
        path = stem.with_suffix(suffix)
        (image.convert(mode) if mode else image).save(path, **options)
        return path

    return write


def _palette_gif(stem: Path, mask: np.ndarray) -> Path:
    """DRIVE's manuals: a palette GIF of indices {0, 1}, black and white."""
    height, width = mask.shape
    image = Image.frombytes("P", (width, height), mask.astype(np.uint8).tobytes())
    image.putpalette([0, 0, 0, 255, 255, 255])
    path = stem.with_suffix(".gif")
    image.save(path)
    return path


def _alpha_only(stem: Path, mask: np.ndarray) -> Path:
    """An RGBA PNG of one colour whose alpha channel is the mask."""
    rgba = np.zeros((*mask.shape, 4), np.uint8)
    rgba[..., :3] = (30, 200, 30)
    rgba[..., 3] = grey8(mask)
    path = stem.with_suffix(".png")
    Image.fromarray(rgba, "RGBA").save(path)
    return path


def _gzipped(inner: str, mode: str) -> Writer:
    """An image file gzipped as ``<stem><inner>.gz`` (STARE ships ``.ppm.gz``)."""

    def write(stem: Path, array: np.ndarray) -> Path:
        buffer = io.BytesIO()
        Image.fromarray(array).convert(mode).save(buffer, format=inner.lstrip(".").upper())
        path = stem.with_name(stem.name + inner + ".gz")
        path.write_bytes(gzip.compress(buffer.getvalue()))
        return path

    return write


def _float64_tiff(stem: Path, soft: np.ndarray) -> Path:
    path = stem.with_suffix(".tif")
    assert cv2.imwrite(str(path), soft.astype(np.float64))
    return path


def _npy(stem: Path, soft: np.ndarray) -> Path:
    path = stem.with_suffix(".npy")
    np.save(path, soft.astype(np.float64))
    return path


def grey8(mask: np.ndarray) -> np.ndarray:
    """0/255 uint8 image of a bool mask."""
    return mask.astype(np.uint8) * np.uint8(255)


def _scaled(soft: np.ndarray, dtype: type) -> np.ndarray:
    return np.rint(soft * np.iinfo(dtype).max).astype(dtype)


#: Method (encoding) name -> (what it holds: "mask" or "soft", how it is written from
#: the bool mask or float32 map). "Exact" encodings give back the values written.
ENCODINGS: dict[str, tuple[str, Writer]] = {
    "png_1bit": ("mask", lambda s, m: _pil(".png", "1")(s, grey8(m))),
    "png_8bit": ("mask", lambda s, m: _pil(".png")(s, grey8(m))),
    "gif_palette": ("mask", _palette_gif),
    "gif_grey": ("mask", lambda s, m: _pil(".gif", "L")(s, grey8(m))),
    "jpeg": ("mask", lambda s, m: _pil(".jpg", quality=90)(s, grey8(m))),
    "tiff_lzw": ("mask", lambda s, m: _pil(".tif", compression="tiff_lzw")(s, grey8(m))),
    "tiff_16bit": ("mask", lambda s, m: _pil(".tif")(s, m.astype(np.uint16) * 65535)),
    "png_alpha": ("mask", _alpha_only),
    "png_gz": ("mask", lambda s, m: _gzipped(".png", "L")(s, grey8(m))),
    "ppm_gz": ("mask", lambda s, m: _gzipped(".ppm", "RGB")(s, grey8(m))),
    "soft_png_8bit": ("soft", lambda s, p: _pil(".png")(s, _scaled(p, np.uint8))),
    "soft_png_16bit": ("soft", lambda s, p: _pil(".png")(s, _scaled(p, np.uint16))),
    "soft_tiff_16bit_lzw": ("soft", lambda s, p: _pil(".tif", compression="tiff_lzw")(
        s, _scaled(p, np.uint16))),
    "soft_tiff_float32": ("soft", lambda s, p: _pil(".tif")(s, p.astype(np.float32))),
    "soft_tiff_float64": ("soft", _float64_tiff),
    "soft_npy_float64": ("soft", _npy),
}
#: Encodings that give back exactly the mask or float32 map written.
LOSSLESS = frozenset(ENCODINGS) - {"jpeg", "soft_png_8bit", "soft_png_16bit",
                                   "soft_tiff_16bit_lzw"}


def written_case(number: int, shape: tuple[int, int]) -> Case:
    """Case ``number``'s demo case (soft candidate) of ``shape``."""
    return demo_case(shape=shape, seed=number, soft=True)


def write_encoded_drive(root: Path, cases: int = 2, shape: tuple[int, int] = (64, 62)
                        ) -> tuple[Path, dict[str, Path]]:
    """Write ``cases`` DRIVE test cases and one predictions folder per encoding.

    Returns
    -------
    (Path, dict of str to Path)
        The dataset folder and encoding name -> predictions folder.
    """
    dataset = root / "DRIVE" / "test"
    folders = {name: dataset / name for name in ("images", "1st_manual", "mask")}
    predictions = {name: root / "predictions" / name for name in ENCODINGS}
    for folder in (*folders.values(), *predictions.values()):
        folder.mkdir(parents=True, exist_ok=True)
    for number in range(1, cases + 1):
        case, name = written_case(number, shape), f"{number:02d}"
        Image.fromarray(case.fundus).save(folders["images"] / f"{name}_test.tif",
                                          compression="tiff_lzw")
        _palette_gif(folders["1st_manual"] / f"{name}_manual1", case.reference)
        _palette_gif(folders["mask"] / f"{name}_test_mask", case.fov)
        for encoding, (holds, write) in ENCODINGS.items():
            values = case.candidate if holds == "mask" else case.candidate_soft
            write(predictions[encoding] / f"{name}_test", values)
    return root / "DRIVE", predictions
