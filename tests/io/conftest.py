"""Small hand-made images shared by the io tests (files are written by the tests)."""

from __future__ import annotations

import numpy as np
import pytest

# 6 x 8, 9 vessel pixels: a vertical vessel with a branch and a diagonal tail.
VESSEL = np.array(
    [
        [0, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 1, 1, 1, 1, 0, 0],
        [0, 0, 1, 0, 0, 0, 0, 0],
        [0, 1, 0, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
    ],
    dtype=bool,
)


@pytest.fixture
def vessel() -> np.ndarray:
    """The 6 x 8 hand-made vessel mask (a fresh copy)."""
    return VESSEL.copy()
