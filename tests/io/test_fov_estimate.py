"""`vesselview.io.fov_estimate` and ``load_case(fov="auto")``."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from skimage.morphology import convex_hull_image

import vesselview as vv
from vesselview.errors import InputError
from vesselview.io.fov_estimate import convex_fill, estimate_fov


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


def test_a_dark_lesion_on_the_border_leaves_no_notch():
    rgb, fov = _photograph()
    rgb[54:66, 12:24] = 0  # a black lesion across the disc's left border (column 15)
    estimate = estimate_fov(rgb)
    assert estimate[54:66, 17:24].all()  # the notch is filled ...
    assert not (estimate & ~fov).any()  # ... without growing past the disc
    lost = np.nonzero(fov & ~estimate)
    assert lost[1].max() <= 16 and len(lost[0]) <= 20  # only the disc's arc beyond the chord


def _hull_points(mask: np.ndarray) -> bool:
    """Whether qhull can take the mask's pixels (3 or more, not on one line)."""
    ys, xs = np.nonzero(mask)
    return len(ys) >= 3 and np.linalg.matrix_rank(np.c_[ys - ys[0], xs - xs[0]]) == 2


@settings(max_examples=300, deadline=None)
@given(arrays(bool, st.tuples(st.integers(1, 24), st.integers(1, 24)),
              elements=st.booleans()))
def test_convex_fill_is_the_convex_hull_of_the_pixel_centres(mask):
    if not _hull_points(mask):
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = convex_hull_image(mask, offset_coordinates=False)
    np.testing.assert_array_equal(convex_fill(mask), expected)


def test_convex_fill_of_a_line_or_a_pixel_is_itself():
    mask = np.zeros((9, 12), bool)
    mask[4, 2] = True
    np.testing.assert_array_equal(convex_fill(mask), mask)
    mask[4, 2:10] = True
    np.testing.assert_array_equal(convex_fill(mask), mask)
    diagonal = np.eye(8, dtype=bool)
    np.testing.assert_array_equal(convex_fill(diagonal), diagonal)


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
