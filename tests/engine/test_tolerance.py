"""Tolerance F1 (F1_t), ``metrics.md`` sections 0 and 3, on hand-made masks."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.masks import NAN, check_scores, pixels
from vesselview.engine.families.tolerance import tolerance_match, tolerance_scores

ROW = (1, 8)
WHOLE_ROW = np.ones(ROW, bool)


def row(*cols: int) -> np.ndarray:
    """One-row mask of 8 columns with ``cols`` set."""
    return pixels(ROW, *[(0, c) for c in cols])


def scores_of(candidate: np.ndarray, reference: np.ndarray, t: int,
              fov: np.ndarray | None = None):
    fov = np.ones(candidate.shape, bool) if fov is None else fov
    return tolerance_scores(tolerance_match(candidate, reference, fov, t))


@pytest.mark.parametrize(("t", "m"), [
    # G = ###.....  S = ..##..#.
    # t = 0: S_G = S & G = {2}; G_S = {2}: M = 1.
    (0, 1),
    # t = 1: dil(G) = cols 0..3, S_G = {2, 3}; dil(S) = cols 1..4 and 5..7, G_S = {1, 2}: M = 2.
    (1, 2),
    # t = 3: dil(G) = cols 0..5, S_G = {2, 3}; dil(S) covers everything, G_S = {0, 1, 2}:
    # M = min(2, 3) = 2.
    (3, 2),
])
def test_one_row_by_hand(t: int, m: int) -> None:
    # #S = #G = 3: precision = recall = M/3, F1_t = M/3.
    check_scores(scores_of(row(2, 3, 6), row(0, 1, 2), t), {
        "f1_t_precision": m / 3, "f1_t_recall": m / 3, "f1_t": m / 3})


def test_min_of_the_two_matched_counts() -> None:
    # G = ####....  S = ...#....  t = 1: S_G = {3} (1 pixel), G_S = {2, 3} (2 pixels): M = 1.
    # precision = 1/1, recall = 1/4, F1_t = 2·1·¼/(1 + ¼) = 2/5.
    check_scores(scores_of(row(3), row(0, 1, 2, 3), 1), {
        "f1_t_precision": 1.0, "f1_t_recall": 1 / 4, "f1_t": 2 / 5})


@pytest.mark.parametrize(("candidate_pixel", "t", "f1"), [
    ((1, 1), 0, 0.0),  # diagonal neighbour of (0,0): chessboard distance 1
    ((1, 1), 1, 1.0),
    ((2, 1), 1, 0.0),  # chessboard distance max(2, 1) = 2
    ((2, 1), 2, 1.0),
])
def test_chessboard_tolerance(candidate_pixel: tuple[int, int], t: int, f1: float) -> None:
    # 3x3, G = {(0,0)}, S one pixel: M is 1 exactly when the chessboard distance is <= t.
    s, g = pixels((3, 3), candidate_pixel), pixels((3, 3), (0, 0))
    check_scores(scores_of(s, g, t), {"f1_t": f1, "f1_t_precision": f1, "f1_t_recall": f1})


def test_masks_are_restricted_to_fov() -> None:
    # F = cols 0..5 removes S's (0,6) and G's (0,7). Inside F: G = {0,1,2}, S = {2,3}.
    # t = 1: S_G = {2, 3}, G_S = {1, 2}: M = 2; precision 2/2, recall 2/3, F1_t = 4/5.
    fov = row(0, 1, 2, 3, 4, 5)
    check_scores(scores_of(row(2, 3, 6), row(0, 1, 2, 7), 1, fov), {
        "f1_t_precision": 1.0, "f1_t_recall": 2 / 3, "f1_t": 4 / 5})


def test_reference_outside_fov_does_not_tolerate_candidate() -> None:
    # G = {7} lies outside F = cols 0..6, so the candidate (0,6), 1 px away, matches nothing:
    # inside F the reference is empty -> recall undefined, precision 0/1, F1_t = 0.
    check_scores(scores_of(row(6), row(7), 1, row(0, 1, 2, 3, 4, 5, 6)), {
        "f1_t_precision": 0.0, "f1_t_recall": NAN, "f1_t": 0.0})


def test_matched_sets_and_band_by_hand() -> None:
    # Overlay classes of section 3 for G = ###....., S = ..##..#., t = 1:
    # S_G = {2, 3}: tolerated candidate pixels S_G - S&G = {3};
    # G_S = {1, 2}: tolerated reference pixels G_S - S&G = {1};
    # reference band dil(G, square(1)) & ~G = {3}.
    match = tolerance_match(row(2, 3, 6), row(0, 1, 2), WHOLE_ROW, 1)
    np.testing.assert_array_equal(match.candidate_matched, row(2, 3))
    np.testing.assert_array_equal(match.reference_matched, row(1, 2))
    np.testing.assert_array_equal(match.reference_band, row(3))


def test_both_empty() -> None:
    # Section 0: F1_t = 1 when both masks are empty; precision and recall are 0/0.
    empty = np.zeros(ROW, bool)
    check_scores(scores_of(empty, empty, 2), {
        "f1_t": 1.0, "f1_t_precision": NAN, "f1_t_recall": NAN})


def test_both_empty_within_fov() -> None:
    # Both masks lie outside F only: empty within the FOV -> 1.
    check_scores(scores_of(row(7), row(6), 2, row(0, 1, 2)), {
        "f1_t": 1.0, "f1_t_precision": NAN, "f1_t_recall": NAN})


def test_candidate_empty() -> None:
    # M = 0: precision 0/0, recall 0/3; F1_t = 0 (Dice 2·0/(0+3) at t = 0).
    check_scores(scores_of(np.zeros(ROW, bool), row(0, 1, 2), 2), {
        "f1_t": 0.0, "f1_t_precision": NAN, "f1_t_recall": 0.0})


def test_reference_empty() -> None:
    check_scores(scores_of(row(0, 1, 2), np.zeros(ROW, bool), 2), {
        "f1_t": 0.0, "f1_t_precision": 0.0, "f1_t_recall": NAN})


def test_disjoint_masks_score_zero() -> None:
    # G = {0}, S = {7}, t = 2: nothing within tolerance; M = 0, precision = recall = 0, and
    # F1_t = 0 as Dice is at t = 0 (section 3: "t = 0 equals the ordinary Dice").
    check_scores(scores_of(row(7), row(0), 2), {
        "f1_t": 0.0, "f1_t_precision": 0.0, "f1_t_recall": 0.0})
