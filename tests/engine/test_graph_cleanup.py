"""The vessel graph's optional clean-up (``docs/metrics.md`` §10): spurs shorter than
``spur_length`` pruned, junctions within ``junction_merge`` merged, on hand-drawn
skeletons with known graphs, and its invariants on random vessel skeletons."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from tests.engine.masks import grid, vessel_masks
from vesselview.engine.graph_cleanup import cleaned_graph, merged_junctions, pruned_graph
from vesselview.engine.params import Params
from vesselview.engine.thinning import thin
from vesselview.engine.vessel_graph import VesselGraph, vessel_graph

# A bar with a 3-pixel spur above it (the spur's segment is (0,7)-(2,7); (3,7) joins the
# fork's cluster) and a lone 2-pixel segment at the right, which is no spur.
SPUR = grid([
    ".......#.......##",
    ".......#.........",
    ".......#.........",
    ".......#.........",
    "###############..",
])
# Two forks on a bar, up at column 5 and down at column 10: clusters
# {(3,5), (4,4), (4,5), (4,6)} and {(5,10), (4,9), (4,10), (4,11)}, centroids (3.75, 5)
# and (4.25, 10), 5.02 px apart, joined by the 2-pixel link (4,7)-(4,8).
SPLIT_CROSSING = grid([
    ".....#.........",
    ".....#.........",
    ".....#.........",
    ".....#.........",
    "###############",
    "..........#....",
    "..........#....",
    "..........#....",
    "..........#....",
])
FORK_GAP = float(np.hypot(0.5, 5.0))


def assert_same_graph(found: VesselGraph, expected: VesselGraph) -> None:
    """Every array of two graphs equal."""
    for name in ("pixels", "segment_of", "junctions", "degrees", "ends", "lengths"):
        np.testing.assert_array_equal(getattr(found, name), getattr(expected, name), name)


def test_the_drawn_spur_is_one_fork_of_three_segments() -> None:
    graph = vessel_graph(SPUR)
    assert graph.degrees.tolist() == [3]
    assert sorted(graph.lengths[1:].tolist()) == [2, 3, 6, 6]


@pytest.mark.parametrize("spur_length", [0.0, 2.0, 3.0])
def test_a_spur_as_long_as_the_limit_stays(spur_length: float) -> None:
    assert_same_graph(pruned_graph(SPUR, spur_length), vessel_graph(SPUR))


def test_a_shorter_spur_goes_with_its_junction() -> None:
    graph = pruned_graph(SPUR, 3.5)
    assert len(graph.junctions) == 0
    # the fork's pixel (3,7), left as a corner beside the bar, goes with the spur: the
    # bar and the lone segment remain
    expected = SPUR.copy()
    expected[0:4, 7] = False
    np.testing.assert_array_equal(graph.painted(np.ones(len(graph.pixels), bool)), expected)
    assert sorted(graph.lengths[1:].tolist()) == [2, 15]


def test_a_lone_short_segment_is_no_spur() -> None:
    lone = grid(["......", ".##...", "......"])
    assert_same_graph(pruned_graph(lone, 10.0), vessel_graph(lone))


def test_the_drawn_forks_are_two_bifurcations() -> None:
    graph = vessel_graph(SPLIT_CROSSING)
    np.testing.assert_allclose(graph.junctions, [[3.75, 5.0], [4.25, 10.0]])
    assert graph.degrees.tolist() == [3, 3]
    assert graph.segment_count == 5


def test_forks_farther_than_the_radius_stay_apart() -> None:
    graph = vessel_graph(SPLIT_CROSSING)
    assert_same_graph(merged_junctions(graph, FORK_GAP - 0.01), graph)


def test_forks_within_the_radius_become_one_crossing_with_their_link() -> None:
    graph = merged_junctions(vessel_graph(SPLIT_CROSSING), FORK_GAP + 0.01)
    np.testing.assert_allclose(graph.junctions, [[4.0, 7.5]])
    assert graph.degrees.tolist() == [4]
    assert graph.crossings.tolist() == [True]
    # the link (4,7)-(4,8) is part of the node now: four arms are left, the left bar
    # (0..3), the right bar (12..14), up (rows 0..2) and down (rows 6..8)
    assert sorted(graph.lengths[1:].tolist()) == [3, 3, 3, 4]
    assert graph.junction_pixels[4, 7:9].all()


def test_chained_forks_merge_with_the_degree_of_their_distinct_segments() -> None:
    # three forks 5.02 and 5 px apart: within 5.1 px of a neighbour, chained to one node
    skeleton = np.zeros((9, 25), bool)
    skeleton[4, :] = True
    skeleton[0:4, 5] = True
    skeleton[5:9, 10] = True
    skeleton[0:4, 15] = True
    graph = merged_junctions(vessel_graph(skeleton), FORK_GAP + 0.01)
    assert graph.degrees.tolist() == [5]
    assert graph.segment_count == 5


@settings(max_examples=40, deadline=None)
@given(vessel_masks())
def test_zero_lengths_leave_the_graph_unchanged(mask: np.ndarray) -> None:
    skeleton = thin(mask)
    graph = vessel_graph(skeleton)
    assert_same_graph(pruned_graph(skeleton, 0.0), graph)
    assert_same_graph(merged_junctions(graph, 0.0), graph)


@settings(max_examples=40, deadline=None)
@given(vessel_masks())
def test_the_clean_graph_keeps_its_invariants(mask: np.ndarray) -> None:
    skeleton = thin(mask)
    graph = vessel_graph(skeleton)
    pruned = pruned_graph(skeleton, 4.0)
    merged = merged_junctions(pruned, 4.0)
    assert len(pruned.junctions) <= len(graph.junctions)
    assert len(merged.junctions) <= len(pruned.junctions)
    assert (merged.degrees >= 3).all()
    # segments keep labels 1..m with their pixel counts; node pixels are 0
    assert merged.lengths[0] == 0
    np.testing.assert_array_equal(np.bincount(merged.segment_of,
                                              minlength=merged.segment_count + 1)[1:],
                                  merged.lengths[1:])
    # pruning only removes pixels
    assert not (pruned.painted(np.ones(len(pruned.pixels), bool)) & ~skeleton).any()


@settings(max_examples=40, deadline=None)
@given(vessel_masks())
def test_the_kept_neighbour_table_gives_the_graph_of_the_pruned_skeleton(mask: np.ndarray
                                                                         ) -> None:
    pruned = pruned_graph(thin(mask), 4.0)
    assert_same_graph(pruned, vessel_graph(pruned.painted(np.ones(len(pruned.pixels), bool))))
    assert_same_graph(cleaned_graph(thin(mask), Params(spur_length=4.0, junction_merge=4.0)),
                      merged_junctions(pruned, 4.0))
