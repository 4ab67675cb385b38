"""Candidate assignment with the overlap rule (``docs/metrics.md`` §5 steps 6, 9a-9b).

A pruned candidate skeleton pixel q belongs to P_k when it lies in the search range
of segment k (its own radii, within F) and passes the overlap rule: on a labelled
reference pixel it is kept only for that label; elsewhere it is kept for k when some
reference skeleton pixel at the minimum distance in its 11x11 window (the whole thinned
skeleton, q itself excluded) has label k, and dropped when the window has none.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.canonical import canonical_mask
from vesselview.engine.kernels_cache import kernel
from vesselview.engine.kernels_choice import use_compiled
from vesselview.engine.nearest_pixel import offsets_nearest_first
from vesselview.engine.skeletal import _assign_no_compile
from vesselview.engine.skeletal._pixels import readonly, scan_order_pixels, scatter
from vesselview.engine.skeletal.radii import SearchRange

#: Half width of the overlap rule's window (11x11).
OVERLAP_HALF = 5
#: Most reference pixels at one distance inside the 11x11 window (the d^2 = 25 ring).
_MAX_TIED = 12


@dataclasses.dataclass(frozen=True, eq=False)
class Assignment:
    """The pruned candidate skeleton and its (pixel, segment) pairs (steps 6, 9a-9b).

    Attributes
    ----------
    pruned : ndarray of bool, shape (H, W)
        Candidate skeleton ∩ search mask.
    rows, cols : ndarray of int64, shape (m,)
        Assigned candidate pixels, sorted by segment label, then in scan order. A
        pixel tied between segments appears once per segment.
    labels : ndarray of int32, shape (m,)
        The segment label of each pair.
    """

    pruned: np.ndarray
    rows: np.ndarray
    cols: np.ndarray
    labels: np.ndarray

    def image(self) -> np.ndarray:
        """int32 (H, W): the segment each pruned pixel was assigned to (0 = none).

        A pixel assigned to several segments shows one of them (which one is unspecified).
        """
        return scatter(self.pruned.shape, self.rows, self.cols, self.labels, np.int32)


@kernel()
def _nearest_labels(i: int, j: int, skeleton: np.ndarray, labels: np.ndarray,
                    window: tuple[np.ndarray, np.ndarray, np.ndarray], out: np.ndarray) -> int:
    """Distinct labels (> 0) of the reference pixels nearest to (i, j) in the 11x11 window.

    ``window`` is `offsets_nearest_first` (`OVERLAP_HALF`): the first ring of equal d²
    holding a reference pixel decides, and the search stops after it. Fills ``out`` and
    returns how many; 0 also when the window has no reference pixel.
    """
    h, w = skeleton.shape
    di, dj, squared = window
    best = -1
    count = 0
    for n in range(1, squared.shape[0]):  # index 0 is (i, j) itself
        if best >= 0 and squared[n] > best:
            break
        y, x = i + di[n], j + dj[n]
        if 0 <= y < h and 0 <= x < w and skeleton[y, x]:
            best = squared[n]
            label = labels[y, x]
            seen = label <= 0
            for m in range(count):
                seen = seen or out[m] == label
            if not seen:
                out[count] = label
                count += 1
    return count


@kernel()
def _in_range(i: int, j: int, label: int, labels: np.ndarray, radius: np.ndarray,
              square: tuple[np.ndarray, np.ndarray, np.ndarray], reach: int) -> bool:
    """Whether (i, j) lies in the search range of segment ``label``.

    ``square`` is `offsets_nearest_first` (``reach``), searched nearest first: a pixel of
    the segment is most often close by. Every radius is at most ``reach``
    (`SearchRange`), so no offset from d² = (reach + 1)² on can be in range.
    """
    h, w = labels.shape
    di, dj, squared = square
    for n in range(squared.shape[0]):
        if squared[n] >= (reach + 1) ** 2:
            break
        y, x = i + di[n], j + dj[n]
        if (0 <= y < h and 0 <= x < w and labels[y, x] == label
                and squared[n] < (radius[y, x] + 1) ** 2):
            return True
    return False


@kernel()
def assign_pixels(rows: np.ndarray, cols: np.ndarray, skeleton: np.ndarray,
                  labels: np.ndarray, radius: np.ndarray, reach: int,
                  window: tuple[np.ndarray, np.ndarray, np.ndarray],
                  square: tuple[np.ndarray, np.ndarray, np.ndarray]
                  ) -> tuple[np.ndarray, np.ndarray]:
    """(candidate position, label) pairs of steps 9a-9b for the listed pruned pixels.

    ``reach`` is R, the largest search radius; ``window`` and ``square`` are
    `offsets_nearest_first` of `OVERLAP_HALF` and of ``reach``. Pairs come out in list
    order.
    """
    tied = np.empty(_MAX_TIED, np.int32)
    capacity = rows.shape[0] + 16
    which = np.empty(capacity, np.int64)
    segment = np.empty(capacity, np.int32)
    used = 0
    for k in range(rows.shape[0]):
        i, j = rows[k], cols[k]
        if labels[i, j] > 0:
            tied[0] = labels[i, j]
            count = 1
        else:
            count = _nearest_labels(i, j, skeleton, labels, window, tied)
        for m in range(count):
            if labels[i, j] == 0 and not _in_range(i, j, tied[m], labels, radius, square, reach):
                continue
            if used == capacity:
                capacity *= 2
                which = np.concatenate((which, np.empty(capacity - used, np.int64)))
                segment = np.concatenate((segment, np.empty(capacity - used, np.int32)))
            which[used] = k
            segment[used] = tied[m]
            used += 1
    return which[:used], segment[:used]


def assign_candidates(cand_skeleton: np.ndarray, ref_skeleton: np.ndarray, labels: np.ndarray,
                      search: SearchRange) -> Assignment:
    """Prune the candidate skeleton and assign its pixels to segments (steps 6, 9a-9b).

    Parameters
    ----------
    cand_skeleton : ndarray of bool, shape (H, W)
        ``thin(S)``.
    ref_skeleton : ndarray of bool, shape (H, W)
        ``thin(G)``, the whole skeleton (junctions and removed bits included).
    labels : ndarray of int32, shape (H, W)
        `Segments.labels`.
    search : SearchRange
        Radii and search mask of the reference skeleton.

    Returns
    -------
    Assignment
    """
    pruned = cand_skeleton & search.search_mask
    rows, cols = scan_order_pixels(pruned)
    # The kernel's one compiled variant: a writable skeleton, read-only labels and radii.
    images = (canonical_mask(ref_skeleton), readonly(np.asarray(labels, np.int32)),
              readonly(search.radius))
    if use_compiled(pruned.size):
        which, segment = assign_pixels(rows, cols, *images, search.max_radius,
                                       offsets_nearest_first(OVERLAP_HALF),
                                       offsets_nearest_first(search.max_radius))
    else:
        which, segment = _assign_no_compile.assign_pixels(rows, cols, *images,
                                                          search.max_radius, OVERLAP_HALF)
    order = np.argsort(segment, kind="stable")
    which, segment = which[order], segment[order]
    return Assignment(pruned=readonly(pruned), rows=readonly(rows[which]),
                      cols=readonly(cols[which]), labels=readonly(segment))
