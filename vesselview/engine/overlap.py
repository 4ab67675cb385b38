"""Tolerant overlap shared by CAL's area factor and the contour paper's J_g.

``#((dil(S, disk r) & G) | (S & dil(G, disk r))) / #(S | G)`` (``docs/metrics.md`` §2
and §4): the fraction of the union that lies within ``r`` pixels of the other mask.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.morphology import dilate_disk


@dataclasses.dataclass(frozen=True)
class TolerantOverlap:
    """Counts of a tolerant overlap at one radius.

    Attributes
    ----------
    matched : int
        ``#((dil(S, disk r) & G) | (S & dil(G, disk r)))`` in pixels.
    union : int
        ``#(S | G)`` in pixels.
    reference_band : ndarray of bool, shape (H, W)
        ``dil(G, disk r) & ~G``: the tolerance band around the reference (for the viewer).
    """

    matched: int
    union: int
    reference_band: np.ndarray


def tolerant_overlap(candidate: np.ndarray, reference: np.ndarray,
                     radius: float) -> TolerantOverlap:
    """Tolerant overlap of ``candidate`` (S) and ``reference`` (G) with a disc of ``radius`` pixels.

    Parameters
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
    radius : int
        Disc radius in pixels (0 gives the plain Jaccard counts).
    """
    grown_candidate = dilate_disk(candidate, radius)
    grown_reference = dilate_disk(reference, radius)
    matched = (grown_candidate & reference) | (candidate & grown_reference)
    return TolerantOverlap(
        matched=int(np.count_nonzero(matched)),
        union=int(np.count_nonzero(candidate | reference)),
        reference_band=grown_reference & ~reference,
    )
