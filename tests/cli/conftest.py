"""A tiny dataset written by the tests: masks in a folder and a manifest beside it."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from PIL import Image


def vessel_mask(shift: int) -> np.ndarray:
    """16 x 20 mask: a vertical vessel at column 6 + shift and a horizontal branch."""
    mask = np.zeros((16, 20), bool)
    mask[1:15, 6 + shift] = True
    mask[8, 6 + shift:18] = True
    return mask


def save_mask(path: Path, mask: np.ndarray) -> Path:
    Image.fromarray(mask.astype(np.uint8) * 255).save(path)
    return path


def write_manifest(path: Path, rows: list[dict[str, str]]) -> Path:
    with open(path, "w", newline="") as stream:
        writer = csv.DictWriter(stream, ["id", "reference", "candidate", "fov", "fundus"])
        writer.writeheader()
        writer.writerows(rows)
    return path


@pytest.fixture
def dataset(tmp_path) -> Path:
    """``data/pairs.csv`` listing 4 pairs by paths relative to ``data/``; returns the CSV."""
    folder = tmp_path / "data"
    (folder / "masks").mkdir(parents=True)
    fov = np.ones((16, 20), bool)
    fov[0, :] = False
    save_mask(folder / "masks" / "fov.png", fov)
    rows = []
    for index, shift in enumerate((0, 1, 2, 0)):
        save_mask(folder / "masks" / f"{index}_ref.png", vessel_mask(0))
        save_mask(folder / "masks" / f"{index}_pred.png", vessel_mask(shift))
        rows.append({"id": f"case{index}", "reference": f"masks/{index}_ref.png",
                     "candidate": f"masks/{index}_pred.png",
                     "fov": "masks/fov.png" if index % 2 else "", "fundus": ""})
    return write_manifest(folder / "pairs.csv", rows)


@pytest.fixture
def pair(tmp_path) -> tuple[str, str]:
    """One reference / candidate pair of files."""
    return (str(save_mask(tmp_path / "ref.png", vessel_mask(0))),
            str(save_mask(tmp_path / "pred.png", vessel_mask(1))))
