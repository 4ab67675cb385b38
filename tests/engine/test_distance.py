"""Distance metrics (MSE, H, HD95, FOM, Δp), ``metrics.md`` sections 0 and 2, by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.masks import NAN, check_scores, pixels
from vesselview.engine.families.distance import distance_maps, distance_scores
from vesselview.engine.morphology import distance_to

ROW = (1, 7)
# One-row image, columns 0..6:   G = ##.....   S = ....##.
REFERENCE = pixels(ROW, (0, 0), (0, 1))
CANDIDATE = pixels(ROW, (0, 4), (0, 5))


def scores_of(candidate: np.ndarray, reference: np.ndarray, fov: np.ndarray | None = None,
              kind: str = "euclidean", use_fov: bool = False, k: float = 1 / 9, p: float = 2.0,
              c: float = 5.0):
    """Distance scores with the spec's defaults (k = 1/9, p = 2, c = 5)."""
    fov = np.ones(candidate.shape, bool) if fov is None else fov
    return distance_scores(distance_maps(candidate, reference, fov, kind, use_fov), k, p, c)


@pytest.mark.parametrize("kind", ["euclidean", "cityblock", "chessboard"])
def test_one_row_by_hand(kind: str) -> None:
    # On one row all three distances agree.
    # d(x,G) per column: 0 0 1 2 3 4 5        d(x,S): 4 3 2 1 0 0 1
    # S -> G: d(4) = 3, d(5) = 4;   G -> S: d(0) = 4, d(1) = 3.
    # Pooled sorted [3, 3, 4, 4]: the 95th percentile lies between the 3rd and 4th, both 4.
    # Δp: |w_G - w_S| = 4 3 1 1 3 4 4 (c = 5 clips nothing), squares sum 16+9+1+1+9+16+16 = 68.
    check_scores(scores_of(CANDIDATE, REFERENCE, kind=kind), {
        "mse": (9 + 16) / 2,
        "hausdorff": 4.0,
        "hd95": 4.0,
        "fom": (1 / (1 + 9 / 9) + 1 / (1 + 16 / 9)) / 2,  # (1/2 + 9/25)/max(2, 2) = 0.43
        "delta_p": math.sqrt(68 / 7),
    })


def test_baddeley_cutoff_and_exponent_by_hand() -> None:
    # c = 3: w_G = 0 0 1 2 3 3 3, w_S = 3 3 2 1 0 0 1; |diff| = 3 3 1 1 3 3 2,
    # squares 9+9+1+1+9+9+4 = 42, Δ2 = sqrt(42/7) = sqrt(6).
    assert scores_of(CANDIDATE, REFERENCE, c=3.0).values["delta_p"] == pytest.approx(math.sqrt(6))
    # p = 1, c = 5: mean |diff| = (4+3+1+1+3+4+4)/7 = 20/7.
    assert scores_of(CANDIDATE, REFERENCE, p=1.0).values["delta_p"] == pytest.approx(20 / 7)


def test_fom_constant_by_hand() -> None:
    # k = 1: (1/(1+9) + 1/(1+16))/2 = (1/10 + 1/17)/2.
    assert scores_of(CANDIDATE, REFERENCE, k=1.0).values["fom"] == pytest.approx(
        (1 / 10 + 1 / 17) / 2)


@pytest.mark.parametrize(("kind", "d"), [
    ("euclidean", math.sqrt(5)),  # offset (2, 1): sqrt(4 + 1)
    ("cityblock", 3.0),           # 2 + 1
    ("chessboard", 2.0),          # max(2, 1)
])
def test_distance_kinds_by_hand(kind: str, d: float) -> None:
    # 3x3: G = {(0,0)}, S = {(2,1)}. Every distance is d; FOM = 1/(1 + d²/9).
    scores = scores_of(pixels((3, 3), (2, 1)), pixels((3, 3), (0, 0)), kind=kind)
    check_scores(scores, {"mse": d * d, "hausdorff": d, "hd95": d, "fom": 1 / (1 + d * d / 9)})


def test_distances_are_exact_far_away() -> None:
    # 2x1000: G = {(0,0)}, S = {(1,885)}: both distances are sqrt(1² + 885²) = sqrt(783226),
    # so MSE = 783226 and H = HD95 = sqrt(783226) = 885.000565.
    d = math.sqrt(783226)
    scores = scores_of(pixels((2, 1000), (1, 885)), pixels((2, 1000), (0, 0)))
    check_scores(scores, {"mse": 783226.0, "hausdorff": d, "hd95": d})


def test_hd95_on_21_pooled_distances() -> None:
    # 1x25: G = {0}, S = {1..20}. S -> G: 1, 2, ..., 20; G -> S: 1. Pooled (21 values) sorted:
    # 1, 1, 2, 3, ..., 20. The 95th percentile of 21 values is the value at rank 0.95·20 = 19
    # (0-based) under every usual percentile definition: 19. H = 20.
    # MSE = (1² + ... + 20²)/20 = (20·21·41/6)/20 = 143.5.
    candidate = pixels((1, 25), *[(0, c) for c in range(1, 21)])
    scores = scores_of(candidate, pixels((1, 25), (0, 0)))
    check_scores(scores, {"hd95": 19.0, "hausdorff": 20.0, "mse": 143.5})


