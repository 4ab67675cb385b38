"""OpenCV-backed primitives equal the scipy / scikit-image results they replace."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import ndimage
from skimage.morphology import disk as skimage_disk

from tests.engine.masks import grid, noise_masks, pixels, vessel_masks
from vesselview.engine.edt import euclidean_distance_to
from vesselview.engine.morphology import (
    count_components,
    dilate_disk,
    dilate_square,
    disk,
    distance_to,
    inner_contour,
    label_components,
)

CROSS = ndimage.generate_binary_structure(2, 1)
SQUARE3 = np.ones((3, 3), bool)

masks = st.one_of(noise_masks(), vessel_masks())
radii = st.integers(0, 6)


@pytest.mark.parametrize("radius", [*range(0, 8), 12, 25, 50])
def test_disk_is_skimage_disk(radius: int) -> None:
    np.testing.assert_array_equal(disk(radius), skimage_disk(radius))
    assert disk(radius).dtype == np.uint8


def test_small_disks_by_hand() -> None:
    # disk(r) keeps offsets with dy² + dx² <= r². r = 1: the 3x3 cross ((1,1) has 2 > 1).
    # r = 2: (2,0) 4 and (1,1) 2 are in; (2,1) 5 and (2,2) 8 are out.
    np.testing.assert_array_equal(disk(1), grid([".#.", "###", ".#."]))
    np.testing.assert_array_equal(disk(2), grid(["..#..", ".###.", "#####", ".###.", "..#.."]))


@settings(max_examples=30, deadline=None)
@given(masks, radii)
def test_dilate_disk_matches_scipy(mask: np.ndarray, radius: int) -> None:
    # scipy's default border_value=0: pixels beyond the border are background.
    expected = ndimage.binary_dilation(mask, structure=skimage_disk(radius).astype(bool))
    np.testing.assert_array_equal(dilate_disk(mask, radius), expected)


@settings(max_examples=30, deadline=None)
@given(masks, radii)
def test_dilate_square_matches_scipy(mask: np.ndarray, half: int) -> None:
    expected = ndimage.binary_dilation(mask, structure=np.ones((2 * half + 1,) * 2, bool))
    np.testing.assert_array_equal(dilate_square(mask, half), expected)


def test_dilation_at_the_border_by_hand() -> None:
    # A corner pixel dilated by disk(2) keeps only the in-image quarter of the disc:
    # offsets (0,0) (0,1) (0,2) (1,0) (1,1) (2,0) -> 6 pixels.
    grown = dilate_disk(pixels((5, 5), (0, 0)), 2)
    np.testing.assert_array_equal(grown, grid(["###..", "##...", "#....", ".....", "....."]))
    # square(1) of the same corner: the 2x2 block.
    np.testing.assert_array_equal(dilate_square(pixels((3, 3), (0, 0)), 1),
                                  grid(["##.", "##.", "..."]))


def test_radius_zero_returns_a_copy() -> None:
    mask = pixels((3, 3), (1, 1))
    for grown in (dilate_disk(mask, 0), dilate_square(mask, 0)):
        np.testing.assert_array_equal(grown, mask)
        assert grown is not mask
        grown[0, 0] = True
        assert not mask[0, 0]


@settings(max_examples=30, deadline=None)
@given(masks)
def test_inner_contour_matches_scipy(mask: np.ndarray) -> None:
    expected = mask & ~ndimage.binary_erosion(mask, CROSS, border_value=0)
    np.testing.assert_array_equal(inner_contour(mask), expected)


def test_inner_contour_by_hand() -> None:
    # 3x3 block inside a 5x5 image: its centre keeps all 4-neighbours, the ring is contour.
    block = grid([".....", ".###.", ".###.", ".###.", "....."])
    np.testing.assert_array_equal(
        inner_contour(block), grid([".....", ".###.", ".#.#.", ".###.", "....."]))
    # A full image: only pixels on the image border are contour (beyond it is outside).
    np.testing.assert_array_equal(
        inner_contour(np.ones((4, 4), bool)), grid(["####", "#..#", "#..#", "####"]))
    # Plus shape: the centre is interior although its diagonal neighbours are background.
    plus = grid([".....", "..#..", ".###.", "..#..", "....."])
    np.testing.assert_array_equal(
        inner_contour(plus), grid([".....", "..#..", ".#.#.", "..#..", "....."]))


def _nonempty(strategy: st.SearchStrategy[np.ndarray]) -> st.SearchStrategy[np.ndarray]:
    return strategy.filter(lambda m: bool(m.any()))


@settings(max_examples=30, deadline=None)
@given(_nonempty(masks))
def test_euclidean_distance_matches_edt(mask: np.ndarray) -> None:
    got = distance_to(mask, "euclidean")
    assert got.dtype == np.float64
    # Both are sqrt of the same integer squared distance: equal to the last bit.
    np.testing.assert_array_equal(got, ndimage.distance_transform_edt(~mask))


@settings(max_examples=30, deadline=None)
@given(_nonempty(masks), st.sampled_from([("cityblock", "taxicab"), ("chessboard", "chessboard")]))
def test_integer_distances_match_cdt(mask: np.ndarray, kinds: tuple[str, str]) -> None:
    ours, scipys = kinds
    got = distance_to(mask, ours)
    assert got.dtype == np.float64
    np.testing.assert_array_equal(got, ndimage.distance_transform_cdt(~mask, metric=scipys))


def test_distances_by_hand() -> None:
    # Single pixel at the centre of a 5x5 image, seen from corner (0,0): offset (2, 2).
    centre = pixels((5, 5), (2, 2))
    assert distance_to(centre, "euclidean")[0, 0] == math.sqrt(8)
    assert distance_to(centre, "cityblock")[0, 0] == 4.0
    assert distance_to(centre, "chessboard")[0, 0] == 2.0
    assert distance_to(centre)[2, 2] == 0.0  # euclidean is the default


def test_euclidean_distance_is_exact_far_away() -> None:
    # Offsets up to ~300 px: float32 rounding must not leak into the float64 result.
    mask = pixels((220, 230), (0, 0))
    rows, cols = np.mgrid[:220, :230]
    np.testing.assert_array_equal(distance_to(mask), np.sqrt(rows**2 + cols**2))


def test_euclidean_distance_is_exact_on_a_long_thin_image() -> None:
    # 2x1000, mask {(0,0)}: pixel (1, c) is at sqrt(1 + c²), e.g. (1, 885) at sqrt(783226)
    # = 885.000565 (OpenCV's float32 transform returns 885.0 there: squared distance 783225).
    mask = pixels((2, 1000), (0, 0))
    np.testing.assert_array_equal(distance_to(mask), ndimage.distance_transform_edt(~mask))


@pytest.mark.parametrize("density", [1e-4, 1e-2, 0.5])
def test_euclidean_distance_matches_edt_on_a_larger_image(density: float) -> None:
    rng = np.random.default_rng(7)
    mask = rng.random((257, 301)) < density
    mask[128, 150] = True
    np.testing.assert_array_equal(distance_to(mask), ndimage.distance_transform_edt(~mask))


def test_euclidean_distance_to_an_empty_mask_is_infinite() -> None:
    assert np.isinf(euclidean_distance_to(np.zeros((3, 4), bool))).all()


@settings(max_examples=30, deadline=None)
@given(masks, st.sampled_from([4, 8]))
def test_component_counts_match_scipy(mask: np.ndarray, connectivity: int) -> None:
    structure = SQUARE3 if connectivity == 8 else CROSS
    expected_labels, expected = ndimage.label(mask, structure=structure)
    assert count_components(mask, connectivity) == expected
    labels, count = label_components(mask, connectivity)
    assert count == expected
    # Same partition: labels > 0 exactly on the mask, and a one-to-one label correspondence.
    assert np.array_equal(labels > 0, mask)
    pairs = set(zip(labels[mask].tolist(), expected_labels[mask].tolist(), strict=True))
    assert len(pairs) == count == len({a for a, _ in pairs}) == len({b for _, b in pairs})


@pytest.mark.parametrize(("mask", "n8", "n4"), [
    (grid(["#.", ".#"]), 1, 2),                 # diagonal pair
    (grid(["#.#", ".#.", "#.#"]), 1, 5),        # X
    (grid(["##..", "....", "..##"]), 2, 2),
    (grid(["...", "...", "..."]), 0, 0),
    (grid(["###", "###"]), 1, 1),
])
def test_component_counts_by_hand(mask: np.ndarray, n8: int, n4: int) -> None:
    assert count_components(mask) == n8  # 8-connectivity is the default
    assert count_components(mask, 4) == n4
    assert label_components(mask, 4)[1] == n4
