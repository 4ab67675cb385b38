"""The vessel graph of a skeleton: junction and end nodes, segments as edges
(``docs/metrics.md`` §10).

Written with scipy/numpy rather than taking skan as a dependency: the three facts the
detection metrics need (merged junction nodes with their degree, end points, segment
labels) are a neighbour table and two connected-component labellings of the skeleton's
pixel graph, and skan would add pandas and its own numba pins to the oldest-constraints
check for them. The work is on the list of skeleton pixels (a few per cent of the
image), never on whole-image label maps.

Rule (documented in ``docs/metrics.md`` §10): a skeleton pixel with 3 or more skeleton
neighbours (8-connectivity) is a *branch pixel*; 8-adjacent branch pixels merge into one
cluster. Removing the clusters cuts the skeleton into *segments* (8-connected). A
cluster touched by 3 or more distinct segments is a *junction node* at the cluster's
centroid, of degree = that number; a cluster touched by fewer (a staircase corner of a
thin line) is no node and its pixels belong to the segment through it. Junctions of
degree 3 are *bifurcations*, of degree >= 4 *crossings*. A skeleton pixel whose
neighbours form one run around it is an *end node* (degree 1), an isolated pixel a node
of degree 0.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from vesselview.engine.sorted_values import distinct

#: The ring of neighbours (row, col offsets) clockwise from north.
_RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
_RING_BITS = 1 << np.arange(8)
#: (row, col) offset -> its place in `_RING`.
_DIRECTION = {offset: k for k, offset in enumerate(_RING)}


def _one_run(code: int) -> bool:
    """True when the set neighbours of ring code ``code`` form exactly one run."""
    bits = [code >> bit & 1 for bit in range(8)]
    return sum(bits[k - 1] == 0 and bits[k] == 1 for k in range(8)) == 1


#: Ring code (bit k: neighbour k of `_RING` is set) -> the pixel ends a line.
_END_CODES = np.array([_one_run(code) for code in range(256)], np.bool_)


@dataclasses.dataclass(frozen=True, eq=False)
class VesselGraph:
    """Nodes and segments of one skeleton.

    Attributes
    ----------
    shape : (int, int)
        The image's (H, W).
    pixels : ndarray of int64, shape (p, 2)
        Every skeleton pixel (row, col), raster order.
    segment_of : ndarray of int32, shape (p,)
        Segment label 1..m of each pixel, 0 for a junction-cluster pixel.
    junctions : ndarray of float64, shape (n, 2)
        Junction node positions (row, col centroid of the cluster, pixels).
    degrees : ndarray of int64, shape (n,)
        Number of distinct segments touching each junction (>= 3).
    ends : ndarray of int64, shape (e, 2)
        End nodes (degree 1) and isolated pixels (degree 0), (row, col).
    lengths : ndarray of int64, shape (m + 1,)
        Pixels per segment label (index 0 unused, 0).
    """

    shape: tuple[int, int]
    pixels: np.ndarray
    segment_of: np.ndarray
    junctions: np.ndarray
    degrees: np.ndarray
    ends: np.ndarray
    lengths: np.ndarray

    @property
    def crossings(self) -> np.ndarray:
        """Bool per junction: degree >= 4."""
        return self.degrees >= 4

    @property
    def segment_count(self) -> int:
        """Number of segments (edges)."""
        return self.lengths.size - 1

    @property
    def junction_pixels(self) -> np.ndarray:
        """The junction clusters' pixels (bool, shape (H, W))."""
        return self.painted(self.segment_of == 0)

    def painted(self, chosen: np.ndarray) -> np.ndarray:
        """Bool image (H, W) of the skeleton pixels whose flag in ``chosen`` (shape (p,))
        is set."""
        image = np.zeros(self.shape, bool)
        rows, cols = self.pixels[chosen].T
        image[rows, cols] = True
        return image

    def segment_at(self, row: int, col: int) -> int:
        """The segment label at pixel ``(row, col)`` (0 off every segment)."""
        flat = self.pixels[:, 0] * self.shape[1] + self.pixels[:, 1]
        place = int(np.searchsorted(flat, row * self.shape[1] + col))
        found = place < flat.size and flat[place] == row * self.shape[1] + col
        return int(self.segment_of[place]) if found else 0


