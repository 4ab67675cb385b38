"""Fixtures of the grading GUI tests: a miniature DRIVE with one method's predictions."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from tests.io import dataset_files as files


@pytest.fixture
def drive(tmp_path):
    """DRIVE's layout with test cases 01-03, and ``tmp_path / "unet"`` with a result each."""
    root = files.write_drive(tmp_path / "DRIVE", test_ids=(1, 2, 3), training_ids=())
    (tmp_path / "unet").mkdir()
    for case in (1, 2, 3):
        Image.fromarray(files.vessels(case).astype(np.uint8) * 255).save(
            tmp_path / "unet" / f"{case:02d}_test.png")
    return root
