"""Segments of the reference skeleton and the confidence (``docs/metrics.md`` §5 steps 7-8).

Reproduces the reference code's segmentation quirks exactly (sequential junction
deletion, the merged first piece when the cut component has the largest label, 16..29
pixel components left whole, junctions given the largest neighbouring label) and
defines what the code leaves undefined (a closed loop is walked from its first pixel).
"""

from __future__ import annotations

import dataclasses
import math
from types import ModuleType

import numpy as np

from vesselview.engine.canonical import canonical_mask
from vesselview.engine.kernels_choice import use_compiled
from vesselview.engine.skeletal import _segment_kernels, _segment_no_compile
from vesselview.engine.skeletal._pixels import (
    SCAN_NEIGHBOURS,
    group_starts,
    readonly,
    scan_order_pixels,
    scatter,
)


@dataclasses.dataclass(frozen=True, eq=False)
class Segments:
    """The segmented reference skeleton (steps 7-8).

    Attributes
    ----------
    junctions : ndarray of bool, shape (H, W)
        The junction set J deleted in step 7a.
    labels : ndarray of int32, shape (H, W)
        Segment label per reference skeleton pixel after steps 7b-7f (0 = unlabelled:
        removed short component, junction with no labelled neighbour, outside F, or not
        on the skeleton). Labels need not be consecutive.
    confidence : float
        Labelled pixels / reference skeleton pixels (denominator includes skeleton
        outside F); nan when the reference skeleton is empty.
    """

    junctions: np.ndarray
    labels: np.ndarray
    confidence: float


def _passes(pixels: int) -> ModuleType:
    """The compiled passes, or the same without compiling while they compile."""
    return _segment_kernels if use_compiled(pixels) else _segment_no_compile


def path_labels(skeleton: np.ndarray, rows: np.ndarray, cols: np.ndarray, index: np.ndarray,
                min_length: int) -> tuple[np.ndarray, np.ndarray]:
    """Steps 7a-7c: junction flags and scan-order component labels of what remains.

    Parameters
    ----------
    skeleton : ndarray of bool, shape (H, W)
    rows, cols : ndarray of int64, shape (n,)
        The skeleton's pixels in scan order.
    index : ndarray of int32, shape (H, W)
        List position + 1 of every skeleton pixel, 0 elsewhere.
    min_length : int
        Components with fewer pixels are removed (label 0, not junctions).

    Returns
    -------
    junction : ndarray of bool, shape (n,)
    labels : ndarray of int64, shape (n,)
        1..m in scan order of each component's first pixel, 0 for junctions and
        removed components.
    """
    image = canonical_mask(skeleton).view(np.uint8)  # 0/1 sums: a cast may copy a 255 byte
    kernels = _passes(skeleton.size)
    junction = kernels.remove_junctions(image, rows, cols)
    labels = kernels.label_components(index, ~junction, rows, cols)
    long_enough = np.bincount(labels, minlength=1) >= min_length
    long_enough[0] = False
    new_label = np.cumsum(long_enough) * long_enough  # drop short ones, keep scan order
    return junction, new_label[labels]


def cut_labels(index: np.ndarray, rows: np.ndarray, cols: np.ndarray, labels: np.ndarray,
               max_length: int) -> np.ndarray:
    """Step 7d: labels after cutting components longer than ``max_length``.

    See `_segment_kernels.cut_long_components`; ``index`` and the pixel list are those of
    `path_labels`.
    """
    order = np.argsort(labels, kind="stable")
    starts = group_starts(labels[order], int(labels.max(initial=0)) + 1)
    return _passes(index.size).cut_long_components(index, rows, cols, labels, order, starts,
                                                   max_length, SCAN_NEIGHBOURS)


def reference_segments(ref_skeleton: np.ndarray, fov: np.ndarray, min_length: int,
                       max_length: int) -> Segments:
    """Segment the reference skeleton (steps 7a-7f) and compute the confidence (step 8).

    Parameters
    ----------
    ref_skeleton : ndarray of bool, shape (H, W)
        ``thin(G)`` on the whole image.
    fov : ndarray of bool, shape (H, W)
        Field of view F; labels outside it become 0.
    min_length, max_length : int
        ``ss_min_length`` (>= 1) and ``ss_max_length`` (>= min_length).

    Returns
    -------
    Segments
    """
    shape = ref_skeleton.shape
    rows, cols = scan_order_pixels(ref_skeleton)
    index = np.zeros(shape, np.int32)
    index[rows, cols] = np.arange(1, rows.size + 1, dtype=np.int32)
    junction, labels = path_labels(ref_skeleton, rows, cols, index, min_length)
    labels = cut_labels(index, rows, cols, labels, max_length)
    # The index's own buffer: 0 off the skeleton, and every skeleton pixel gets its label
    # (one int32 image of fresh memory fewer, 0.4 GB at 10000²).
    label_image = index
    label_image[rows, cols] = labels
    _passes(label_image.size).reattach_junctions(label_image, rows[junction], cols[junction])
    outside = ~fov[rows, cols]
    label_image[rows[outside], cols[outside]] = 0
    labelled = int(np.count_nonzero(label_image[rows, cols]))
    confidence = labelled / rows.size if rows.size else math.nan
    return Segments(junctions=scatter(shape, rows[junction], cols[junction], True, np.bool_),
                    labels=readonly(label_image), confidence=confidence)
