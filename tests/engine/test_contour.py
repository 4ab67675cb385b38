"""Contour distances and tolerant overlap (CAL paper's comparison), ``metrics.md`` section 2."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings

from tests.engine.masks import check_scores, grid, pixels, vessel_pairs
from vesselview.engine.distance_map import distance_map
from vesselview.engine.families.contour import contour_distances, contour_of, contour_scores
from vesselview.engine.overlap import tolerant_overlap


def scores_of(candidate: np.ndarray, reference: np.ndarray, gamma: int = 0):
    """Contour scores of ``candidate`` (S) against ``reference`` (G) at tolerance ``gamma``."""
    return contour_scores(contour_distances(candidate, reference), candidate, reference, gamma)


# 5x7: G = 3x3 block at rows 1..3, cols 1..3; S = the same block moved one column right.
REFERENCE = grid([".......", ".###...", ".###...", ".###...", "......."])
CANDIDATE = grid([".......", "..###..", "..###..", "..###..", "......."])


def test_shifted_blocks_by_hand() -> None:
    # P(G) = the 8-pixel ring of G (its centre (2,2) is interior); P(S) = ring of S
    # (centre (2,3) interior).
    # D1 (P(S) -> P(G)): (1,2) 0, (1,3) 0, (1,4) 1, (2,2) 1 [not in P(G); (1,2) is 1 away],
    #    (2,4) 1, (3,2) 0, (3,3) 0, (3,4) 1  -> four 0s, four 1s.
    # D2 (P(G) -> P(S)) is the mirror image: four 0s, four 1s.
    # Pooled 16 values, eight 1s: ASD = 1/2, RMSD = sqrt(1/2), MSD = 1.
    distances = contour_distances(CANDIDATE, REFERENCE)
    assert sorted(distances.candidate_to_reference) == [0, 0, 0, 0, 1, 1, 1, 1]
    assert sorted(distances.reference_to_candidate) == [0, 0, 0, 0, 1, 1, 1, 1]
    check_scores(scores_of(CANDIDATE, REFERENCE), {
        "asd": 0.5, "rmsd": math.sqrt(0.5), "msd": 1.0,
        "n_asd": 1 / 1.5, "n_rmsd": 1 / (1 + math.sqrt(0.5)), "n_msd": 1 / 2,
        # g = 0: matched = S & G = 6 pixels (cols 2..3), S | G = 12: J = 1/2, D = 2·½/(1+½) = 2/3
        # (= Dice 2·6/(9+9)).
        "j_g": 0.5, "d_g": 2 / 3,
    })


def test_shifted_blocks_with_tolerance_one() -> None:
    # g = 1: every pooled distance is 0 or 1, so max(0, d - 1) = 0 everywhere.
    # dil(S, disk 1) (the cross) covers col 1 rows 1..3, so all of G is matched;
    # dil(G, disk 1) covers col 4 rows 1..3, so all of S is: J_1 = 12/12 = 1, D_1 = 1.
    check_scores(scores_of(CANDIDATE, REFERENCE, 1), {
        "asd": 0.0, "rmsd": 0.0, "msd": 0.0, "n_asd": 1.0, "n_rmsd": 1.0, "n_msd": 1.0,
        "j_g": 1.0, "d_g": 1.0})


# One-row image, columns 0..7:  G = #.......   S = ...##...
ROW_G = pixels((1, 8), (0, 0))
ROW_S = pixels((1, 8), (0, 3), (0, 4))


@pytest.mark.parametrize(("gamma", "expected"), [
    # Every pixel of a one-row mask is contour (the image border counts as outside).
    # D1: d(3, {0}) = 3, d(4, {0}) = 4; D2: d(0, {3,4}) = 3. Pooled [3, 4, 3].
    # g = 0: ASD = 10/3, RMSD = sqrt((9+16+9)/3), MSD = 4; nothing within 0: J = 0/3.
    (0, {"asd": 10 / 3, "rmsd": math.sqrt(34 / 3), "msd": 4.0, "j_g": 0.0, "d_g": 0.0}),
    # g = 2: pooled [1, 2, 1]: ASD 4/3, RMSD sqrt(6/3), MSD 2. disk(2) reaches cols ±2 on a
    # row: dil(S) = cols 1..6 misses G, dil(G) = cols 0..2 misses S: J = 0.
    (2, {"asd": 4 / 3, "rmsd": math.sqrt(2), "msd": 2.0, "j_g": 0.0, "d_g": 0.0}),
    # g = 3: pooled [0, 1, 0]: ASD 1/3, RMSD sqrt(1/3), MSD 1. dil(S) = cols 0..7 catches G,
    # dil(G) = cols 0..3 catches (0,3) only: matched {0, 3} = 2 of 3. D = 2·(2/3)/(5/3) = 4/5.
    (3, {"asd": 1 / 3, "rmsd": math.sqrt(1 / 3), "msd": 1.0, "j_g": 2 / 3, "d_g": 4 / 5}),
    # g = 5: every distance reduced to 0; dil(G) = cols 0..5 catches all of S: J = 1.
    (5, {"asd": 0.0, "rmsd": 0.0, "msd": 0.0, "n_msd": 1.0, "j_g": 1.0, "d_g": 1.0}),
])
def test_one_row_at_several_tolerances(gamma: int, expected: dict[str, float]) -> None:
    check_scores(scores_of(ROW_S, ROW_G, gamma), expected)


def test_diagonal_neighbours_need_disk_two() -> None:
    # 6x6: G = {(2,2)}, S = {(3,3)}; each is its own contour; both distances sqrt(2).
    # disk(1) is the cross, which does not reach the diagonal: J_1 = 0; disk(2) does
    # (1² + 1² <= 2²): J_2 = 2/2 = 1.
    s, g = pixels((6, 6), (3, 3)), pixels((6, 6), (2, 2))
    check_scores(scores_of(s, g, 0), {"asd": math.sqrt(2), "msd": math.sqrt(2), "j_g": 0.0})
    check_scores(scores_of(s, g, 1), {"asd": math.sqrt(2) - 1, "rmsd": math.sqrt(2) - 1,
                                      "j_g": 0.0, "d_g": 0.0})
    check_scores(scores_of(s, g, 2), {"asd": 0.0, "j_g": 1.0, "d_g": 1.0})


def test_interior_pixels_are_not_contour() -> None:
    # G = filled 5x5 block (rows/cols 1..5) in a 7x7 image; S = G minus its centre (3,3).
    # P(G) = G's 16-pixel ring (the inner 3x3 is interior). P(S) = the same ring plus the
    # 4 pixels 4-adjacent to the hole, (2,3) (4,3) (3,2) (3,4); S's diagonal pixels such as
    # (2,2) keep all four 4-neighbours and stay interior.
    # D1 (P(S) -> P(G)): 16 zeros; (2,3) is 1 from (1,3) on the ring, likewise the others: four 1s.
    # D2 (P(G) -> P(S)): the ring lies in P(S): 16 zeros.
    # Pooled 36 values, four 1s: ASD = 4/36, RMSD = sqrt(4/36) = 1/3, MSD = 1.
    g = np.zeros((7, 7), bool)
    g[1:6, 1:6] = True
    s = g.copy()
    s[3, 3] = False
    distances = contour_distances(s, g)
    assert sorted(distances.candidate_to_reference) == [0] * 16 + [1] * 4
    assert list(distances.reference_to_candidate) == [0] * 16
    check_scores(scores_of(s, g), {"asd": 4 / 36, "rmsd": 1 / 3, "msd": 1.0})


def test_both_empty() -> None:
    # Section 0: distances 0 (normalised 1/(1+0) = 1); J_g and D_g score both-empty masks
    # as perfect, as Dice does.
    empty = np.zeros((4, 4), bool)
    check_scores(scores_of(empty, empty, 2), {
        "asd": 0.0, "rmsd": 0.0, "msd": 0.0, "n_asd": 1.0, "n_rmsd": 1.0, "n_msd": 1.0,
        "j_g": 1.0, "d_g": 1.0})


@pytest.mark.parametrize("which", ["candidate", "reference"])
def test_one_empty(which: str) -> None:
    # Section 0: distances inf, normalised 1/(1+inf) = 0; J_g = 0/#(S|G) = 0, D_g = 0.
    mask, empty = pixels((4, 4), (1, 1)), np.zeros((4, 4), bool)
    s, g = (empty, mask) if which == "candidate" else (mask, empty)
    check_scores(scores_of(s, g, 1), {
        "asd": math.inf, "rmsd": math.inf, "msd": math.inf,
        "n_asd": 0.0, "n_rmsd": 0.0, "n_msd": 0.0, "j_g": 0.0, "d_g": 0.0})


def test_tolerant_overlap_counts_by_hand() -> None:
    # Same one-row case at radius 3: matched = {0, 3} (see above), union = 3;
    # reference band dil(G, disk 3) & ~G = cols 1..3.
    overlap = tolerant_overlap(ROW_S, ROW_G, 3)
    assert (overlap.matched, overlap.union) == (2, 3)
    np.testing.assert_array_equal(overlap.reference_band, pixels((1, 8), (0, 1), (0, 2), (0, 3)))


def _same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype == np.float64 and np.array_equal(a.view(np.uint64),
                                                               b.view(np.uint64))


@settings(max_examples=40, deadline=None)
@given(vessel_pairs(with_fov=False))
def test_distances_read_from_the_candidate_map_equal_the_contour_transform(pair) -> None:
    # d(p, P(S)) taken from d(p, S) outside S and by a k-d tree inside it: bit for bit
    # the Euclidean transform of P(S) (the pipeline's path vs the one without the map);
    # d(p, P(G)) likewise from d(p, G), the reference's contour holding no transform;
    # also for masks given as views with negative strides or with True stored as 255.
    candidate, reference = pair[:2]
    to_candidate = distance_map(candidate, "euclidean") if candidate.any() else None
    to_reference = distance_map(reference, "euclidean") if reference.any() else None
    plain = contour_distances(candidate, reference)
    for s, g in ((candidate, reference),
                 (np.ascontiguousarray(candidate[::-1, ::-1])[::-1, ::-1],
                  np.ascontiguousarray(reference[::-1, ::-1])[::-1, ::-1]),
                 ((candidate.astype(np.uint8) * 255).view(bool),
                  (reference.astype(np.uint8) * 255).view(bool))):
        fast = contour_distances(s, g, contour_of(g, transform=False), to_candidate,
                                 to_reference=to_reference)
        assert _same_bits(fast.reference_to_candidate, plain.reference_to_candidate)
        assert _same_bits(fast.candidate_to_reference, plain.candidate_to_reference)


def test_reference_contour_deep_inside_a_thick_candidate() -> None:
    # Every reference contour pixel lies inside S's interior: all found by the k-d tree.
    candidate = np.zeros((40, 50), bool)
    candidate[2:38, 3:47] = True
    reference = np.zeros_like(candidate)
    reference[15:22, 20:31] = True
    fast = contour_distances(candidate, reference,
                             to_candidate=distance_map(candidate, "euclidean"))
    plain = contour_distances(candidate, reference)
    assert fast.reference_to_candidate.min() == 13.0  # row 15 is 13 rows below row 2
    assert _same_bits(fast.reference_to_candidate, plain.reference_to_candidate)