def neighbour_table(pixels: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """Index of each pixel's neighbour in each `_RING` direction (-1: none).

    The pixels are in raster order, so the row above (below) a pixel holds its three
    upper (lower) neighbours at consecutive places from one `numpy.searchsorted` of the
    upper-left (lower-left) position, and its left and right neighbours are the places
    before and after it: two searches for the whole table, no per-direction search and
    no whole-image index map.

    Parameters
    ----------
    pixels : ndarray of int64, shape (p, 2)
        Skeleton pixels (row, col) in raster order.
    shape : (int, int)

    Returns
    -------
    ndarray of int64, shape (p, 8)
    """
    width = shape[1]
    flat = pixels[:, 0] * width + pixels[:, 1]
    count = flat.size
    table = np.full((count, 8), -1, np.int64)
    if count == 0:
        return table
    cols = pixels[:, 1]
    left_ok, right_ok = cols > 0, cols < width - 1
    here = np.arange(count)
    for dr in (-1, 1):
        first = flat + dr * width - 1  # the neighbour at (dr, -1)
        start = np.searchsorted(flat, first)
        directions = np.array([_DIRECTION[dr, dc] for dc in (-1, 0, 1)])
        for step in range(3):
            place = np.minimum(start + step, count - 1)
            offset = flat[place] - first  # 0, 1, 2: column offset -1, 0, +1 (never < 0)
            hit = np.flatnonzero((start + step < count) & (offset <= 2)
                                 & ((offset != 0) | left_ok) & ((offset != 2) | right_ok))
            table[hit, directions[offset[hit]]] = place[hit]
    for dc, ok in ((-1, left_ok), (1, right_ok)):
        place = np.clip(here + dc, 0, count - 1)
        hit = ok & (flat[place] == flat + dc)
        table[hit, _DIRECTION[0, dc]] = place[hit]
    return table


def split_labels(table: np.ndarray, keep: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """8-connected components of the kept pixels and of the others, from one
    connected-components pass (links only between pixels of the same side).

    Returns
    -------
    kept, others : ndarray of int32, shape (p,)
        Labels 1..k of each side's components (0 on the other side), numbered in the
        order of their first pixel.
    """
    neighbour = np.maximum(table, 0)
    linked = (table >= 0) & (keep[:, None] == keep[neighbour])
    # The neighbour table is already a symmetric adjacency list: CSR rows without a copy
    # through COO, and weak components (no symmetrising pass). Made as scipy keeps them
    # (int32 indices below 2**31 entries, float64 weights), so that neither the matrix
    # nor connected_components converts a copy.
    index = np.int32 if table.size < np.iinfo(np.int32).max else np.int64
    indptr = np.zeros(len(table) + 1, index)
    np.cumsum(linked.sum(axis=1), out=indptr[1:])
    graph = csr_matrix((np.ones(int(indptr[-1])), table[linked].astype(index), indptr),
                       shape=(len(table),) * 2)
    count, component = connected_components(graph, directed=True, connection="weak")
    return _ranked(component, keep, count), _ranked(component, ~keep, count)


def _ranked(component: np.ndarray, chosen: np.ndarray, count: int) -> np.ndarray:
    """The component ids of the ``chosen`` pixels renumbered 1..k in id order (0 for
    the others): `numpy.unique`'s inverse without its sort."""
    present = np.zeros(count + 1, np.int32)
    present[component[chosen] + 1] = 1
    rank = np.cumsum(present)
    labels = np.zeros(len(component), np.int32)
    labels[chosen] = rank[component[chosen] + 1]
    return labels


def cluster_degrees(table: np.ndarray, clusters: np.ndarray, segments: np.ndarray) -> np.ndarray:
    """Distinct segments touching each cluster label (shape (k + 1,), index 0 unused)."""
    neighbour = np.maximum(table, 0)
    touching = (table >= 0) & (clusters[:, None] > 0) & (segments[neighbour] > 0)
    width = np.int64(segments.max(initial=0)) + 1
    # One int64 per (cluster, segment) pair: a 1-D unique, no structured rows.
    pairs = distinct(np.broadcast_to(clusters[:, None], table.shape)[touching] * width
                      + segments[neighbour][touching])
    return np.bincount(pairs // width, minlength=int(clusters.max(initial=0)) + 1)


def vessel_graph(skeleton: np.ndarray) -> VesselGraph:
    """The vessel graph of a thin skeleton (the module's rule).

    Parameters
    ----------
    skeleton : ndarray of bool, shape (H, W)
        A one-pixel-wide skeleton (`vesselview.engine.thinning.thin`).

    Returns
    -------
    VesselGraph
    """
    shape = (int(skeleton.shape[0]), int(skeleton.shape[1]))
    rows, cols = np.divmod(np.flatnonzero(skeleton), shape[1])
    pixels = np.stack([rows, cols], axis=1).astype(np.int64)
    return graph_of_table(pixels, neighbour_table(pixels, shape), shape)


def graph_of_table(pixels: np.ndarray, table: np.ndarray, shape: tuple[int, int]
                   ) -> VesselGraph:
    """`vessel_graph` of the skeleton pixels ``pixels`` (int64, shape (p, 2), raster
    order) with their `neighbour_table` ``table`` already made."""
    rows, cols = pixels[:, 0], pixels[:, 1]
    present = table >= 0
    codes = (present * _RING_BITS).sum(axis=1)
    clusters, segments = split_labels(table, present.sum(axis=1) >= 3)
    degrees = cluster_degrees(table, clusters, segments)
    # Pixels of clusters that are no node rejoin the segment through them (labelled
    # again only when there are such clusters).
    in_node = (degrees >= 3)[clusters] & (clusters > 0)
    if not np.array_equal(in_node, clusters > 0):
        clusters, segments = split_labels(table, in_node)
        degrees = cluster_degrees(table, clusters, segments)
    degrees = degrees[1:]
    count = degrees.size
    # Two segments joined through a dropped cluster may now be one that touches a node
    # twice: a node needs 3 distinct segments after the rejoin too.
    node = degrees >= 3
    sizes = np.bincount(clusters, minlength=count + 1)[1:]
    sums = np.stack([np.bincount(clusters, rows, count + 1)[1:],
                     np.bincount(clusters, cols, count + 1)[1:]], axis=1)
    centroids = sums / np.maximum(sizes, 1)[:, None]
    lengths = np.bincount(segments, minlength=int(segments.max(initial=0)) + 1)
    lengths[0] = 0
    return VesselGraph(shape=shape, pixels=pixels, segment_of=segments,
                       junctions=centroids.reshape(-1, 2)[node],
                       degrees=degrees[node].astype(np.int64),
                       ends=pixels[_END_CODES[codes] | (codes == 0)],
                       lengths=lengths.astype(np.int64))
