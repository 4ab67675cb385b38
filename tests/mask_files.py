"""Tiny mask files and manifests written by the tests (CLI and manifest tests)."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
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
