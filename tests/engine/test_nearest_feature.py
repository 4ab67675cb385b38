"""`nearest_values`: the nearest listed pixel's value, with scipy's tie rule, both paths.

Brute force in the test: every listed pixel's squared distance to every mask pixel; the
nearest, and on ties the smallest column, then row. scipy's feature transform (the
no-compile path) follows the same rule, so both paths must equal it exactly.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from scipy import ndimage

from vesselview.engine import kernels_choice
from vesselview.engine.families.width import reference_widths
from vesselview.engine.nearest_feature import nearest_values
from vesselview.engine.skeletal import skeleton_thickness
from vesselview.engine.thinning import thin
from vesselview.synth import demo_case

from .masks import vessel_masks

BOTH = (kernels_choice.COMPILED, kernels_choice.NO_COMPILE)


def brute_force(mask: np.ndarray, listed: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per mask pixel (row-major), the value of the nearest listed pixel; ties: min (col, row)."""
    rows, cols = np.nonzero(listed.T)[::-1]  # column-major order: sorted by column, then row
    out = []
    for i, j in zip(*np.nonzero(mask), strict=True):
        squared = (rows - i) ** 2 + (cols - j) ** 2
        out.append(values[np.flatnonzero(squared == squared.min())[0]])  # first: min (col, row)
    return np.array(out, np.float64)


def both_paths(mask: np.ndarray, listed: np.ndarray, values: np.ndarray) -> list[np.ndarray]:
    rows, cols = np.nonzero(listed.T)[::-1]
    results = []
    for mode in BOTH:
        with kernels_choice.forced(mode):
            results.append(nearest_values(mask, rows, cols, values))
    return results


@st.composite
def sparse_cases(draw):
    """A mask and a non-empty sparse listed set on a small grid, values one per listed pixel.

    Small integer grids make equidistant listed pixels (ties) frequent.
    """
    shape = draw(st.tuples(st.integers(1, 24), st.integers(1, 24)))
    mask = draw(hnp.arrays(np.bool_, shape))
    listed = draw(hnp.arrays(np.bool_, shape, elements=st.sampled_from([False] * 6 + [True])))
    listed.flat[draw(st.integers(0, listed.size - 1))] = True
    values = np.arange(np.count_nonzero(listed), dtype=np.float64)  # distinct: ties visible
    return mask, listed, values


@settings(max_examples=150, deadline=None)
@given(sparse_cases())
def test_nearest_listed_value_with_scipys_tie_rule(case):
    mask, listed, values = case
    expected = brute_force(mask, listed, values)
    for result in both_paths(mask, listed, values):
        np.testing.assert_array_equal(result, expected)


def test_ties_pick_the_smallest_column_then_row():
    mask = np.zeros((3, 3), bool)
    mask[1, 1] = True  # the centre, at distance 1 from all four listed pixels
    listed = np.zeros((3, 3), bool)
    listed[0, 1] = listed[1, 0] = listed[1, 2] = listed[2, 1] = True
    # column-major: (1, 0) -> 0, (0, 1) -> 1, (2, 1) -> 2, (1, 2) -> 3
    for result in both_paths(mask, listed, np.array([10.0, 11.0, 12.0, 13.0])):
        assert result.tolist() == [10.0]  # column 0
    listed[1, 0] = False  # now (0, 1) and (2, 1) tie in column 1: the upper one
    for result in both_paths(mask, listed, np.array([11.0, 12.0, 13.0])):
        assert result.tolist() == [11.0]


def scipy_widths(reference: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(widths by `reference_widths`, widths as before: scipy's full-image feature transform)."""
    skeleton = thin(reference)
    thickness = skeleton_thickness(reference, skeleton)
    if not skeleton.any():
        return reference_widths(reference, thickness), np.zeros(np.count_nonzero(reference))
    rows, cols = ndimage.distance_transform_edt(~skeleton, return_distances=False,
                                                return_indices=True)
    return (reference_widths(reference, thickness),
            thickness.image()[rows[reference], cols[reference]])


@settings(max_examples=20, deadline=None)
@given(vessel_masks())
def test_widths_equal_scipys_feature_transform_on_vessels(reference):
    widths, before = scipy_widths(reference)
    np.testing.assert_array_equal(widths, before)


def test_widths_equal_scipys_feature_transform_on_a_fundus():
    for seed in (0, 3):
        widths, before = scipy_widths(demo_case(shape=(584, 565), seed=seed).reference)
        np.testing.assert_array_equal(widths, before)
