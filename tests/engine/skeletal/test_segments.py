"""Reference segmentation (``skeletal-similarity.md`` steps 7-8), worked out by hand.

Several cases give a different answer in row-major order, so they fail if the scan
order is not column-major.
"""

from __future__ import annotations

import math

import numpy as np

from vesselview.engine.skeletal import reference_segments


def _segment(skeleton: np.ndarray, fov: np.ndarray | None = None, min_length: int = 4,
             max_length: int = 15):
    fov = np.ones_like(skeleton) if fov is None else fov
    return reference_segments(skeleton, fov, min_length, max_length)


def _t_junction() -> np.ndarray:
    """Row 5, columns 0..14, and a stem down column 7, rows 6..12."""
    skeleton = np.zeros((14, 16), bool)
    skeleton[5, 0:15] = True
    skeleton[6:13, 7] = True
    return skeleton


def test_t_junction_loses_two_pixels_in_column_major_order():
    segments = _segment(_t_junction())
    # (5,6): 3x3 sum 4 -> deleted. (5,7): (5,6) is gone, sum 3 -> kept.
    # (6,7): (5,7),(5,8),(6,7),(7,7) -> 4 -> deleted. Row-major would delete (5,8) instead.
    assert sorted(zip(*np.nonzero(segments.junctions), strict=True)) == [(5, 6), (6, 7)]


def test_t_junction_labels_and_reattached_junctions():
    labels = _segment(_t_junction()).labels
    # Components after deletion, numbered by first pixel in scan order:
    # row 5 cols 0..5 -> 1; column 7 holds (5,7) [row 5 cols 7..14] -> 2 before (7,7) -> 3.
    # Junctions back in scan order: (5,6) sees labels {1, 2} -> 2; (6,7) sees {2, 3} -> 3.
    expected = np.zeros_like(labels)
    expected[5, 0:6] = 1
    expected[5, 6:15] = 2
    expected[6:13, 7] = 3
    np.testing.assert_array_equal(labels, expected)
    assert labels.dtype == np.int32 and not labels.flags.writeable


def test_labels_are_numbered_in_column_major_scan_order():
    skeleton = np.zeros((10, 12), bool)
    skeleton[0, 5:11] = True  # first pixel in row-major order
    skeleton[3:9, 0] = True   # first pixel in column-major order
    labels = _segment(skeleton).labels
    assert (labels[3:9, 0] == 1).all() and (labels[0, 5:11] == 2).all()


def test_60_pixel_vessel_first_and_last_15_pixels_share_a_label():
    skeleton = np.zeros((5, 62), bool)
    skeleton[2, 1:61] = True
    labels = _segment(skeleton).labels[2, 1:61]
    # L = 60, n = 4, T = 15; label 1 is the largest, so base = 0 and piece 1 is label 1.
    assert (labels[0:15] == 1).all() and (labels[15:30] == 2).all()
    assert (labels[30:45] == 3).all() and (labels[45:60] == 1).all()


def test_60_pixel_vessel_before_another_component_is_cut_into_four():
    skeleton = np.zeros((5, 70), bool)
    skeleton[2, 1:61] = True
    skeleton[2, 64:69] = True  # label 2, so base = 2 when label 1 is cut
    labels = _segment(skeleton).labels[2]
    assert (labels[1:16] == 3).all() and (labels[16:31] == 4).all()
    assert (labels[31:46] == 5).all() and (labels[46:61] == 1).all()
    assert (labels[64:69] == 2).all()


def test_20_and_29_pixel_vessels_are_left_whole():
    skeleton = np.zeros((6, 32), bool)
    skeleton[1, 0:20] = True
    skeleton[4, 0:29] = True
    labels = _segment(skeleton).labels
    assert (labels[1, 0:20] == 1).all() and (labels[4, 0:29] == 2).all()


def _ring_and_line() -> np.ndarray:
    """An 11x11 square ring without its corners (36 pixels) and a 5-pixel line to its right."""
    skeleton = np.zeros((11, 20), bool)
    skeleton[1:10, 0] = skeleton[1:10, 10] = True
    skeleton[0, 1:10] = skeleton[10, 1:10] = True
    skeleton[5, 14:19] = True
    return skeleton


def test_closed_loop_is_walked_from_its_first_pixel():
    segments = _segment(_ring_and_line())
    assert not segments.junctions.any()
    labels = segments.labels
    # Ring = label 1, L = 36, n = 2, T = 18, base = 2 (the line). No end pixel: the walk
    # starts at (1,0), goes down column 0 (its first neighbour in scan order is (2,0),
    # not (0,1)) and along row 10: those 18 pixels get label 3, the rest keep 1.
    assert (labels[1:10, 0] == 3).all() and (labels[10, 1:10] == 3).all()
    assert (labels[0, 1:10] == 1).all() and (labels[1:10, 10] == 1).all()
    assert (labels[5, 14:19] == 2).all()


def test_short_components_are_removed_not_junctions():
    skeleton = np.zeros((6, 12), bool)
    skeleton[1, 0:3] = True   # 3 pixels < min_length 4
    skeleton[4, 0:8] = True
    segments = _segment(skeleton)
    assert not segments.junctions.any()
    assert not segments.labels[1].any() and (segments.labels[4, 0:8] == 1).all()
    assert segments.confidence == 8 / 11


def test_junction_without_labelled_neighbour_gets_zero():
    skeleton = np.zeros((7, 7), bool)
    skeleton[3, 1:6] = True
    skeleton[1:6, 3] = True  # a plus with 2-pixel arms: everything left is too short
    segments = _segment(skeleton)
    assert segments.junctions.any()
    assert not segments.labels.any() and segments.confidence == 0.0


def test_labels_outside_the_fov_become_zero_and_confidence_counts_them():
    skeleton = np.zeros((8, 20), bool)
    skeleton[2, 0:10] = True
    skeleton[6, 0:10] = True
    fov = np.ones_like(skeleton)
    fov[5:, :] = False       # the second segment is entirely outside
    fov[2, 8:] = False       # and two pixels of the first
    segments = _segment(skeleton, fov)
    assert (segments.labels[2, 0:8] == 1).all() and not segments.labels[2, 8:].any()
    assert not segments.labels[6].any()
    assert segments.confidence == 8 / 20


def test_empty_skeleton_has_undefined_confidence():
    segments = _segment(np.zeros((5, 5), bool))
    assert not segments.labels.any() and not segments.junctions.any()
    assert math.isnan(segments.confidence)


def test_layout_of_the_input_does_not_matter():
    skeleton = _ring_and_line() | np.pad(_t_junction(), ((0, 0), (4, 0)))[:11, :20]
    c_order = _segment(np.ascontiguousarray(skeleton))
    f_order = _segment(np.asfortranarray(skeleton), np.asfortranarray(np.ones_like(skeleton)))
    np.testing.assert_array_equal(c_order.labels, f_order.labels)
    np.testing.assert_array_equal(c_order.junctions, f_order.junctions)
