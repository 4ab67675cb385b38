"""`vesselview.io.fov_estimate` and ``load_case(fov="auto")``."""

from __future__ import annotations

import numpy as np
import pytest

import vesselview as vv
from vesselview.errors import InputError
from vesselview.io.fov_estimate import estimate_fov


def _photograph(seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """A 120 x 140 fundus: noisy dim-to-bright retina disc, dark lesion, text in a corner."""
    rng = np.random.default_rng(seed)
    rows, columns = np.mgrid[:120, :140]
    fov = (rows - 60) ** 2 + (columns - 70) ** 2 < 55**2
    red = np.where(fov, 60 + 150 * columns / 140, 0) + rng.integers(0, 12, fov.shape)
    red[55:65, 27:37] = 5  # a dark lesion inside the FOV, 10 px from its border
    red[2:4, 2:30] = 200  # a burnt-in label line in the black corner
    rgb = np.dstack([red, red * 0.5, red * 0.2]).clip(0, 255).astype(np.uint8)
    return rgb, fov


def test_estimate_is_the_disc_with_holes_filled_and_text_removed():
    rgb, fov = _photograph()
    np.testing.assert_array_equal(estimate_fov(rgb), fov)


def test_uniform_images_are_all_inside():
    assert estimate_fov(np.zeros((5, 6, 3), np.uint8)).all()
    assert estimate_fov(np.full((5, 6, 3), 120, np.uint8)).all()


def test_load_case_auto_fov_records_that_it_was_estimated():
    rgb, fov = _photograph()
    mask = np.zeros(fov.shape, bool)
    mask[40:80, 70] = True
    case = vv.load_case(mask, mask, fov="auto", fundus=rgb)
    np.testing.assert_array_equal(case.fov, fov)
    assert case.sources["fov"] == "estimated from <array>"


def test_auto_fov_needs_the_fundus():
    mask = np.zeros((4, 4), bool)
    with pytest.raises(InputError, match=r'fov="auto".*fundus'):
        vv.load_case(mask, mask, fov="auto")
