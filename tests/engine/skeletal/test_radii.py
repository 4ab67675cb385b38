"""Search radii and the search mask (``skeletal-similarity.md`` steps 4-5)."""

from __future__ import annotations

import numpy as np

from tests.engine.skeletal.values import values_on
from vesselview.engine.skeletal import search_radii
from vesselview.engine.skeletal.radii import radii_from_thickness, range_footprint


def test_radius_formula_worked_by_hand():
    thickness = np.array([1.0, 2.0, 3.0])
    # R = 2: bin = 1; ceil(2.0001) = 3 -> capped at 2, ceil(1.0001) = 2, ceil(0.0001) = 1.
    np.testing.assert_array_equal(radii_from_thickness(thickness, 2), [2, 2, 1])
    # R = 3: bin = 2/3; ceil(3.00015) = 4 -> 3, ceil(1.50015) = 2, ceil(0.00015) = 1.
    np.testing.assert_array_equal(radii_from_thickness(thickness, 3), [3, 2, 1])


def test_equal_thickness_gives_every_pixel_r():
    np.testing.assert_array_equal(radii_from_thickness(np.full(4, 2.5), 3), [3, 3, 3, 3])


def test_footprints_are_floor_of_distance_within_r():
    assert np.array_equal(range_footprint(1), np.ones((3, 3)))
    assert np.array_equal(range_footprint(2), np.ones((5, 5)))  # corner: floor(sqrt 8) = 2
    seven = range_footprint(3)
    assert seven.shape == (7, 7) and seven.sum() == 45  # corners: floor(sqrt 18) = 4
    assert seven[0, 0] == 0 and seven[0, 1] == 1  # floor(sqrt 13) = 3


def test_search_mask_is_the_union_of_footprints_inside_the_fov():
    skeleton = np.zeros((9, 12), bool)
    skeleton[4, 2:6] = True
    thickness = np.where(skeleton, 2.0, 0.0)
    thickness[4, 5] = 1.0  # thinner end: larger radius
    fov = np.ones_like(skeleton)
    fov[:, 9:] = False
    search = search_radii(skeleton, values_on(skeleton, thickness), fov, 2)
    # Tmin 1, Tmax 2, bin 0.5: T = 2 -> ceil(0.0002) = 1; T = 1 -> ceil(2.0002) = 3 -> 2.
    assert search.radius[4, 2:5].tolist() == [1, 1, 1] and search.radius[4, 5] == 2
    assert search.radius[~skeleton].sum() == 0 and search.radius.dtype == np.uint8
    expected = np.zeros_like(skeleton)
    expected[3:6, 1:6] = True   # 3x3 squares around (4, 2..4)
    expected[2:7, 3:8] = True   # 5x5 square around (4, 5)
    np.testing.assert_array_equal(search.search_mask, expected & fov)
    assert search.max_radius == 2


def test_fov_cuts_the_search_mask_but_not_the_radii():
    skeleton = np.zeros((7, 7), bool)
    skeleton[3, 1:6] = True
    fov = np.zeros_like(skeleton)
    search = search_radii(skeleton, values_on(skeleton, np.ones((7, 7))), fov, 2)
    assert not search.search_mask.any()
    assert (search.radius[skeleton] == 2).all()


def test_empty_reference_skeleton_gives_empty_range():
    skeleton = np.zeros((5, 6), bool)
    search = search_radii(skeleton, values_on(skeleton, np.zeros((5, 6))), np.ones((5, 6), bool),
                          3)
    assert not search.radius.any() and not search.search_mask.any()
    assert not search.search_mask.flags.writeable
