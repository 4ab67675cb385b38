"""Segment detection (``docs/metrics.md`` §10): a segment is near the other skeleton when
``segment_share`` of its pixels lie within ``segment_tol`` of it; hand-made skeletons."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.masks import NAN, check_scores
from vesselview.engine.detection import segment_detection, segment_near_share, segment_scores
from vesselview.engine.vessel_graph import vessel_graph


def t_skeleton(shape: tuple[int, int] = (12, 12), shift: int = 0) -> np.ndarray:
    """A T: bar on row 2 + shift, cols 1..9; stem on col 5, rows 3 + shift..10."""
    skeleton = np.zeros(shape, bool)
    skeleton[2 + shift, 1:10] = True
    skeleton[3 + shift:11, 5] = True
    return skeleton


def detect(candidate: np.ndarray, reference: np.ndarray, tolerance: float = 2.0,
           share: float = 0.5):
    return segment_detection(vessel_graph(candidate), vessel_graph(reference), tolerance,
                             share)


def test_missed_stem_and_false_branch() -> None:
    reference = t_skeleton()
    candidate = np.zeros_like(reference)
    candidate[3, 1:10] = True  # the bar, 1 px lower: all within 2 px; no stem
    candidate[8:11, 9:12] = np.eye(3, dtype=bool)  # a far diagonal piece: false
    found = detect(candidate, reference)
    # Reference: the fork cluster is (2,4), (2,5), (2,6), (3,5); left and right arms are
    # near; the stem (rows 4..10, 7 px) is not: only rows 4 and 5 lie within 2 px of
    # row 3: 2 of 7 < 0.5.
    assert found.reference["near"].tolist().count(True) == 2
    assert len(found.reference) == 3
    check_scores(segment_scores(found), {"segment_recall": 2 / 3, "false_segments": 1.0})
    graph = vessel_graph(candidate)
    false_pixels = found.false(graph)
    assert np.array_equal(false_pixels, candidate & (np.arange(12)[:, None] >= 8))
    missed = found.missed(vessel_graph(reference))
    assert missed.sum() == 7 and missed[4:11, 5].all()


def test_near_share_counts_pixels_within_tolerance_inclusive() -> None:
    line = np.zeros((5, 10), bool)
    line[0, :] = True
    other = np.zeros_like(line)
    other[2, :5] = True  # 2 px below the left half of the line
    share = segment_near_share(vessel_graph(line), vessel_graph(other), 2.0)
    # Columns 0..6 are within 2 px ((2, 0) gap, then hypot(2, col - 4) <= 2 only for col 4):
    # cols 0..4 -> 5 of 10.
    assert share.tolist() == pytest.approx([0.0, 0.5])
    assert segment_near_share(vessel_graph(line), vessel_graph(other), 1.9).tolist() == [0.0, 0.0]


@pytest.mark.parametrize("share", [0.5, 0.51])
def test_share_threshold_is_inclusive(share: float) -> None:
    line = np.zeros((5, 10), bool)
    line[0, :] = True
    other = np.zeros_like(line)
    other[2, :5] = True
    found = detect(other, line, share=share)
    assert found.reference["near"].tolist() == [share <= 0.5]


def test_identical_skeletons_detect_everything() -> None:
    skeleton = t_skeleton()
    check_scores(segment_scores(detect(skeleton, skeleton, tolerance=0.0)),
                 {"segment_recall": 1.0, "false_segments": 0.0})


def test_empty_skeletons() -> None:
    empty = np.zeros((6, 6), bool)
    nothing = segment_scores(detect(empty, empty))
    check_scores(nothing, {"segment_recall": NAN, "false_segments": 0.0})
    assert nothing.reasons["segment_recall"] == "the reference skeleton has no segment"
    check_scores(segment_scores(detect(empty, t_skeleton())),
                 {"segment_recall": 0.0, "false_segments": 0.0})
    check_scores(segment_scores(detect(t_skeleton(), np.zeros((12, 12), bool))),
                 {"segment_recall": NAN, "false_segments": 3.0})
