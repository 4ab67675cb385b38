"""Junction and segment detection between two vessel graphs (``docs/metrics.md`` §10).

Junctions: candidate junctions are matched one-to-one to reference junctions no farther
than ``junction_r`` pixels apart, by an optimal assignment (the most pairs, and among
those the least total distance; `match_points`). Segments: a segment is *near* the
other skeleton when at least ``segment_share`` of its pixels lie within ``segment_tol``
pixels of it; a near reference segment is detected, a candidate segment that is not
near is a false segment. Distances are to skeleton pixels, found with a k-d tree (no
distance transform of the image).
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

import numpy as np
from scipy.optimize import linear_sum_assignment
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components
from scipy.spatial import cKDTree

from vesselview.engine.scores import Scores
from vesselview.engine.vessel_graph import VesselGraph


def match_points(candidate: np.ndarray, reference: np.ndarray, radius: float
                 ) -> tuple[np.ndarray, np.ndarray]:
    """One-to-one matching of points at most ``radius`` apart: most pairs, least distance.

    The pairs within reach form a bipartite graph; each of its connected components is
    solved by `scipy.optimize.linear_sum_assignment` on a dense cost matrix where a pair
    out of reach costs more than any set of pairs in reach could (so the assignment
    first maximises the number of pairs, then minimises their total distance).

    Parameters
    ----------
    candidate : ndarray of float, shape (n, 2)
    reference : ndarray of float, shape (m, 2)
        Point positions (row, col), pixels.
    radius : float
        Largest distance of a matched pair (pixels, inclusive).

    Returns
    -------
    candidate_index, reference_index : ndarray of int64, shape (k,)
        The matched pairs, sorted by candidate index.
    """
    if len(candidate) == 0 or len(reference) == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    near = cKDTree(candidate).sparse_distance_matrix(cKDTree(reference), radius,
                                                     output_type="ndarray")
    n = len(candidate)
    graph = coo_matrix((np.ones(len(near)), (near["i"], n + near["j"])),
                       shape=(n + len(reference),) * 2)
    _, component = connected_components(graph, directed=False)
    pair_component = component[near["i"]]
    # A group of one pair in reach is matched as it is; the assignment solves the others.
    alone = np.bincount(pair_component)[pair_component] == 1
    chosen_c, chosen_r = [near["i"][alone]], [near["j"][alone]]
    for label in np.unique(pair_component[~alone]):
        pairs = near[pair_component == label]
        rows, row_of = np.unique(pairs["i"], return_inverse=True)
        cols, col_of = np.unique(pairs["j"], return_inverse=True)
        forbidden = radius * min(len(rows), len(cols)) + 1.0
        cost = np.full((len(rows), len(cols)), forbidden)
        cost[row_of, col_of] = pairs["v"]
        best_r, best_c = linear_sum_assignment(cost)
        kept = cost[best_r, best_c] < forbidden
        chosen_c.append(rows[best_r[kept]])
        chosen_r.append(cols[best_c[kept]])
    cand = np.concatenate(chosen_c).astype(np.int64)
    ref = np.concatenate(chosen_r).astype(np.int64)
    order = np.argsort(cand, kind="stable")
    return cand[order], ref[order]


@dataclasses.dataclass(frozen=True, eq=False)
class JunctionMatch:
    """Matched, missed and false junctions of one comparison.

    Attributes
    ----------
    candidate, reference : ndarray of float64, shape (n, 2) and (m, 2)
        Junction positions (row, col), pixels.
    candidate_matched, reference_matched : ndarray of bool, shape (n,) and (m,)
        Whether each junction has a partner.
    """

    candidate: np.ndarray
    reference: np.ndarray
    candidate_matched: np.ndarray
    reference_matched: np.ndarray


class Junctions(Protocol):
    """Junction nodes: a `VesselGraph`'s, or annotated points
    (`vesselview.engine.junction_points.JunctionPoints`)."""

    @property
    def junctions(self) -> np.ndarray:
        """Positions (row, col), pixels, shape (n, 2)."""

    @property
    def crossings(self) -> np.ndarray | None:
        """Bool per junction (a crossing), None when the kinds are unknown."""


def junction_match(candidate: Junctions, reference: Junctions, radius: float) -> JunctionMatch:
    """Match every candidate junction to the reference's within ``radius`` (pixels)."""
    cand_index, ref_index = match_points(candidate.junctions, reference.junctions, radius)
    cand_matched = np.zeros(len(candidate.junctions), bool)
    ref_matched = np.zeros(len(reference.junctions), bool)
    cand_matched[cand_index] = True
    ref_matched[ref_index] = True
    return JunctionMatch(candidate.junctions, reference.junctions, cand_matched, ref_matched)