def test_hausdorff_takes_both_directions() -> None:
    # 1x10: G = {0..5}, S = {0}. S -> G is 0 but G -> S reaches 5. MSE (S -> G only) = 0.
    # Pooled: S->G [0], G->S [0,1,2,3,4,5]; sorted [0,0,1,2,3,4,5] (7 values); rank 0.95·6 = 5.7
    # lies between 4 and 5 — not asserted (the spec does not fix the interpolation).
    scores = scores_of(pixels((1, 10), (0, 0)), pixels((1, 10), *[(0, c) for c in range(6)]))
    check_scores(scores, {"hausdorff": 5.0, "mse": 0.0, "fom": 1 / 6})  # FOM: 1/max(6,1)·1


def test_distance_fov_restricts_masks_and_baddeley_pixels() -> None:
    # F = columns 0..4: S becomes {4}, G stays {0, 1}. S -> G: 3; G -> S: 4, 3.
    # MSE = 9, H = 4, FOM = 1/(1 + 9/9)/max(2, 1) = 1/4.
    # Δp over F's 5 pixels: d(x,G) = 0 0 1 2 3, d(x,S) = 4 3 2 1 0, |diff|² = 16 9 1 1 9 = 36.
    fov = pixels(ROW, *[(0, c) for c in range(5)])
    check_scores(scores_of(CANDIDATE, REFERENCE, fov, use_fov=True), {
        "mse": 9.0, "hausdorff": 4.0, "fom": 1 / 4, "delta_p": math.sqrt(36 / 5)})
    # Without distance_fov the FOV is ignored entirely (the default, section 2).
    check_scores(scores_of(CANDIDATE, REFERENCE, fov, use_fov=False), {
        "mse": 12.5, "hausdorff": 4.0, "delta_p": math.sqrt(68 / 7)})


def test_both_empty() -> None:
    # Section 0: distances are 0 when both masks are empty. FOM = (1/max(0,0))·(empty sum): 0/0.
    # Δp: d to an empty mask is infinite, so w = c for both and every |diff| is 0.
    empty = np.zeros(ROW, bool)
    check_scores(scores_of(empty, empty), {
        "mse": 0.0, "hausdorff": 0.0, "hd95": 0.0, "fom": NAN, "delta_p": 0.0})


def test_candidate_empty() -> None:
    # Section 0: distances inf. FOM: empty sum over S, / max(2, 0) = 0.
    # Δp: w_S = 5 everywhere, w_G = 0 0 1 2 3 4 5; |diff|² = 25 25 16 9 4 1 0 = 80.
    check_scores(scores_of(np.zeros(ROW, bool), REFERENCE), {
        "mse": math.inf, "hausdorff": math.inf, "hd95": math.inf, "fom": 0.0,
        "delta_p": math.sqrt(80 / 7)})


def test_reference_empty() -> None:
    # Section 0: distances inf. FOM: each term 1/(1 + k·inf) = 0. Δp by symmetry with S:
    # w_S = 4 3 2 1 0 0 1, w_G = 5: |diff|² = 1 4 9 16 25 25 16 = 96.
    check_scores(scores_of(CANDIDATE, np.zeros(ROW, bool)), {
        "mse": math.inf, "hausdorff": math.inf, "hd95": math.inf, "fom": 0.0,
        "delta_p": math.sqrt(96 / 7)})


def test_mask_outside_fov_counts_as_empty_with_distance_fov() -> None:
    # F = columns 0..2 removes S = {4, 5} entirely: exactly one mask empty -> inf.
    fov = pixels(ROW, (0, 0), (0, 1), (0, 2))
    check_scores(scores_of(CANDIDATE, REFERENCE, fov, use_fov=True),
                 {"mse": math.inf, "hausdorff": math.inf, "hd95": math.inf})


def test_baddeley_on_empty_fov_is_undefined() -> None:
    # distance_fov with an empty F: X is empty, Δp = [(1/#X)·Σ ...]^(1/p) is 0/0, which
    # section 0 says is nan with a reason (the pixel family reports the same F as "empty").
    empty = np.zeros(ROW, bool)
    check_scores(scores_of(CANDIDATE, REFERENCE, empty, use_fov=True), {
        "mse": 0.0, "hausdorff": 0.0, "hd95": 0.0, "fom": NAN, "delta_p": NAN})


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["euclidean", "cityblock"]), st.booleans(),
       st.sampled_from([(1.0, 3.0), (2.0, 5.0), (3.3, 7.5)]))
def test_delta_p_in_row_blocks_equals_the_exact_mean_of_the_whole_image_terms(
        seed, kind, use_fov, p_and_c) -> None:
    # Taller than one block of rows; the formula on whole float64 images, written here.
    rng = np.random.default_rng(seed)
    candidate, reference = rng.random((2, 300, 41)) < rng.uniform(0.0, 0.2, (2, 1, 1))
    fov = np.zeros((300, 41), bool)
    fov[20:290, 3:39] = True
    p, c = p_and_c
    maps = distance_maps(candidate, reference, fov, kind, use_fov)
    whole = [np.full(candidate.shape, c) if d is None else np.minimum(
        distance_to(restricted_mask, kind), c)
        for d, restricted_mask in ((maps.to_reference, maps.reference),
                                   (maps.to_candidate, maps.candidate))]
    terms = np.abs(whole[0] - whole[1])
    terms = (terms[fov] if use_fov else terms) ** p
    # the mean of the exactly summed terms: the block sums are pairwise, their sum exact
    expected = (math.fsum(terms.ravel().tolist()) / terms.size) ** (1.0 / p)
    assert distance_scores(maps, 1 / 9, p, c).values["delta_p"] == pytest.approx(
        expected, rel=1e-14, abs=1e-300)
