"""Candidate assignment and the overlap rule (``skeletal-similarity.md`` steps 6, 9a-9b)."""

from __future__ import annotations

import numpy as np

from tests.engine.skeletal.values import values_on
from vesselview.engine.skeletal import assign_candidates, reference_segments, search_radii


def _assign(ref_skeleton: np.ndarray, cand_skeleton: np.ndarray, max_radius: int = 2):
    """Stages 2-4 with thickness 1 everywhere (so every radius is R)."""
    fov = np.ones_like(ref_skeleton)
    search = search_radii(ref_skeleton, values_on(ref_skeleton, np.ones(ref_skeleton.shape)), fov,
                          max_radius)
    labels = reference_segments(ref_skeleton, fov, 4, 15).labels
    return assign_candidates(cand_skeleton, ref_skeleton, labels, search), labels


def _pairs(assignment) -> set[tuple[int, int, int]]:
    return set(zip(assignment.rows.tolist(), assignment.cols.tolist(),
                   assignment.labels.tolist(), strict=True))


def test_overlap_rule_on_two_parallel_segments():
    ref = np.zeros((9, 10), bool)
    ref[2, 0:8] = True  # label 1 (first in scan order: (2,0) before (6,0))
    ref[6, 0:8] = True  # label 2
    cand = np.zeros_like(ref)
    cand[4, 3] = True   # 2 from both rows: tied, in range of both -> both
    cand[2, 5] = True   # on a pixel labelled 1 -> only segment 1
    cand[3, 1] = True   # nearest is row 2 (1 away) -> 1
    cand[5, 9] = True   # nearest (6,7) is sqrt 5 away -> 2 (in its range: floor(2.24) = 2)
    assignment, _ = _assign(ref, cand)
    assert _pairs(assignment) == {(4, 3, 1), (4, 3, 2), (2, 5, 1), (3, 1, 1), (5, 9, 2)}
    # Sorted by label, then scan order.
    assert assignment.labels.tolist() == [1, 1, 1, 2, 2]
    assert (assignment.rows[:3].tolist(), assignment.cols[:3].tolist()) == ([3, 4, 2], [1, 3, 5])


def test_pruning_keeps_only_the_search_mask():
    ref = np.zeros((9, 10), bool)
    ref[2, 0:8] = True
    cand = np.zeros_like(ref)
    cand[5, 3] = True  # 3 rows away: outside radius 2
    cand[4, 3] = True
    assignment, _ = _assign(ref, cand)
    assert assignment.pruned[4, 3] and not assignment.pruned[5, 3]
    assert _pairs(assignment) == {(4, 3, 1)}
    assert not assignment.pruned.flags.writeable


def test_nearest_reference_pixel_unlabelled_drops_the_candidate():
    ref = np.zeros((8, 16), bool)
    ref[2, 0:10] = True     # label 1
    ref[5, 12:14] = True    # 2 pixels: removed as too short, still reference skeleton
    cand = np.zeros_like(ref)
    cand[4, 11] = True      # sqrt 2 from (5,12), sqrt 8 from (2,9)
    assignment, labels = _assign(ref, cand)
    assert labels[5, 12] == 0
    assert assignment.pruned[4, 11] and assignment.rows.size == 0


def test_no_reference_pixel_in_the_11x11_window_drops_the_candidate():
    ref = np.zeros((12, 12), bool)
    ref[0, 0:8] = True
    cand = np.zeros_like(ref)
    cand[7, 3] = True   # 7 rows away: inside radius 7, outside the 11x11 window
    cand[5, 3] = True   # 5 rows away: the window's edge still sees row 0
    assignment, _ = _assign(ref, cand, max_radius=7)
    assert assignment.pruned[7, 3] and assignment.pruned[5, 3]
    assert _pairs(assignment) == {(5, 3, 1)}


def test_assigned_image_shows_the_segment_of_each_pixel():
    ref = np.zeros((9, 10), bool)
    ref[2, 0:8] = True
    ref[6, 0:8] = True
    cand = np.zeros_like(ref)
    cand[3, 1] = True
    cand[4, 3] = True  # tied between 1 and 2
    image = _assign(ref, cand)[0].image()
    assert image[3, 1] == 1 and image[4, 3] in (1, 2)
    assert image.dtype == np.int32 and np.count_nonzero(image) == 2


def test_empty_candidate_gives_no_pairs():
    ref = np.zeros((6, 8), bool)
    ref[2, 0:8] = True
    assignment, _ = _assign(ref, np.zeros_like(ref))
    assert assignment.rows.size == 0 and not assignment.pruned.any()
    assert not assignment.image().any()
