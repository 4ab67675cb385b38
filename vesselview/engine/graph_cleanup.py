"""Optional clean-up of a vessel graph: short spurs pruned, close junctions merged
(``docs/metrics.md`` §10, "Scale-consistent detection").

A skeleton's small features do not scale with the image. Upscaled, a mask's boundary
staircase grows short side branches (*spurs*) on its skeleton, each adding a junction and
a segment, and a crossing of two vessels thins into two bifurcations a vessel width
apart instead of one node. Both are off by default (length 0: the graph of the rule of
`vesselview.engine.vessel_graph`, unchanged); a length in µm or % FOV removes them at
the same physical size on every resolution.

- ``spur_length``: a *spur* is a segment with one end node and one junction (exactly one
  of its pixels is an end); spurs of fewer than ``spur_length`` pixels are removed, with
  a junction pixel the removal leaves as a corner beside the vessel, and the graph is
  built again, until none is left (a twig of short spurs goes as a whole; a segment
  between two junctions or a lone segment never goes).
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
from vesselview.engine.sorted_values import distinct
from vesselview.engine.vessel_graph import (
    VesselGraph,
    graph_of_table,
    neighbour_table,
    split_labels,
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
    return _pruned(skeleton, max_length)[0]


def _pruned(skeleton: np.ndarray, max_length: float) -> tuple[VesselGraph, np.ndarray]:
    """`pruned_graph` and its `neighbour_table`.

    Each pass keeps the previous pass's table without the removed pixels' rows (no
    new table, no image): removing pixels only removes neighbours.
    """
    shape = (int(skeleton.shape[0]), int(skeleton.shape[1]))
    pixels = np.argwhere(skeleton).astype(np.int64)  # raster order
    table = neighbour_table(pixels, shape)
    graph = graph_of_table(pixels, table, shape)
    for _ in range(MAX_PRUNING_PASSES):
        flagged = spurs(graph, max_length)
        if not flagged.any():
            break
        keep = ~(flagged | corners_left(graph, table, flagged))
        table = subset_table(table, keep)
        graph = graph_of_table(graph.pixels[keep], table, graph.shape)
    return graph, table


def corners_left(graph: VesselGraph, table: np.ndarray, removed: np.ndarray) -> np.ndarray:
    """Bool per pixel: a junction pixel next to a ``removed`` spur that would be left as a
    corner beside the vessel (two or more neighbours, in one run around it).

    Such a corner is a spur of one pixel after the removal; taking it in the same pass
    saves a pass. Removing it keeps the vessel connected and leaves no end (its
    neighbours touch each other). Two such pixels next to each other are both kept.
    """
    neighbour = np.maximum(table, 0)
    present = table >= 0
    touches_removed = (present & removed[neighbour]).any(axis=1)
    candidate = (graph.segment_of == 0) & touches_removed & ~removed
    left = present & ~removed[neighbour]
    runs = (left & ~np.roll(left, 1, axis=1)).sum(axis=1)
    corner = candidate & (left.sum(axis=1) >= 2) & (runs == 1)
    return corner & ~(present & corner[neighbour]).any(axis=1)


def subset_table(table: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """The `neighbour_table` of the kept pixels (bool per row of ``table``): their rows,
    with neighbour indices renumbered among them and removed neighbours -1."""
    new_index = np.cumsum(keep) - 1
    rows = table[keep]
    linked = rows >= 0
    linked[linked] = keep[rows[linked]]
    return np.where(linked, new_index[np.maximum(rows, 0)], -1)


def cleaned_graph(skeleton: np.ndarray, params: Params) -> VesselGraph:
    """The vessel graph of ``skeleton`` with spurs shorter than ``params.spur_length``
    pruned and junctions within ``params.junction_merge`` merged (lengths resolved to
    pixels, `vesselview.engine.length_scope.resolved_lengths`)."""
    pruned, table = _pruned(skeleton, in_pixels(params.spur_length))
    return merged_junctions(pruned, in_pixels(params.junction_merge), table)


def merged_junctions(graph: VesselGraph, radius: float, table: np.ndarray | None = None
                     ) -> VesselGraph:
    """``graph`` with its junction nodes within ``radius`` pixels of each other merged.

    A group of nodes chained within ``radius`` becomes one node at the mean of their
    centroids. A segment without end node whose every junction cluster is in one group
    (the short link between the halves of a split crossing) becomes part of that node;
    the node's degree is the number of the remaining distinct segments touching the
    group. End nodes are kept. ``radius`` 0 merges nothing. ``table`` is the graph's
    `neighbour_table` when already made.
    """
    if radius <= 0 or len(graph.junctions) < 2:
        return graph
    pairs = cKDTree(graph.junctions).query_pairs(radius, output_type="ndarray")
    if len(pairs) == 0:
        return graph
    count = len(graph.junctions)
    links = coo_matrix((np.ones(len(pairs)), (pairs[:, 0], pairs[:, 1])), shape=(count, count))
    groups, group_of = connected_components(links, directed=False)
    if table is None:
        table = neighbour_table(graph.pixels, graph.shape)
    touching = _group_segments(graph, table, group_of)
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


def _group_segments(graph: VesselGraph, table: np.ndarray, group_of: np.ndarray
                    ) -> np.ndarray:
    """Distinct (group, cluster, segment label) rows, shape (k, 3), of segments touching
    a junction node.

    The junction clusters are the 8-connected components of the node pixels
    (``segment_of == 0``) numbered by their first pixel in raster order, as
    `vessel_graph` numbers them; those of degree >= 3 are the junctions, in order. Only
    the node pixels' rows of ``table`` are read (a few per cent of the skeleton).
    """
    is_node_pixel = graph.segment_of == 0
    clusters, _ = split_labels(subset_table(table, is_node_pixel),
                               np.ones(int(is_node_pixel.sum()), bool))
    near = table[is_node_pixel]
    segments = np.where(near >= 0, graph.segment_of[np.maximum(near, 0)], 0)
    touching = segments > 0
    width = np.int64(graph.segment_count + 1)
    found = distinct(np.broadcast_to(clusters[:, None], segments.shape)[touching] * width
                      + segments[touching])
    cluster_of_pair, segment_of_pair = np.divmod(found, width)
    degrees = np.bincount(cluster_of_pair, minlength=int(clusters.max(initial=0)) + 1)
    is_node = degrees >= 3
    is_node[0] = False
    group_of_cluster = np.full(degrees.size, -1, np.int64)
    group_of_cluster[np.flatnonzero(is_node)] = group_of
    rows = np.stack([group_of_cluster[cluster_of_pair], cluster_of_pair, segment_of_pair],
                    axis=1)
    return rows[rows[:, 0] >= 0]


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
