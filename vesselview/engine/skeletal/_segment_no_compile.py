"""The passes of `_segment_kernels` without compiling them (``docs/metrics.md`` §5 step 7).

Same arguments, same results; used while the kernels compile
(`vesselview.engine.kernels_choice`). The sequential passes run the kernels' own
Python source on as few pixels as they need; labelling is scipy's.
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

from vesselview.engine.kernels_choice import python_function
from vesselview.engine.skeletal import _segment_kernels as kernels

_SQUARE = np.ones((3, 3), np.uint8)


def remove_junctions(image: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """`_segment_kernels.remove_junctions`, visiting only pixels that can be junctions.

    Deleting pixels only lowers 3x3 sums, so a pixel whose sum in the unchanged image
    is <= 3 is never deleted; the others are visited in the same (scan) order.
    """
    sums = ndimage.correlate(image, _SQUARE, mode="constant")
    maybe = np.flatnonzero(sums[rows, cols] > 3)
    junction = np.zeros(rows.shape[0], np.bool_)
    junction[maybe] = python_function(kernels.remove_junctions)(image, rows[maybe], cols[maybe])
    return junction


def label_components(index: np.ndarray, keep: np.ndarray, rows: np.ndarray,
                     cols: np.ndarray) -> np.ndarray:
    """`_segment_kernels.label_components` with ``scipy.ndimage.label``.

    scipy numbers components in its own order; they are renumbered by the list position
    of their first pixel (scan order).
    """
    kept = np.zeros(index.shape, np.bool_)
    kept[rows[keep], cols[keep]] = True
    image_labels, _ = ndimage.label(kept, structure=_SQUARE)
    labels = image_labels[rows, cols].astype(np.int64)
    found, first = np.unique(labels, return_index=True)
    first, found = first[found > 0], found[found > 0]
    renumber = np.zeros(int(found.max(initial=0)) + 1, np.int64)
    renumber[found[np.argsort(first)]] = np.arange(1, found.size + 1)
    return renumber[labels]


def cut_long_components(index: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                        component: np.ndarray, order: np.ndarray, starts: np.ndarray,
                        max_length: int, neighbours: np.ndarray) -> np.ndarray:
    """`_segment_kernels.cut_long_components`, its Python source."""
    return python_function(kernels.cut_long_components)(
        index, rows, cols, component, order, starts, max_length, neighbours)


def reattach_junctions(label_image: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> None:
    """`_segment_kernels.reattach_junctions`, its Python source (junctions are few)."""
    python_function(kernels.reattach_junctions)(label_image, rows, cols)
