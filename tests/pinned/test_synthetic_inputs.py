"""The stored pinned inputs are what the synthesis draws, and keep the soft case's decisions."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from tests.pinned.inputs import SOFT_THRESHOLD, soft_code, soft_map, stored_cases, synthetic_cases

OPENCV_MAJOR = int(cv2.__version__.split(".")[0])


@pytest.fixture(scope="module")
def stored():
    return stored_cases()


@pytest.fixture(scope="module")
def drawn():
    return synthetic_cases()


def test_every_synthetic_case_is_stored(stored, drawn):
    assert list(stored) == list(drawn)


@pytest.mark.skipif(OPENCV_MAJOR < 5, reason="OpenCV 4 rasterises sub-pixel cv2.line "
                    "differently; the stored masks are the synthesis drawn with OpenCV 5")
def test_the_synthesis_draws_the_stored_masks(stored, drawn):
    for case_name, case in drawn.items():
        for mask in ("reference", "candidate", "fov"):
            np.testing.assert_array_equal(getattr(stored[case_name], mask),
                                          getattr(case, mask), err_msg=f"{case_name}.{mask}")
        if case.candidate_soft is not None:
            np.testing.assert_array_equal(stored[case_name].candidate_soft,
                                          soft_map(soft_code(case.candidate_soft)))


@given(arrays(np.float32, st.integers(1, 64), elements=st.floats(0, 1, width=32)))
def test_the_stored_soft_map_keeps_every_pixel_on_its_side_of_the_threshold(probability):
    np.testing.assert_array_equal(soft_map(soft_code(probability)) > SOFT_THRESHOLD,
                                  probability > SOFT_THRESHOLD)


@pytest.mark.parametrize(("probability", "expected"), [
    (0.0, 0), (0.5, 7), (np.nextafter(np.float32(0.5), np.float32(1)), 8), (0.99, 15), (1.0, 15)])
def test_soft_levels_of_hand_picked_values(probability, expected):
    assert soft_code(np.array([probability], np.float32)).tolist() == [expected]
