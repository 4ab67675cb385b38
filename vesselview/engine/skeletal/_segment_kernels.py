"""Compiled scan-order passes of reference segmentation (``docs/metrics.md`` §5 step 7).

Each pass is sequential by definition (a pixel's fate depends on the pixels visited
before it), so it is a numba loop over the skeleton's pixel list, never over the image.
Pixel lists are in column-major scan order; ``index`` images hold ``list position + 1``
(0 = not a listed pixel).
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.kernels_cache import kernel


@kernel()
def remove_junctions(image: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """Step 7a: delete, in scan order, every pixel whose current 3x3 sum is > 3.

    ``image`` (uint8 0/1, shape (H, W)) is updated in place; returns the junction flags.
    """
    h, w = image.shape
    junction = np.zeros(rows.shape[0], np.bool_)
    for k in range(rows.shape[0]):
        i, j = rows[k], cols[k]
        total = 0
        for y in range(max(i - 1, 0), min(i + 2, h)):
            for x in range(max(j - 1, 0), min(j + 2, w)):
                total += image[y, x]
        if total > 3:
            image[i, j] = 0
            junction[k] = True
    return junction


@kernel()
def _root(parent: np.ndarray, k: int) -> int:
    """Union-find root of ``k`` with path halving."""
    while parent[k] != k:
        parent[k] = parent[parent[k]]
        k = parent[k]
    return k


@kernel()
def label_components(index: np.ndarray, keep: np.ndarray, rows: np.ndarray,
                     cols: np.ndarray) -> np.ndarray:
    """8-connected components of the kept pixels, numbered in scan order of first pixel.

    Returns the label of every listed pixel (1..n for kept pixels, 0 otherwise).
    """
    h, w = index.shape
    n = rows.shape[0]
    parent = np.arange(n)
    for k in range(n):
        if not keep[k]:
            continue
        for di in range(-1, 2):
            for dj in range(-1, 2):
                y, x = rows[k] + di, cols[k] + dj
                if 0 <= y < h and 0 <= x < w and index[y, x] > 0 and keep[index[y, x] - 1]:
                    a, b = _root(parent, k), _root(parent, index[y, x] - 1)
                    if a != b:
                        parent[max(a, b)] = min(a, b)
    labels = np.zeros(n, np.int64)
    root_label = np.zeros(n, np.int64)
    count = 0
    for k in range(n):
        if keep[k]:
            r = _root(parent, k)
            if root_label[r] == 0:
                count += 1
                root_label[r] = count
            labels[k] = root_label[r]
    return labels


@kernel()
def _member(index: np.ndarray, component: np.ndarray, y: int, x: int, label: int) -> int:
    """List position of pixel (y, x) when it belongs to ``label``'s component, else -1."""
    h, w = index.shape
    if 0 <= y < h and 0 <= x < w and index[y, x] > 0 and component[index[y, x] - 1] == label:
        return index[y, x] - 1
    return -1


@kernel()
def _walk_start(index: np.ndarray, component: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                members: np.ndarray, label: int, neighbours: np.ndarray) -> int:
    """First member in scan order with exactly one neighbour in the component, else the first."""
    for m in members:
        count = 0
        for d in range(neighbours.shape[0]):
            if _member(index, component, rows[m] + neighbours[d, 0],
                       cols[m] + neighbours[d, 1], label) >= 0:
                count += 1
        if count == 1:
            return m
    return members[0]


@kernel()
def cut_long_components(index: np.ndarray, rows: np.ndarray, cols: np.ndarray,
                        component: np.ndarray, order: np.ndarray, starts: np.ndarray,
                        max_length: int, neighbours: np.ndarray) -> np.ndarray:
    """Step 7d: cut components longer than ``max_length`` by walking them.

    ``component`` holds labels 1..n (0 = unlabelled) per listed pixel; ``order[starts[k]:
    starts[k + 1]]`` lists component k's pixels in scan order (``starts`` has n + 2
    entries); ``neighbours`` are the 8 offsets in scan order. Returns the new label per
    pixel, reproducing the reference code: for n = floor(L / max_length) >= 2 and
    T = round(L / n), the first n - 1 runs of T walked pixels get labels base + 1, ...;
    ``base`` is the largest label outside component k (so when k is the largest label
    the first piece merges with the rest); the walk starts at the first end pixel in
    scan order (the first pixel for a closed loop) and steps to the first unvisited
    neighbour in scan order.
    """
    labels = component.copy()
    visited = np.zeros(rows.shape[0], np.bool_)
    count = starts.shape[0] - 2
    largest = count
    for k in range(1, count + 1):
        members = order[starts[k]:starts[k + 1]]
        length = members.shape[0]
        pieces = length // max_length
        if pieces < 2:  # 16..29 pixels (for max_length 15) are never cut
            continue
        base = k - 1 if largest == k else largest
        piece_length = (2 * length + pieces) // (2 * pieces)  # MATLAB round(L / n), L, n > 0
        current = _walk_start(index, component, rows, cols, members, k, neighbours)
        piece, walked = 1, 1
        while piece < pieces:
            labels[current] = base + piece
            visited[current] = True
            step = -1
            for d in range(neighbours.shape[0]):
                m = _member(index, component, rows[current] + neighbours[d, 0],
                            cols[current] + neighbours[d, 1], k)
                if m >= 0 and not visited[m]:
                    step = m
                    break
            if step < 0:  # unreachable on paths and loops; guards against an endless walk
                break
            if walked < piece_length:
                walked += 1
            else:
                walked = 1
                piece += 1
            current = step
        largest = max(largest, base + pieces - 1)
    return labels


@kernel()
def reattach_junctions(label_image: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> None:
    """Step 7e: in scan order, give each listed pixel the largest label in its 3x3 window.

    ``label_image`` (int32, shape (H, W)) is updated in place, so later pixels see the
    labels given to earlier ones.
    """
    h, w = label_image.shape
    for k in range(rows.shape[0]):
        i, j = rows[k], cols[k]
        best = 0
        for y in range(max(i - 1, 0), min(i + 2, h)):
            for x in range(max(j - 1, 0), min(j + 2, w)):
                best = max(best, label_image[y, x])
        label_image[i, j] = best