def detection_scores(out: Scores, prefix: str, matched: int, found: int, expected: int,
                     what: str) -> Scores:
    """``<prefix>_precision``, ``_recall``, ``_f1`` from the counts (undefined with reasons).

    Parameters
    ----------
    out : Scores
        Filled in place and returned.
    prefix : str
    matched, found, expected : int
        Matched pairs, candidate objects and reference objects.
    what : str
        The objects' plural name, for the reasons.
    """
    out.ratio(f"{prefix}_precision", matched, found, f"the candidate has no {what}")
    out.ratio(f"{prefix}_recall", matched, expected, f"the reference has no {what}")
    out.ratio(f"{prefix}_f1", 2 * matched, found + expected, f"neither skeleton has {what}")
    return out


def junction_scores(candidate: VesselGraph, reference: Junctions, radius: float,
                    both: JunctionMatch) -> Scores:
    """``junction_precision junction_recall junction_f1 bifurcation_f1 crossing_f1``.

    ``both`` is `junction_match` of the graphs at ``radius``. Bifurcations (degree 3)
    and crossings (degree >= 4) are each matched among themselves (a bifurcation is not
    found by a crossing); both F1 are undefined when the reference's kinds are unknown
    (a junction file without a kind for every point).
    """
    out = Scores()
    detection_scores(out, "junction", int(both.candidate_matched.sum()),
                     len(candidate.junctions), len(reference.junctions), "junctions")
    if reference.crossings is None:
        for name in ("bifurcation", "crossing"):
            out.undefined(f"{name}_f1", "the reference junction file does not give every "
                                        "point's kind (bifurcation or crossing)")
        return out
    for name, what, crossing in (("bifurcation", "bifurcations", False),
                                 ("crossing", "crossings", True)):
        cand = candidate.junctions[candidate.crossings == crossing]
        ref = reference.junctions[reference.crossings == crossing]
        matched = len(match_points(cand, ref, radius)[0])
        part = detection_scores(Scores(), name, matched, len(cand), len(ref), what)
        out.values[f"{name}_f1"] = part.values[f"{name}_f1"]
        if f"{name}_f1" in part.reasons:
            out.reasons[f"{name}_f1"] = part.reasons[f"{name}_f1"]
    return out


def segment_near_share(graph: VesselGraph, other: VesselGraph, tolerance: float) -> np.ndarray:
    """Share of each segment's pixels within ``tolerance`` pixels of ``other``'s skeleton.

    Parameters
    ----------
    graph, other : VesselGraph
    tolerance : float
        Pixels (Euclidean, inclusive).

    Returns
    -------
    ndarray of float64, shape (m + 1,)
        Per segment label (index 0 unused, 0).
    """
    share = np.zeros(graph.lengths.size)
    on_segment = graph.segment_of > 0
    if not on_segment.any() or len(other.pixels) == 0:
        return share
    near = np.bincount(graph.segment_of[on_segment],
                       near_pixels(graph.pixels[on_segment], other, tolerance),
                       minlength=graph.lengths.size)
    share[1:] = near[1:] / np.maximum(graph.lengths[1:], 1)
    return share


#: Above this many pixel offsets within the tolerance, a k-d tree answers faster.
MAX_OFFSETS = 120


