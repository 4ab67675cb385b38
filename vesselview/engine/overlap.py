"""Tolerant overlap shared by CAL's area and length factors and the contour paper's J_g.

``#((dil(S, disk r) & G) | (S & dil(G, disk r))) / #(S | G)`` (``docs/metrics.md`` §2
and §4): the fraction of the union that lies within ``r`` pixels of the other mask.
CAL's length factor counts skeleton pixels the same way (`tolerant_counts`).

The counts are taken block by block (`vesselview.engine.row_blocks`, halo floor(r)
rows, exact): whole-image temporaries made the time per pixel grow with the image.
"""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np

from vesselview.engine.morphology import dilate_disk
from vesselview.engine.row_blocks import row_blocks


@dataclasses.dataclass(frozen=True, eq=False)
class TolerantOverlap:
    """Counts of a tolerant overlap at one radius, and the band the viewer shows.

    Attributes
    ----------
    matched : int
        ``#((dil(S, disk r) & G) | (S & dil(G, disk r)))`` in pixels (with CAL's length
        factor, skeleton pixels: `tolerant_counts`).
    union : int
        ``#(S | G)`` in pixels.
    reference : ndarray of bool, shape (H, W)
        ``G``, kept (not copied) for `reference_band`: it must not change while the
        result is in use (the engine's masks are read-only or owned by the stage cache).
    radius : float
        ``r`` in pixels.
    """

    matched: int
    union: int
    reference: np.ndarray
    radius: float

    @functools.cached_property
    def reference_band(self) -> np.ndarray:
        """``dil(G, disk r) & ~G``: the tolerance band around the reference, bool (H, W).

        Made when first asked for (the viewer's band layers): a batch never needs it.
        """
        band = np.empty(self.reference.shape, np.bool_)
        height, width = self.reference.shape
        for block in row_blocks(height, width, _halo(self.radius)):
            own = slice(block.start, block.stop)
            grown = dilate_disk(self.reference[block.lo:block.hi], self.radius)[block.own]
            np.logical_and(grown, ~self.reference[own], out=band[own])
        return band


def _halo(radius: float) -> int:
    """Rows a dilation by ``disk(radius)`` reaches."""
    return math.floor(radius) if radius >= 1 else 0


def tolerant_overlap(candidate: np.ndarray, reference: np.ndarray,
                     radius: float) -> TolerantOverlap:
    """Tolerant overlap of ``candidate`` (S) and ``reference`` (G) with a disc of ``radius`` pixels.

    Parameters
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
    radius : float
        Disc radius in pixels (below 1 gives the plain Jaccard counts).
    """
    return tolerant_counts(candidate, reference, candidate, reference, radius)


def tolerant_counts(candidate: np.ndarray, reference: np.ndarray, candidate_points: np.ndarray,
                    reference_points: np.ndarray, radius: float, separately: bool = False
                    ) -> TolerantOverlap:
    """Points of each mask within ``radius`` pixels of the other mask.

    Parameters
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
        ``S`` and ``G``, the masks dilated by ``disk(radius)``.
    candidate_points, reference_points : ndarray of bool, shape (H, W)
        The pixels counted: ``S`` and ``G`` themselves (`tolerant_overlap`) or their
        skeletons (CAL's length factor).
    radius : float
        Disc radius in pixels, >= 0 (below 1: no dilation).
    separately : bool
        Count each side's points on their own (CAL-L's ``cal_l_count = "sum"``):
        ``matched`` = #(dil(S) & reference_points) + #(candidate_points & dil(G)),
        ``union`` = #candidate_points + #reference_points.

    Returns
    -------
    TolerantOverlap
        ``matched`` = #((dil(S) & reference_points) | (candidate_points & dil(G))),
        ``union`` = #(candidate_points | reference_points) (or the sums, ``separately``).
    """
    height, width = reference.shape
    matched = union = 0
    for block in row_blocks(height, width, _halo(radius)):
        own = slice(block.start, block.stop)
        grown_s = dilate_disk(candidate[block.lo:block.hi], radius)[block.own]
        grown_g = dilate_disk(reference[block.lo:block.hi], radius)[block.own]
        points_s, points_g = candidate_points[own], reference_points[own]
        found_g, found_s = grown_s & points_g, points_s & grown_g
        if separately:
            matched += int(np.count_nonzero(found_g)) + int(np.count_nonzero(found_s))
            union += int(np.count_nonzero(points_s)) + int(np.count_nonzero(points_g))
        else:
            matched += int(np.count_nonzero(found_g | found_s))
            union += int(np.count_nonzero(points_s | points_g))
    return TolerantOverlap(matched=matched, union=union, reference=reference, radius=radius)
