"""CAL = C·A·L, ``metrics.md`` sections 0 and 4, on hand-made masks."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.masks import check_scores, grid, pixels
from vesselview.engine.families.cal import cal_scores, connectivity_score, length_match
from vesselview.engine.overlap import tolerant_overlap
from vesselview.engine.thinning import thin


def cal_of(candidate: np.ndarray, reference: np.ndarray, alpha: int = 2, beta: int = 2):
    """CAL with skeletons from `thin` (section 4's skel)."""
    return cal_scores(
        connectivity_score(candidate, reference),
        tolerant_overlap(candidate, reference, alpha),
        length_match(candidate, reference, thin(candidate), thin(reference), beta),
    )


def hline(shape: tuple[int, int], r: int, c0: int, c1: int) -> np.ndarray:
    """One-pixel-wide horizontal line on row ``r``, columns c0..c1 inclusive."""
    return pixels(shape, *[(r, c) for c in range(c0, c1 + 1)])


SHAPE = (7, 10)
G_LINE = hline(SHAPE, 2, 1, 8)   # 8 px on row 2
S_LINE = hline(SHAPE, 4, 1, 8)   # 8 px on row 4, two rows below


def test_one_pixel_lines_are_their_own_skeletons() -> None:
    # Premise of the hand computations below: thinning leaves a 1-px straight line alone.
    np.testing.assert_array_equal(thin(G_LINE), G_LINE)
    np.testing.assert_array_equal(thin(hline(SHAPE, 4, 1, 4)), hline(SHAPE, 4, 1, 4))


@pytest.mark.parametrize(("alpha", "beta", "a", "l_"), [
    # disk(1) (the cross) does not reach 2 rows: A = L = 0.
    (1, 1, 0.0, 0.0),
    # disk(2) contains the offset (2, 0): every pixel of each line is matched: 16/16.
    (2, 2, 1.0, 1.0),
    (1, 2, 0.0, 1.0),
])
def test_parallel_lines_two_rows_apart(alpha: int, beta: int, a: float, l_: float) -> None:
    # One component each: C = 1 - min(1, 0/8) = 1. CAL = A·L.
    check_scores(cal_of(S_LINE, G_LINE, alpha, beta), {
        "cal_c": 1.0, "cal_a": a, "cal_l": l_, "cal": a * l_})


def test_partial_line_by_hand() -> None:
    # G = row 2 cols 1..8 (8 px), S = row 4 cols 1..4 (4 px); α = β = 2.
    # disk(2) reaches 2 rows only straight down/up, so dil(S) meets G at cols 1..4 (4 px)
    # and dil(G) contains all of S (4 px): A = (4 + 4)/#(S|G) = 8/12.
    # Skeletons are the lines themselves: L = (4 + 4)/12 likewise.
    # C = 1 - |1 - 1|/8 = 1; CAL = 1·(2/3)·(2/3) = 4/9.
    s = hline(SHAPE, 4, 1, 4)
    check_scores(cal_of(s, G_LINE), {"cal_c": 1.0, "cal_a": 2 / 3, "cal_l": 2 / 3, "cal": 4 / 9})


def test_length_dilates_masks_not_skeletons() -> None:
    # 9x12. S = 3-px-thick bar rows 2..4, cols 1..10 with hand-given skeleton row 3 cols 2..9
    # (8 px); G = 1-px line row 6 cols 1..10, its own skeleton (10 px). β = 2.
    # skel(S) & dil(G, disk 2): dil(G) spans rows 4..8, row 3 is 3 away: 0 pixels.
    # dil(S, disk 2) & skel(G): dil(S) reaches row 6 under cols 1..10: all 10 pixels.
    # L = 10/(8 + 10) = 5/9. (Dilating skel(S) instead would reach only row 5: L = 0.)
    shape = (9, 12)
    s = np.zeros(shape, bool)
    s[2:5, 1:11] = True
    s_skeleton = hline(shape, 3, 2, 9)
    g = hline(shape, 6, 1, 10)
    length = length_match(s, g, s_skeleton, g, 2)
    assert (length.matched, length.union) == (10, 18)
    # Reference band dil(G, disk 2) & ~G: rows 4 and 8 (offset ±2, no sideways reach) cols 1..10
    # = 2·10; rows 5 and 7 (offset ±1 reaches one column further) cols 0..11 = 2·12; row 6
    # cols 0 and 11 (cols -1 and 12 are off the image) = 2. Total 20 + 24 + 2 = 46.
    assert int(np.count_nonzero(length.reference_band)) == 46


@pytest.mark.parametrize(("candidate", "reference", "c"), [
    # G: two components of 3 px on a row (#G = 6); S: one 8-px run: 1 - |2 - 1|/6 = 5/6.
    (grid(["########.."]), grid(["###..###.."]), 5 / 6),
    # Diagonal pair is ONE 8-connected component: |1 - 1|/2 -> C = 1 (4-connectivity: 1/2).
    (grid(["#.", ".."]), grid(["#.", ".#"]), 1.0),
    # G one pixel (1 component, #G = 1), S four isolated pixels: min(1, 3/1) = 1 -> C = 0.
    (grid(["#.#.#.#"]), grid(["#......"]), 0.0),
    # S empty, G = 2 components of 6 px: 1 - 2/6 = 2/3.
    (grid([".........."]), grid(["###..###.."]), 2 / 3),
    # G empty, S one component: |0 - 1|/0 = inf -> 1 - min(1, inf) = 0.
    (grid(["..#.."]), grid(["....."]), 0.0),
])
def test_connectivity_by_hand(candidate: np.ndarray, reference: np.ndarray, c: float) -> None:
    check_scores(connectivity_score(candidate, reference), {"cal_c": c})


def test_both_empty() -> None:
    # Section 0: C, A and L are 1 when both masks are empty (C = 1 - min(1, 0/0) scores
    # the identical empty masks as perfect, as Dice does), so CAL = 1.
    empty = np.zeros(SHAPE, bool)
    check_scores(cal_of(empty, empty), {"cal_a": 1.0, "cal_l": 1.0, "cal_c": 1.0, "cal": 1.0})
    check_scores(connectivity_score(empty, empty), {"cal_c": 1.0})


def test_candidate_empty() -> None:
    # G = 8-px line: C = 1 - 1/8 = 7/8; A = 0/8; L = 0/8; CAL = 0.
    check_scores(cal_of(np.zeros(SHAPE, bool), G_LINE), {
        "cal_c": 7 / 8, "cal_a": 0.0, "cal_l": 0.0, "cal": 0.0})


def test_reference_empty() -> None:
    # C = 1 - min(1, 1/0) = 0; A = 0/8; L = 0/8; CAL = 0.
    check_scores(cal_of(S_LINE, np.zeros(SHAPE, bool)), {
        "cal_c": 0.0, "cal_a": 0.0, "cal_l": 0.0, "cal": 0.0})


def test_identical_thick_masks_score_one() -> None:
    # Any non-empty mask against itself: C = 1 - 0/#G, A = #G/#G, L = #skel/#skel.
    g = np.zeros((12, 12), bool)
    g[3:8, 2:10] = True
    g[5:11, 5:7] = True
    check_scores(cal_of(g, g), {"cal_c": 1.0, "cal_a": 1.0, "cal_l": 1.0, "cal": 1.0})