def near_pixels(pixels: np.ndarray, other: VesselGraph, tolerance: float) -> np.ndarray:
    """Whether each of ``pixels`` (int64, shape (n, 2), row, col) has a pixel of
    ``other``'s skeleton within ``tolerance`` pixels (Euclidean, inclusive).

    For the usual small tolerances, each offset (dr, dc) of the disc of that radius is
    looked up in ``other``'s skeleton painted into a padded image (a few gathers of n
    pixels, no tree); beyond `MAX_OFFSETS` offsets, a k-d tree of ``other``'s pixels.
    Both include a pixel at distance <= tolerance + 1e-9, so they agree exactly.
    """
    reach = int(np.floor(tolerance + 1e-9))
    steps = np.arange(-reach, reach + 1)
    dr, dc = (grid.ravel() for grid in np.meshgrid(steps, steps, indexing="ij"))
    inside = np.hypot(dr, dc) <= tolerance + 1e-9
    if inside.sum() > MAX_OFFSETS:
        # An unbalanced tree builds ~10x faster and answers these near queries as quickly.
        tree = cKDTree(other.pixels.astype(float), balanced_tree=False, compact_nodes=False)
        distance, _ = tree.query(pixels.astype(float), k=1,
                                 distance_upper_bound=tolerance + 1e-9)
        return np.isfinite(distance)
    height, width = other.shape
    painted = np.zeros((height + 2 * reach, width + 2 * reach), bool)
    painted[other.pixels[:, 0] + reach, other.pixels[:, 1] + reach] = True
    rows, cols = pixels[:, 0] + reach, pixels[:, 1] + reach
    near = np.zeros(len(pixels), bool)
    for row_step, col_step in zip(dr[inside], dc[inside], strict=True):
        near |= painted[rows + row_step, cols + col_step]
    return near


#: One row per segment (the SS segments table's style): label, length (skeleton pixels),
#: share of its pixels near the other skeleton, and whether it is near (``segment_share``).
SEGMENT_ROW = np.dtype([("label", np.int32), ("length", np.int64), ("near_share", np.float64),
                        ("near", np.bool_)])


@dataclasses.dataclass(frozen=True, eq=False)
class SegmentDetection:
    """Per-segment detection of both skeletons.

    Attributes
    ----------
    reference, candidate : ndarray of `SEGMENT_ROW`, shape (m,) and (n,)
        One row per segment label 1..m (1..n), in label order; ``near`` is "detected"
        for a reference segment and "has a reference counterpart" for a candidate one.
    """

    reference: np.ndarray
    candidate: np.ndarray

    def missed(self, graph: VesselGraph) -> np.ndarray:
        """Pixels (bool, shape (H, W)) of the reference segments not detected."""
        return _painted(graph, ~self.reference["near"])

    def false(self, graph: VesselGraph) -> np.ndarray:
        """Pixels (bool, shape (H, W)) of the candidate segments with no counterpart."""
        return _painted(graph, ~self.candidate["near"])


def _painted(graph: VesselGraph, chosen: np.ndarray) -> np.ndarray:
    """The pixels of ``graph``'s segments whose row is ``chosen`` (bool per label 1..m)."""
    lookup = np.concatenate([[False], chosen])
    return graph.painted(lookup[graph.segment_of])


def segment_rows(graph: VesselGraph, other: VesselGraph, tolerance: float, share: float
                 ) -> np.ndarray:
    """`SEGMENT_ROW` rows of ``graph``'s segments against ``other``'s skeleton."""
    near_share = segment_near_share(graph, other, tolerance)[1:]
    rows = np.zeros(graph.segment_count, SEGMENT_ROW)
    rows["label"] = np.arange(1, graph.segment_count + 1)
    rows["length"] = graph.lengths[1:]
    rows["near_share"] = near_share
    rows["near"] = near_share >= share
    return rows


def segment_detection(candidate: VesselGraph, reference: VesselGraph, tolerance: float,
                      share: float) -> SegmentDetection:
    """Each graph's segments against the other skeleton (``segment_tol``, ``segment_share``)."""
    return SegmentDetection(reference=segment_rows(reference, candidate, tolerance, share),
                            candidate=segment_rows(candidate, reference, tolerance, share))


def segment_scores(detection: SegmentDetection) -> Scores:
    """``segment_recall`` (detected / reference segments) and ``false_segments`` (count)."""
    out = Scores()
    reference = detection.reference
    out.ratio("segment_recall", int(reference["near"].sum()), len(reference),
              "the reference skeleton has no segment")
    out.set("false_segments", int((~detection.candidate["near"]).sum()))
    return out
