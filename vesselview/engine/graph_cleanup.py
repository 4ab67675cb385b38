"""Optional clean-up of a vessel graph: short spurs pruned, close junctions merged
(``docs/metrics.md`` §10, "Scale-consistent detection").

A skeleton's small features do not scale with the image. Upscaled, a mask's boundary
staircase grows short side branches (*spurs*) on its skeleton, each adding a junction and
a segment, and a crossing of two vessels thins into two bifurcations a vessel width
apart instead of one node. Both are off by default (length 0: the graph of the rule of
`vesselview.engine.vessel_graph`, unchanged); a length in µm or % FOV removes them at
the same physical size on every resolution.

- ``spur_length``: a *spur* is a segment with one end node and one junction (exactly one
  of its pixels is an end); spurs of fewer than ``spur_length`` pixels are removed and the
  graph is built again, until none is left (a twig of short spurs goes as a whole; a
  segment between two junctions or a lone segment never goes).
- ``junction_merge``: junction nodes whose centroids lie within ``junction_merge`` pixels
  of each other, chained (single linkage), become one node at the mean of their
  positions, of degree Σ degree − 2 (k − 1) for k nodes (as if k − 1 short segments
  joined them): two bifurcations a vessel width apart become one crossing.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components
from scipy.spatial import cKDTree

from vesselview.engine.lengths import in_pixels
from vesselview.engine.vessel_graph import (
    VesselGraph,
    cluster_degrees,
    neighbour_table,
    split_labels,
    vessel_graph,
)

if TYPE_CHECKING:
    from vesselview.engine.params import Params

#: The clean-up lengths: 0 (their default) switches the clean-up off, in any unit.
OFF_AT_ZERO = frozenset({"spur_length", "junction_merge"})
#: Passes of spur pruning at most (each removes the spurs the previous one uncovered).
MAX_PRUNING_PASSES = 10


def ends_per_segment(graph: VesselGraph) -> np.ndarray:
    """End nodes on each segment (int, shape (m + 1,), index 0: the node pixels')."""
    flat = graph.pixels[:, 0] * graph.shape[1] + graph.pixels[:, 1]
    end_places = np.searchsorted(flat, graph.ends[:, 0] * graph.shape[1] + graph.ends[:, 1])
    return np.bincount(graph.segment_of[end_places], minlength=graph.segment_count + 1)


def spurs(graph: VesselGraph, max_length: float) -> np.ndarray:
    """Bool per skeleton pixel (shape (p,)): it lies on a spur shorter than ``max_length``.

    Parameters
    ----------
    graph : VesselGraph
    max_length : float
        Pixels; a spur of fewer pixels than this is flagged (0 flags none).
    """
    short = (ends_per_segment(graph) == 1) & (graph.lengths < max_length)
    short[0] = False  # junction-cluster pixels
    return short[graph.segment_of]


def pruned_graph(skeleton: np.ndarray, max_length: float) -> VesselGraph:
    """The vessel graph of ``skeleton`` with its spurs shorter than ``max_length`` removed.

    Parameters
    ----------
    skeleton : ndarray of bool, shape (H, W)
        A one-pixel-wide skeleton.
    max_length : float
        Pixels (``spur_length``); 0 gives `vessel_graph` of ``skeleton`` unchanged.
    """
    graph = vessel_graph(skeleton)
    for _ in range(MAX_PRUNING_PASSES):
        flagged = spurs(graph, max_length)
        if not flagged.any():
            break
        graph = vessel_graph(graph.painted(~flagged))
    return graph


def cleaned_graph(skeleton: np.ndarray, params: Params) -> VesselGraph:
    """The vessel graph of ``skeleton`` with spurs shorter than ``params.spur_length``
    pruned and junctions within ``params.junction_merge`` merged (lengths resolved to
    pixels, `vesselview.engine.length_scope.resolved_lengths`)."""
    pruned = pruned_graph(skeleton, in_pixels(params.spur_length))
    return merged_junctions(pruned, in_pixels(params.junction_merge))


def merged_junctions(graph: VesselGraph, radius: float) -> VesselGraph:
    """``graph`` with its junction nodes within ``radius`` pixels of each other merged.

    A group of nodes chained within ``radius`` becomes one node at the mean of their
    centroids. A segment without end node whose every junction cluster is in one group
    (the short link between the halves of a split crossing) becomes part of that node;
    the node's degree is the number of the remaining distinct segments touching the
    group. End nodes are kept. ``radius`` 0 merges nothing.
    """
    if radius <= 0 or len(graph.junctions) < 2:
        return graph
    pairs = cKDTree(graph.junctions).query_pairs(radius, output_type="ndarray")
    count = len(graph.junctions)
    links = coo_matrix((np.ones(len(pairs)), (pairs[:, 0], pairs[:, 1])), shape=(count, count))
    groups, group_of = connected_components(links, directed=False)
    touching = _group_segments(graph, group_of)
    absorbed = _links_within_groups(graph, touching)
    segment_of, lengths = _relabelled(graph.segment_of, absorbed)
    kept = np.unique(touching[~absorbed[touching[:, 2]]][:, [0, 2]], axis=0)
    degrees = np.bincount(kept[:, 0], minlength=groups)
    sizes = np.bincount(group_of, minlength=groups)
    positions = np.stack([np.bincount(group_of, graph.junctions[:, axis], groups)
                          for axis in (0, 1)], axis=1) / sizes[:, None]
    node = degrees >= 3  # two nodes joined by two short links only: no junction left
    return dataclasses.replace(graph, segment_of=segment_of, lengths=lengths,
                               junctions=positions[node], degrees=degrees[node].astype(np.int64))


def _group_segments(graph: VesselGraph, group_of: np.ndarray) -> np.ndarray:
    """Distinct (group, cluster, segment label) rows, shape (k, 3), of segments touching
    a junction node.

    The junction clusters are the 8-connected components of the node pixels
    (``segment_of == 0``), numbered as `vessel_graph` numbers them; those of degree >= 3
    are the junctions, in order.
    """
    table = neighbour_table(graph.pixels, graph.shape)
    clusters, _ = split_labels(table, graph.segment_of == 0)
    is_node = cluster_degrees(table, clusters, graph.segment_of) >= 3
    is_node[0] = False
    group_of_cluster = np.full(is_node.size, -1, np.int64)
    group_of_cluster[np.flatnonzero(is_node)] = group_of
    neighbour = np.maximum(table, 0)
    segments = graph.segment_of[neighbour]
    near = (table >= 0) & (group_of_cluster[clusters][:, None] >= 0) & (segments > 0)
    rows = np.broadcast_to(np.arange(len(table))[:, None], table.shape)[near]
    found = np.stack([group_of_cluster[clusters[rows]], clusters[rows], segments[near]], axis=1)
    return np.unique(found, axis=0).reshape(-1, 3)


def _links_within_groups(graph: VesselGraph, touching: np.ndarray) -> np.ndarray:
    """Bool per segment label 0..m: it has no end node and touches two or more junction
    clusters, all of one group."""
    size = graph.segment_count + 1
    clusters_per_segment = np.bincount(touching[:, 2], minlength=size)
    group_pairs = np.unique(touching[:, [0, 2]], axis=0)
    groups_per_segment = np.bincount(group_pairs[:, 1], minlength=size)
    absorbed = ((clusters_per_segment >= 2) & (groups_per_segment == 1)
                & (ends_per_segment(graph) == 0))
    absorbed[0] = False
    return absorbed


def _relabelled(segment_of: np.ndarray, absorbed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Segment labels with the ``absorbed`` ones (bool per label) made node pixels (0)
    and the others numbered 1..m' in order; and the pixels per new label (index 0: 0)."""
    new_label = np.cumsum(~absorbed) - 1
    new_label[absorbed] = 0
    relabelled = new_label[segment_of].astype(segment_of.dtype)
    lengths = np.bincount(relabelled, minlength=int(new_label.max(initial=0)) + 1)
    lengths[0] = 0
    return relabelled, lengths.astype(np.int64)
