"""Shared fixtures: a tiny dataset of masks with a manifest beside it, and one pair of files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.mask_files import save_mask, vessel_mask, write_manifest


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
