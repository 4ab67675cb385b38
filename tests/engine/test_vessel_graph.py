"""The vessel graph of a skeleton: junction nodes, their merging rule and degree, end
nodes and segments (``docs/metrics.md`` §10), on hand-drawn skeletons."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings

from tests.engine.masks import grid, vessel_masks
from vesselview.engine.thinning import thin
from vesselview.engine.vessel_graph import vessel_graph

T_SHAPE = grid([
    ".........",
    ".#######.",
    "....#....",
    "....#....",
    "....#....",
])
# Four branch pixels (3 neighbours each) around the fork: (1,3), (1,4), (1,5), (2,4).
T_BRANCH_PIXELS = [(1, 3), (1, 4), (1, 5), (2, 4)]


def test_fork_pixels_merge_into_one_node_at_their_centroid() -> None:
    graph = vessel_graph(T_SHAPE)
    assert sorted(map(tuple, np.argwhere(graph.junction_pixels))) == T_BRANCH_PIXELS
    np.testing.assert_allclose(graph.junctions, [np.mean(T_BRANCH_PIXELS, axis=0)])
    assert graph.degrees.tolist() == [3]
    assert not graph.crossings.any()
    assert sorted(map(tuple, graph.ends.tolist())) == [(1, 1), (1, 7), (4, 4)]
    # Segments: left arm (1,1)-(1,2), right arm (1,6)-(1,7), stem (3,4)-(4,4).
    assert sorted(graph.lengths[1:].tolist()) == [2, 2, 2]


def test_plus_is_one_crossing_of_degree_four() -> None:
    skeleton = np.zeros((9, 9), bool)
    skeleton[4, 1:8] = True
    skeleton[1:8, 4] = True
    graph = vessel_graph(skeleton)
    np.testing.assert_allclose(graph.junctions, [[4.0, 4.0]])
    assert graph.degrees.tolist() == [4]
    assert graph.crossings.tolist() == [True]
    assert graph.segment_count == 4


def test_two_forks_apart_are_two_nodes_joined_by_a_segment() -> None:
    # An H: two bifurcations joined by the bar.
    skeleton = grid([
        "#.......#",
        "#.......#",
        "#########",
        "#.......#",
        "#.......#",
    ])
    graph = vessel_graph(skeleton)
    assert len(graph.junctions) == 2
    assert graph.degrees.tolist() == [3, 3]
    assert graph.segment_count == 5


def test_staircase_corner_pixels_are_no_node() -> None:
    # The corners of a 4-connected staircase have 3 neighbours, but only 2 segments touch
    # their cluster: they are part of the one line.
    skeleton = grid([
        "##....",
        ".##...",
        "..##..",
        "...##.",
    ])
    graph = vessel_graph(skeleton)
    assert len(graph.junctions) == 0
    assert not graph.junction_pixels.any()
    assert graph.lengths.tolist() == [0, 8]
    assert sorted(map(tuple, graph.ends.tolist())) == [(0, 0), (3, 4)]


def test_empty_and_single_pixel_skeletons() -> None:
    empty = vessel_graph(np.zeros((5, 5), bool))
    assert empty.junctions.shape == (0, 2) and empty.segment_count == 0
    assert empty.ends.shape == (0, 2)
    dot = vessel_graph(grid(["...", ".#.", "..."]))
    assert dot.junctions.shape == (0, 2)
    assert dot.ends.tolist() == [[1, 1]]  # a node of degree 0
    assert dot.lengths.tolist() == [0, 1]


@settings(max_examples=40, deadline=None)
@given(vessel_masks())
def test_segments_and_junctions_partition_the_skeleton(mask: np.ndarray) -> None:
    skeleton = thin(mask)
    graph = vessel_graph(skeleton)
    on_segment = graph.painted(graph.segment_of > 0)
    assert not (on_segment & graph.junction_pixels).any()
    # Every skeleton pixel is on a segment or a cluster (a dropped cluster rejoins a segment).
    assert np.array_equal(on_segment | graph.junction_pixels, skeleton)
    assert int(graph.lengths.sum()) == int(on_segment.sum())
    assert (graph.degrees >= 3).all()
    assert len(graph.junctions) <= int(graph.junction_pixels.sum())
    # Each node lies within its cluster's bounding box: inside the image.
    assert ((graph.junctions >= 0) & (graph.junctions < skeleton.shape)).all()
