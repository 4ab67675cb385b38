"""The vessel graph of a skeleton: junction nodes, their merging rule and degree, end
nodes and segments (``docs/metrics.md`` §10), on hand-drawn skeletons."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from scipy import ndimage

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


def image_graph(skeleton: np.ndarray) -> tuple[list, list, list]:
    """The same rule on whole images with `scipy.ndimage` (an independent implementation):
    sorted (junction row, col, degree), sorted segment lengths, sorted end pixels."""
    eight = np.ones((3, 3), int)
    counts = ndimage.convolve(skeleton.astype(int), eight, mode="constant") - skeleton
    ring = ndimage.generic_filter(skeleton.astype(int), lambda v: sum(
        v[k] == 0 and v[n] == 1 for k, n in zip(RING_ORDER, RING_ORDER[1:] + RING_ORDER[:1],
                                               strict=True)), size=3, mode="constant")

    def degrees_of(clusters: np.ndarray, segments: np.ndarray) -> dict[int, int]:
        grown = {label: ndimage.binary_dilation(clusters == label, eight)
                 for label in range(1, clusters.max() + 1)}
        return {label: len(set(segments[near].tolist()) - {0}) for label, near in grown.items()}

    clusters, _ = ndimage.label(skeleton & (counts >= 3), eight)
    segments, _ = ndimage.label(skeleton & (clusters == 0), eight)
    nodes = {label for label, degree in degrees_of(clusters, segments).items() if degree >= 3}
    in_node = np.isin(clusters, list(nodes)) & (clusters > 0)
    segments, count = ndimage.label(skeleton & ~in_node, eight)
    clusters, _ = ndimage.label(in_node, eight)
    junctions = sorted((*np.argwhere(clusters == label).mean(axis=0).round(9).tolist(), degree)
                       for label, degree in degrees_of(clusters, segments).items()
                       if degree >= 3)
    lengths = sorted(np.bincount(segments.ravel(), minlength=count + 1)[1:].tolist())
    ends = sorted(map(tuple, np.argwhere(skeleton & ((ring == 1) | (counts == 0))).tolist()))
    return junctions, lengths, ends


#: Positions of the 3x3 window's flattened values going clockwise from north.
RING_ORDER = [1, 2, 5, 8, 7, 6, 3, 0]


@settings(max_examples=25, deadline=None)
@given(vessel_masks())
def test_graph_equals_a_whole_image_implementation(mask: np.ndarray) -> None:
    skeleton = thin(mask)
    graph = vessel_graph(skeleton)
    junctions = sorted((*graph.junctions[k].round(9).tolist(), int(graph.degrees[k]))
                       for k in range(len(graph.junctions)))
    ends = sorted(map(tuple, graph.ends.tolist()))
    assert (junctions, sorted(graph.lengths[1:].tolist()), ends) == image_graph(skeleton)
