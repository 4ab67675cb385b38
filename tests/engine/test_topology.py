"""clDice and Betti errors, ``metrics.md`` sections 0 and 6, on hand-made masks."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.masks import NAN, check_scores, grid
from vesselview.engine.families.topology import count_holes, topology_scores
from vesselview.engine.thinning import thin


def scores_of(candidate: np.ndarray, reference: np.ndarray):
    """Topology scores with skeletons from `thin`."""
    return topology_scores(candidate, reference, thin(candidate), thin(reference))


def test_cldice_by_hand() -> None:
    # 5x10. G = 3-px bar rows 1..3, cols 1..8, with hand-given skeleton row 2 cols 2..7 (6 px).
    # S = 1-px line row 2 cols 1..4 (its own skeleton, 4 px).
    # Tprec = #(skel(S) & G)/#skel(S) = 4/4 = 1; Tsens = #(skel(G) & S)/#skel(G) = cols 2..4
    # = 3/6 = 1/2. clDice = 2·1·½/(1 + ½) = 2/3.
    g = np.zeros((5, 10), bool)
    g[1:4, 1:9] = True
    g_skeleton = np.zeros_like(g)
    g_skeleton[2, 2:8] = True
    s = np.zeros_like(g)
    s[2, 1:5] = True
    check_scores(topology_scores(s, g, s, g_skeleton), {
        "cldice": 2 / 3, "betti0_error": 0.0, "betti1_error": 0.0})


@pytest.mark.parametrize(("mask", "holes"), [
    # Ring: the centre is a background component away from the border.
    (grid([".....", ".###.", ".#.#.", ".###.", "....."]), 1),
    # Ring touching the image border on two sides: the centre still does not touch it.
    (grid(["###..", "#.#..", "###..", ".....", "....."]), 1),
    # Diamond: the centre's 4-neighbours are all vessel, so with 4-connected background it is
    # a hole (8-connected background would leak out diagonally).
    (grid([".....", "..#..", ".#.#.", "..#..", "....."]), 1),
    # Two separate holes.
    (grid([".......", ".#####.", ".#.#.#.", ".#####.", "......."]), 2),
    # Two adjacent background pixels form one hole.
    (grid([".......", ".#####.", ".#..##.", ".#####.", "......."]), 1),
    # A U open to the border: its inside reaches the border, no hole.
    (grid(["#.#", "#.#", "###"]), 0),
    # Filled block, empty and full images: no hole.
    (grid(["....", ".##.", ".##.", "...."]), 0),
    (grid(["...", "...", "..."]), 0),
    (grid(["###", "###", "###"]), 0),
])
def test_count_holes_by_hand(mask: np.ndarray, holes: int) -> None:
    assert count_holes(mask) == holes


def test_betti_errors_by_hand() -> None:
    # S = ring (1 component, 1 hole); G = filled block (1 component, 0 holes) + a far pixel
    # (2 components): |1 - 2| = 1, |1 - 0| = 1.
    s = grid([".......", ".###...", ".#.#...", ".###...", "......."])
    g = grid([".......", ".###...", ".###...", ".###..#", "......."])
    check_scores(scores_of(s, g), {"betti0_error": 1.0, "betti1_error": 1.0})


def test_betti0_uses_8_connectivity() -> None:
    # A diagonal staircase is one 8-connected component (three 4-connected ones).
    s = grid(["#..", ".#.", "..#"])
    g = grid(["###", "...", "..."])
    check_scores(scores_of(s, g), {"betti0_error": 0.0})


def test_identical_masks() -> None:
    # Tprec = Tsens = 1 (a skeleton lies inside its own mask): clDice = 1; errors 0.
    g = grid([".......", ".#####.", ".#.#.#.", ".#####.", "...#...", "...#..."])
    check_scores(scores_of(g, g), {"cldice": 1.0, "betti0_error": 0.0, "betti1_error": 0.0})


def test_both_empty() -> None:
    # clDice: Tprec and Tsens are both 0/0 -> undefined (not among section 0's exceptions).
    empty = np.zeros((4, 4), bool)
    check_scores(scores_of(empty, empty), {
        "cldice": NAN, "betti0_error": 0.0, "betti1_error": 0.0})


@pytest.mark.parametrize("which", ["candidate", "reference"])
def test_one_empty(which: str) -> None:
    # The non-empty side's ratio is 0/#skel = 0 (its skeleton has no pixel in an empty mask),
    # so the harmonic mean is 0 whatever the other (0/0) side — the same reading as Dice and
    # F1_t with one empty mask. β0: 1 component vs 0.
    mask, empty = grid(["....", ".##.", ".##.", "...."]), np.zeros((4, 4), bool)
    s, g = (empty, mask) if which == "candidate" else (mask, empty)
    check_scores(scores_of(s, g), {"cldice": 0.0, "betti0_error": 1.0, "betti1_error": 0.0})


def test_disjoint_masks() -> None:
    # No skeleton pixel of either lies in the other mask: Tprec = Tsens = 0 and
    # clDice = 0/0 by the section 6 formula -> undefined with a reason.
    s = grid(["###....", ".......", "......."])
    g = grid([".......", ".......", "....###"])
    check_scores(scores_of(s, g), {"cldice": NAN, "betti0_error": 0.0, "betti1_error": 0.0})
