"""Junction matching and the junction detection metrics (``docs/metrics.md`` §10):
the optimal one-to-one assignment against a brute force, and the defined values of the
empty cases."""

from __future__ import annotations

import itertools
import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.masks import NAN, check_scores
from vesselview.engine.detection import junction_match, junction_scores, match_points
from vesselview.engine.vessel_graph import VesselGraph


def brute_force(candidate: np.ndarray, reference: np.ndarray, radius: float
                ) -> tuple[int, float]:
    """Largest number of pairs within ``radius``, and the least total distance among those,
    over every one-to-one partial matching."""
    best = (0, 0.0)
    n, m = len(candidate), len(reference)
    for size in range(1, min(n, m) + 1):
        for cands in itertools.combinations(range(n), size):
            for refs in itertools.permutations(range(m), size):
                distances = [math.dist(candidate[i], reference[j])
                             for i, j in zip(cands, refs, strict=True)]
                if max(distances) <= radius:
                    total = sum(distances)
                    if size > best[0] or total < best[1]:
                        best = (size, total)
    return best


points = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=5).map(
    lambda items: np.array(items, float).reshape(-1, 2))


@settings(max_examples=150, deadline=None)
@given(points, points, st.sampled_from([0.0, 1.0, 1.5, 2.0, 3.0]))
def test_matching_equals_brute_force(candidate: np.ndarray, reference: np.ndarray,
                                     radius: float) -> None:
    cand, ref = match_points(candidate, reference, radius)
    assert len(set(cand.tolist())) == len(cand) and len(set(ref.tolist())) == len(ref)
    distances = np.hypot(*(candidate[cand] - reference[ref]).T) if len(cand) else np.zeros(0)
    assert (distances <= radius).all()
    count, total = brute_force(candidate, reference, radius)
    assert len(cand) == count
    assert math.isclose(float(distances.sum()), total, abs_tol=1e-9)


def test_optimal_assignment_beats_nearest_first() -> None:
    # c2 is nearest to r1, but taking that pair leaves c1 without a partner.
    candidate = np.array([[0.0, 0.0], [0.0, 2.0]])
    reference = np.array([[0.0, 1.0], [0.0, 3.2]])
    cand, ref = match_points(candidate, reference, 1.3)
    assert cand.tolist() == [0, 1] and ref.tolist() == [0, 1]


def graph(junctions: list[tuple[float, float]], degrees: list[int]) -> VesselGraph:
    """A graph with only the junction nodes given (all the scores read)."""
    return VesselGraph(shape=(1, 1), pixels=np.zeros((0, 2), np.int64),
                       segment_of=np.zeros(0, np.int32),
                       junctions=np.array(junctions, float).reshape(-1, 2),
                       degrees=np.array(degrees, np.int64), ends=np.zeros((0, 2), np.int64),
                       lengths=np.zeros(1, np.int64))


def scores_of(candidate: VesselGraph, reference: VesselGraph, radius: float = 3.0):
    return junction_scores(candidate, reference, radius,
                           junction_match(candidate, reference, radius))


def test_junction_scores_by_hand() -> None:
    # Reference: bifurcations at (10,10), (30,30) and a crossing at (50,50). Candidate: a
    # bifurcation 2 px from (10,10), a crossing 1 px from (30,30) (matches as a junction,
    # not as a bifurcation), and a false bifurcation at (70,70).
    reference = graph([(10, 10), (30, 30), (50, 50)], [3, 3, 4])
    candidate = graph([(12, 10), (30, 31), (70, 70)], [3, 4, 3])
    # junctions: m = 2, n_S = 3, n_G = 3. bifurcations: m = 1 of 2 and 2. crossings:
    # (30,31) vs (50,50): none, n_S = 1, n_G = 1.
    check_scores(scores_of(candidate, reference), {
        "junction_precision": 2 / 3, "junction_recall": 2 / 3, "junction_f1": 2 / 3,
        "bifurcation_f1": 2 * 1 / (2 + 2), "crossing_f1": 0.0})


def test_empty_cases_are_defined_with_reasons() -> None:
    none = graph([], [])
    one = graph([(5, 5)], [3])
    both_empty = scores_of(none, none)
    check_scores(both_empty, {"junction_precision": NAN, "junction_recall": NAN,
                              "junction_f1": NAN, "bifurcation_f1": NAN, "crossing_f1": NAN})
    assert both_empty.reasons["junction_f1"] == "neither skeleton has junctions"
    assert both_empty.reasons["crossing_f1"] == "neither skeleton has crossings"
    only_reference = scores_of(none, one)
    check_scores(only_reference, {"junction_precision": NAN, "junction_recall": 0.0,
                                  "junction_f1": 0.0, "bifurcation_f1": 0.0,
                                  "crossing_f1": NAN})
    assert only_reference.reasons["junction_precision"] == "the candidate has no junctions"
    only_candidate = scores_of(one, none)
    assert only_candidate.reasons["junction_recall"] == "the reference has no junctions"
    single = scores_of(one, one)
    check_scores(single, {"junction_precision": 1.0, "junction_recall": 1.0,
                          "junction_f1": 1.0, "bifurcation_f1": 1.0, "crossing_f1": NAN})


def test_radius_is_inclusive() -> None:
    match = junction_match(graph([(0, 3)], [3]), graph([(0, 0)], [3]), 3.0)
    assert match.candidate_matched.tolist() == [True]
    match = junction_match(graph([(0, 3)], [3]), graph([(0, 0)], [3]), 2.9)
    assert match.reference_matched.tolist() == [False]
