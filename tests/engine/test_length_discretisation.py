"""Which pixels a disc or a square of a non-integer radius covers (docs/metrics.md, Notation)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.masks import grid, noise_masks, vessel_masks
from vesselview.engine.morphology import dilate_disk, dilate_square, disk

masks = st.one_of(noise_masks(), vessel_masks())


@pytest.mark.parametrize(("radius", "rows"), [
    (0.5, ["#"]),                                  # no neighbour is within 0.5
    (0.99, ["#"]),
    (1.0, [".#.", "###", ".#."]),                  # (1, 1) is sqrt(2) away
    (1.2, [".#.", "###", ".#."]),
    (1.5, ["###", "###", "###"]),                  # sqrt(2) = 1.41 <= 1.5
    (2.0, ["..#..", ".###.", "#####", ".###.", "..#.."]),
    (2.3, [".###.", "#####", "#####", "#####", ".###."]),  # (2, 1): sqrt(5) = 2.24
    (2.9, ["#####", "#####", "#####", "#####", "#####"]),  # (2, 2): sqrt(8) = 2.83
])
def test_disc_of_a_real_radius_by_hand(radius: float, rows: list[str]) -> None:
    np.testing.assert_array_equal(disk(radius), grid(rows))


def test_integer_radius_given_as_float_is_the_integer_disc() -> None:
    for radius in range(8):
        np.testing.assert_array_equal(disk(float(radius)), disk(radius))


@pytest.mark.parametrize(("radius", "whole"), [(0.4, 0), (0.99, 0), (1.0, 1), (1.7, 1),
                                               (2.999, 2)])
def test_square_of_a_real_radius_is_the_whole_one(radius: float, whole: int) -> None:
    mask = grid([".....", ".....", "..#..", ".....", "....."])
    np.testing.assert_array_equal(dilate_square(mask, radius), dilate_square(mask, whole))
    assert dilate_square(mask, radius).sum() == (2 * whole + 1) ** 2


@settings(max_examples=25, deadline=None)
@given(masks, st.floats(0.0, 6.0, allow_nan=False))
def test_dilating_by_a_real_disc_reaches_exactly_the_pixels_within_the_radius(
        mask: np.ndarray, radius: float) -> None:
    # Independent reference: a pixel is covered when some mask pixel is within `radius`
    # (Euclidean distance between pixel centres), by brute force over all pairs.
    rows, cols = np.nonzero(mask)
    all_rows, all_cols = np.indices(mask.shape)
    squared = ((all_rows[..., None] - rows) ** 2 + (all_cols[..., None] - cols) ** 2)
    expected = (squared <= radius**2).any(axis=-1) if rows.size else mask.copy()
    np.testing.assert_array_equal(dilate_disk(mask, radius), expected)
