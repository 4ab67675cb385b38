"""`assign.assign_pixels` without compiling: all candidate pixels at once, in numpy.

Used while the kernels compile (`vesselview.engine.kernels_choice`). The window searches
go offset by offset, nearest first, over the pixels not yet decided; the images get a
border of background (label 0) so that every offset is a plain step in the flattened
array.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.nearest_pixel import offsets_nearest_first


def _square_offsets(half: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`offsets_nearest_first` (``half``) but the centre (d² = 0, index 0)."""
    di, dj, squared = offsets_nearest_first(half)
    return di[1:], dj[1:], squared[1:]


def assign_pixels(rows: np.ndarray, cols: np.ndarray, skeleton: np.ndarray, labels: np.ndarray,
                  radius: np.ndarray, reach: int, overlap_half: int
                  ) -> tuple[np.ndarray, np.ndarray]:
    """The (candidate position, label) pairs `assign.assign_pixels` finds.

    Parameters
    ----------
    rows, cols : ndarray of int64, shape (n,)
        The pruned candidate pixels.
    skeleton : ndarray of bool, shape (H, W)
        The whole reference skeleton.
    labels : ndarray of int32, shape (H, W)
        Segment labels.
    radius : ndarray of uint8, shape (H, W)
        Search radii.
    reach : int
        R, the largest search radius.
    overlap_half : int
        Half width of the overlap rule's window.

    Returns
    -------
    which : ndarray of int64, shape (m,)
        Positions in the candidate list, ascending.
    segment : ndarray of int32, shape (m,)
        The label of each pair; ascending within one position.
    """
    border = max(reach, overlap_half)
    width = labels.shape[1] + 2 * border
    flat_labels = np.pad(labels, border).ravel()
    where = (rows + border) * width + cols + border
    own = flat_labels[where]
    on_label = np.flatnonzero(own > 0)
    near_which, near_label = _nearest_labels(
        where, np.flatnonzero(own == 0), np.pad(skeleton, border).ravel(), flat_labels,
        width, overlap_half)
    keep = _in_range(where[near_which], near_label, flat_labels,
                     np.pad(radius, border).ravel(), width, reach)
    which = np.concatenate((on_label, near_which[keep]))
    segment = np.concatenate((own[on_label], near_label[keep])).astype(np.int32)
    order = np.lexsort((segment, which))
    return which[order].astype(np.int64), segment[order]


def _nearest_labels(where: np.ndarray, todo: np.ndarray, skeleton: np.ndarray,
                    labels: np.ndarray, width: int, half: int) -> tuple[np.ndarray, np.ndarray]:
    """Distinct labels (> 0) of the nearest reference pixels in each listed pixel's window.

    Rings of equal d² are searched nearest first; a pixel is decided by the first ring
    that holds a reference pixel (labelled or not).
    """
    di, dj, squared = _square_offsets(half)
    steps = di * width + dj
    found_which, found_label = [], []
    for ring in np.unique(squared):
        if todo.size == 0:
            break
        at = where[todo, None] + steps[squared == ring][None, :]
        hit = skeleton[at]
        label = np.where(hit, labels[at], 0)
        pixel, _ = np.nonzero(label)
        found_which.append(todo[pixel])
        found_label.append(label[label > 0])
        todo = todo[~hit.any(axis=1)]
    if not found_which:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    pairs = np.unique(np.stack((np.concatenate(found_which),
                                np.concatenate(found_label).astype(np.int64))), axis=1)
    return pairs[0], pairs[1]


def _in_range(where: np.ndarray, label: np.ndarray, labels: np.ndarray, radius: np.ndarray,
              width: int, reach: int) -> np.ndarray:
    """Whether each pixel lies in the search range of its paired segment ``label``.

    ``radius`` stays uint8 (flattened, bordered); only the values read are widened.
    """
    di, dj, squared = _square_offsets(reach)
    inside = np.zeros(where.size, np.bool_)
    todo = np.arange(where.size)
    for step, distance in zip(di * width + dj, squared, strict=True):
        if todo.size == 0:
            break
        at = where[todo] + step
        hit = (labels[at] == label[todo]) & (distance < (radius[at].astype(np.int64) + 1) ** 2)
        inside[todo[hit]] = True
        todo = todo[~hit]
    return inside
