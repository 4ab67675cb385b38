"""Miniature artery/vein datasets, written by the tests (never the real files).

Each writer reproduces its dataset's folders, file names and encoding (RGB PNG, 8 bits a
channel: red artery, blue vein, green crossing, white uncertain; black background):

* RITE -- ``AV_groundTruth/{training,test}/{images/NN_split.tif, av/NN_split.png,
  vessel/NN_split.png}`` (DRIVE's LZW TIFF photographs; no FOV masks);
* HRF-AV -- ``HRF_AV_GT/NN_x_AVmanual.png`` put into an HRF folder (no white class);
* LES-AV -- ``images/ID.png``, ``arteries-and-veins/ID.png``, ``masks/ID_mask.gif``,
  ``vessel-segmentations/ID.png``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from tests.io.dataset_files import HEIGHT, WIDTH, field_of_view, fundus, write_hrf

#: Class values of `av_labels`, as `vesselview.io.class_encodings.AV_ENCODING` numbers them.
ARTERY, VEIN, CROSSING, UNCERTAIN = 1, 2, 3, 4
#: RGB of each class value (0: background).
AV_COLOURS = {0: (0, 0, 0), ARTERY: (255, 0, 0), VEIN: (0, 0, 255), CROSSING: (0, 255, 0),
              UNCERTAIN: (255, 255, 255)}


def av_labels(seed: int, uncertain: bool = True) -> np.ndarray:
    """A 20 x 24 class image: a vertical artery, a horizontal vein crossing it (green at
    the crossing), and the artery's last two pixels uncertain (when ``uncertain``)."""
    labels = np.zeros((HEIGHT, WIDTH), np.uint8)
    column, row = 5 + seed % 10, 6 + seed % 8
    labels[2:18, column] = ARTERY
    labels[row, 2:WIDTH - 2] = VEIN
    labels[row, column] = CROSSING
    if uncertain:
        labels[16:18, column] = UNCERTAIN
    return labels


def av_rgb(labels: np.ndarray) -> np.ndarray:
    """The RGB encoding of a class image (`AV_COLOURS`)."""
    rgb = np.zeros((*labels.shape, 3), np.uint8)
    for value, colour in AV_COLOURS.items():
        rgb[labels == value] = colour
    return rgb


def save_av(path: Path, labels: np.ndarray) -> Path:
    """Save ``labels`` as an RGB PNG A/V map."""
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(av_rgb(labels)).save(path)
    return path


def write_rite(root: Path, test_ids=(1, 2), training_ids=(21,)) -> Path:
    """RITE: ``AV_groundTruth`` with images/, av/ and vessel/ per split; returns it."""
    base = root / "AV_groundTruth"
    for split, ids in (("test", test_ids), ("training", training_ids)):
        for number in ids:
            name = f"{number:02d}_{split}"
            images = base / split / "images"
            images.mkdir(parents=True, exist_ok=True)
            Image.fromarray(fundus(number)).save(images / f"{name}.tif",
                                                 compression="tiff_lzw")
            labels = av_labels(number)
            save_av(base / split / "av" / f"{name}.png", labels)
            vessel = base / split / "vessel" / f"{name}.png"
            vessel.parent.mkdir(parents=True, exist_ok=True)
            Image.fromarray((labels > 0).astype(np.uint8) * 255).save(vessel)
    return base


def write_hrf_av(root: Path, ids=("01_h", "01_dr")) -> Path:
    """HRF with HRF-AV's ``HRF_AV_GT/NN_x_AVmanual.png`` beside its folders."""
    write_hrf(root, ids)
    for number, case in enumerate(ids):
        save_av(root / "HRF_AV_GT" / f"{case}_AVmanual.png", av_labels(number, False))
    return root


def write_les_av(root: Path, ids=("30", "55")) -> Path:
    """LES-AV: images/ID.png, arteries-and-veins/ID.png, masks/ID_mask.gif and the
    derived vessel-segmentations/ID.png."""
    for number, case in enumerate(ids):
        images = root / "images"
        images.mkdir(parents=True, exist_ok=True)
        Image.fromarray(fundus(number)).save(images / f"{case}.png")
        labels = av_labels(number)
        save_av(root / "arteries-and-veins" / f"{case}.png", labels)
        masks = root / "masks"
        masks.mkdir(exist_ok=True)
        Image.fromarray(field_of_view().astype(np.uint8) * 255).convert("P").save(
            masks / f"{case}_mask.gif")
        derived = root / "vessel-segmentations"
        derived.mkdir(exist_ok=True)
        Image.fromarray((labels > 0).astype(np.uint8) * 255).save(derived / f"{case}.png")
    return root


def write_av_methods(tmp: Path, ids=(1, 2, 3)) -> tuple[Path, dict[str, Path]]:
    """RITE's test split of ``ids`` and two method folders: ``av``, A/V maps whose case n
    has its first 2n artery rows called vein, and ``binary``, vessel masks; returns the
    dataset root and the folders by method."""
    root = write_rite(tmp / "RITE", test_ids=ids, training_ids=())
    folders = {name: tmp / name for name in ("av", "binary")}
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True)
    for number in ids:
        labels, name = av_labels(number), f"{number:02d}_test.png"
        rows = np.nonzero((labels == ARTERY).any(axis=1))[0][:2 * number]
        swapped = labels.copy()
        swapped[rows] = np.where(labels[rows] == ARTERY, VEIN, labels[rows])
        save_av(folders["av"] / name, swapped)
        Image.fromarray((labels > 0).astype(np.uint8) * 255).save(folders["binary"] / name)
    return root, folders
