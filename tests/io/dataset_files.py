"""Miniature copies of the public datasets, written by the tests (never the real files).

Each writer reproduces its dataset's folder layout, file names and encodings: DRIVE's
LZW TIFF photographs and palette GIFs (the second observer's palette is the near-grey
(4, 2, 4) / (252, 254, 252)), STARE's gzipped PPMs, CHASE_DB1's JPEG + PNG in one
folder, HRF's JPEG / TIFF manual / RGB TIFF mask, FIVES' RGB PNGs, IOSTAR's TIFFs. The
images are small (24 x 20) but of the real kinds.
"""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import numpy as np
from PIL import Image

HEIGHT, WIDTH = 20, 24


def vessels(seed: int) -> np.ndarray:
    """A 20 x 24 vessel mask: a vertical vessel and a branch, placed by ``seed``."""
    mask = np.zeros((HEIGHT, WIDTH), bool)
    column = 5 + seed % 10
    mask[2:18, column] = True
    mask[6 + seed % 8, column:WIDTH - 2] = True
    return mask


def field_of_view() -> np.ndarray:
    """A disc filling most of the image: the camera's field of view."""
    rows, columns = np.mgrid[:HEIGHT, :WIDTH]
    return (rows - HEIGHT / 2 + 0.5) ** 2 + (columns - WIDTH / 2 + 0.5) ** 2 < 9.5**2


def fundus(seed: int) -> np.ndarray:
    """An RGB photograph: reddish retina inside the FOV, dark vessels, black outside."""
    rgb = np.zeros((HEIGHT, WIDTH, 3), np.uint8)
    rgb[field_of_view()] = (190, 90, 40)
    rgb[vessels(seed) & field_of_view()] = (120, 40, 20)
    return rgb


def _palette_gif(path: Path, mask: np.ndarray, palette: list[int]) -> None:
    image = Image.frombytes("P", (WIDTH, HEIGHT), mask.astype(np.uint8).tobytes())
    image.putpalette(palette)
    image.save(path)


def _grey(mask: np.ndarray) -> np.ndarray:
    return mask.astype(np.uint8) * np.uint8(255)


def _ppm_gz(path: Path, rgb: np.ndarray) -> None:
    buffer = io.BytesIO()
    Image.fromarray(rgb).save(buffer, format="PPM")
    path.write_bytes(gzip.compress(buffer.getvalue()))


def _folder(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_drive(root: Path, test_ids=(1, 2), training_ids=(21,)) -> Path:
    """DRIVE: test/{images,1st_manual,2nd_manual,mask} and training/ (no 2nd_manual)."""
    for split, ids in (("test", test_ids), ("training", training_ids)):
        base = root / split
        for number in ids:
            case = f"{number:02d}"
            Image.fromarray(fundus(number)).save(
                _folder(base / "images") / f"{case}_{split}.tif", compression="tiff_lzw")
            _palette_gif(_folder(base / "1st_manual") / f"{case}_manual1.gif",
                         vessels(number), [0, 0, 0, 255, 255, 255])
            _palette_gif(_folder(base / "mask") / f"{case}_{split}_mask.gif",
                         field_of_view(), [0, 0, 0, 255, 255, 255])
            if split == "test":
                _palette_gif(_folder(base / "2nd_manual") / f"{case}_manual2.gif",
                             vessels(number + 1), [4, 2, 4, 252, 254, 252])
    return root


def halve_fov(root: Path, split: str, number: int) -> Path:
    """Replace a DRIVE case's FOV mask by a square of half the FOV's diameter (9 of 18
    pixels): the same frame holding a camera image of half the resolution."""
    small = np.zeros((HEIGHT, WIDTH), bool)
    small[5:14, 7:16] = True
    path = root / split / "mask" / f"{number:02d}_{split}_mask.gif"
    _palette_gif(path, small, [0, 0, 0, 255, 255, 255])
    return path


def write_predictions(folder: Path, names_and_seeds: list[tuple[str, int]]) -> Path:
    """A method's result maps: 0/255 PNGs of `vessels` (seed), named as given."""
    folder.mkdir(parents=True)
    for name, seed in names_and_seeds:
        Image.fromarray(_grey(vessels(seed))).save(folder / name)
    return folder


def write_stare(root: Path, ids=(1, 2)) -> Path:
    """STARE: stare-images/imNNNN.ppm.gz, labels-ah/ and labels-vk/ as .ppm.gz, no FOV."""
    for number in ids:
        case = f"im{number:04d}"
        _ppm_gz(_folder(root / "stare-images") / f"{case}.ppm.gz", fundus(number))
        _ppm_gz(_folder(root / "labels-ah") / f"{case}.ah.ppm.gz",
                np.dstack([_grey(vessels(number))] * 3))
        _ppm_gz(_folder(root / "labels-vk") / f"{case}.vk.ppm.gz",
                np.dstack([_grey(vessels(number + 1))] * 3))
    return root


def write_chase(root: Path, ids=("01L", "01R")) -> Path:
    """CHASE_DB1: one folder, Image_NNx.jpg, _1stHO.png (8-bit) and _2ndHO.png (1-bit)."""
    _folder(root)
    for number, case in enumerate(ids):
        Image.fromarray(fundus(number)).save(root / f"Image_{case}.jpg", quality=95)
        Image.fromarray(_grey(vessels(number))).save(root / f"Image_{case}_1stHO.png")
        Image.fromarray(vessels(number + 1)).save(root / f"Image_{case}_2ndHO.png")
    return root


def write_hrf(root: Path, ids=("01_h", "01_dr")) -> Path:
    """HRF: images/NN_x.jpg (.JPG for dr), manual1/NN_x.tif, mask/NN_x_mask.tif (RGB)."""
    for number, case in enumerate(ids):
        suffix = ".JPG" if case.endswith("dr") else ".jpg"
        Image.fromarray(fundus(number)).save(_folder(root / "images") / f"{case}{suffix}",
                                             format="JPEG", quality=95)
        Image.fromarray(_grey(vessels(number))).save(_folder(root / "manual1") / f"{case}.tif")
        Image.fromarray(np.dstack([_grey(field_of_view())] * 3)).save(
            _folder(root / "mask") / f"{case}_mask.tif")
    return root


def write_fives(root: Path, ids=("1_A", "2_N")) -> Path:
    """FIVES: train/Original/N_x.png and train/Ground truth/N_x.png, both RGB."""
    for number, case in enumerate(ids):
        Image.fromarray(fundus(number)).save(_folder(root / "train" / "Original") / f"{case}.png")
        Image.fromarray(np.dstack([_grey(vessels(number))] * 3)).save(
            _folder(root / "train" / "Ground truth") / f"{case}.png")
    return root


def write_iostar(root: Path, ids=("01_OSC", "02_ODC")) -> Path:
    """IOSTAR: image/STAR NN_xxx.jpg, GT/STAR NN_xxx_GT.tif, mask/STAR NN_xxx_Mask.tif."""
    for number, case in enumerate(ids):
        Image.fromarray(fundus(number)).save(_folder(root / "image") / f"STAR {case}.jpg",
                                             quality=95)
        Image.fromarray(_grey(vessels(number))).save(_folder(root / "GT") / f"STAR {case}_GT.tif")
        Image.fromarray(_grey(field_of_view())).save(
            _folder(root / "mask") / f"STAR {case}_Mask.tif")
    return root
