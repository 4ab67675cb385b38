"""The passes of `_segment_kernels` without compiling them (``docs/metrics.md`` §5 step 7).

Same arguments, same results; used while the kernels compile
(`vesselview.engine.kernels_choice`). Junction removal runs the kernel's own Python
source on as few pixels as it needs; labelling is OpenCV's; the walks that cut long
components run in plain Python over a neighbour table made with numpy.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.kernels_choice import python_function
from vesselview.engine.morphology import label_components as label_image_components
from vesselview.engine.skeletal import _segment_kernels as kernels


def remove_junctions(image: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """`_segment_kernels.remove_junctions`, visiting only pixels that can be junctions.

    Deleting pixels only lowers 3x3 sums, so a pixel whose sum in the unchanged image
    is <= 3 is never deleted; the others are visited in the same (scan) order. The sums
    are taken at the listed pixels only (a whole-image filter cost 20x more at 3504x3390).
    """
    padded = np.pad(image, 1).ravel()  # 0 beyond the border
    stride = image.shape[1] + 2
    centres = (rows + 1) * stride + (cols + 1)
    sums = np.zeros(rows.shape[0], np.uint8)
    for di in (-1, 0, 1):
        for dj in (-1, 0, 1):
            sums += padded[centres + (di * stride + dj)]
    maybe = np.flatnonzero(sums > 3)
    junction = np.zeros(rows.shape[0], np.bool_)
    junction[maybe] = python_function(kernels.remove_junctions)(image, rows[maybe], cols[maybe])
    return junction


def label_components(index: np.ndarray, keep: np.ndarray, rows: np.ndarray,
                     cols: np.ndarray) -> np.ndarray:
    """`_segment_kernels.label_components` with OpenCV's 8-connected labelling.

    OpenCV numbers components in its own order; they are renumbered by the list position
    of their first pixel (scan order).
    """
    kept = np.zeros(index.shape, np.bool_)
    kept[rows[keep], cols[keep]] = True
    image_labels, _ = label_image_components(kept)
    labels = image_labels[rows, cols].astype(np.int64)
    found, first = np.unique(labels, return_index=True)
    first, found = first[found > 0], found[found > 0]
    renumber = np.zeros(int(found.max(initial=0)) + 1, np.int64)
    renumber[found[np.argsort(first)]] = np.arange(1, found.size + 1)
    return renumber[labels]


def cut_long_components(index: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                        component: np.ndarray, order: np.ndarray, starts: np.ndarray,
                        max_length: int, neighbours: np.ndarray) -> np.ndarray:
    """`_segment_kernels.cut_long_components` in plain Python.

    The same walks, over each pixel's neighbours in its own component listed once with
    numpy (`_component_neighbours`) and held in Python lists: the kernel's source, run on
    numpy scalars, cost ten times more (0.4 s at 3504x3390).
    """
    table = _component_neighbours(index, rows, cols, component, neighbours)
    members_of, bounds = order.tolist(), starts.tolist()
    labels = component.tolist()
    visited = bytearray(rows.shape[0])
    largest = count = len(bounds) - 2
    for k in range(1, count + 1):
        members = members_of[bounds[k]:bounds[k + 1]]
        pieces = len(members) // max_length
        if pieces < 2:  # 16..29 pixels (for max_length 15) are never cut
            continue
        base = k - 1 if largest == k else largest
        piece_length = (2 * len(members) + pieces) // (2 * pieces)  # MATLAB round(L / n)
        # the first end pixel (one neighbour) in scan order, else the first pixel
        current = next((m for m in members if len(table[m]) == 1), members[0])
        piece, walked = 1, 1
        while piece < pieces:
            labels[current] = base + piece
            visited[current] = 1
            for step in table[current]:  # the first unvisited neighbour in scan order
                if not visited[step]:
                    break
            else:  # unreachable on paths and loops; guards against an endless walk
                break
            if walked < piece_length:
                walked += 1
            else:
                walked, piece = 1, piece + 1
            current = step
        largest = max(largest, base + pieces - 1)
    return np.array(labels, np.int64)


def _component_neighbours(index: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                          component: np.ndarray, neighbours: np.ndarray) -> list[list[int]]:
    """Per listed pixel, the list positions of its neighbours in the same labelled
    component (none for an unlabelled pixel), in the order of ``neighbours``."""
    height, width = index.shape
    found = np.full((rows.shape[0], neighbours.shape[0]), -1, np.int64)
    for d, (di, dj) in enumerate(neighbours.tolist()):
        y, x = rows + di, cols + dj
        inside = np.flatnonzero((y >= 0) & (y < height) & (x >= 0) & (x < width))
        position = index[y[inside], x[inside]].astype(np.int64) - 1
        same = (position >= 0) & (component[inside] > 0)
        same[same] = component[position[same]] == component[inside[same]]
        found[inside[same], d] = position[same]
    return [[m for m in row if m >= 0] for row in found.tolist()]


def reattach_junctions(label_image: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> None:
    """`_segment_kernels.reattach_junctions`, its Python source (junctions are few)."""
    python_function(kernels.reattach_junctions)(label_image, rows, cols)
