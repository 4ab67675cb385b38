"""Guo–Hall thinning in one downward sweep: every subiteration a few rows behind the last.

`vesselview.engine.thinning` thins subiteration by subiteration over the whole image.
A vessel r pixels wide needs about 2r subiterations, and each one visits the vessels'
edges all over the image: once the image no longer fits in the cache (above about
2048²) every visit misses it, and the time per pixel grew 1.3-1.7 times from 2048² to
6000² (issue 28). Here subiteration k decides row ``s - 2(k - 1)`` at step s, so all of them
work within a band of about 2K rows that moves down the image once (time skewing).

Why this gives the same deletions: the decision of subiteration k at a pixel reads its
3x3 neighbourhood as subiteration k - 1 left it. At step s, levels run in increasing
order and level k first decides row r, then applies its own deletions of row r - 1
(kept pending until row r was decided, which reads row r - 1). When level k decides row
r, level k - 1 has, in the same step, decided row r + 2 and applied row r + 1, and it
applied rows r and r - 1 at earlier steps; level k has applied rows up to r - 2 only.
So rows r - 1 .. r + 1 are exactly as subiteration k - 1 left them.

Subiteration k looks at the pixels next to a deletion of subiteration k - 1 or k - 2 (at
every foreground pixel in the first two), as the whole-image kernel did: each level
keeps its deletions of its last `RING` rows, which its two successors read a few rows
behind it. A level starts with the first deletion of one of its two predecessors: the
rows it skipped had nothing to look at.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.kernels_cache import kernel

#: Bits of a pixel's state byte (the image itself: its bytes are 0 and 1 between rows).
FOREGROUND = np.uint8(1)
LOOK = np.uint8(2)  # listed to be looked at in this subiteration (and row)
#: Rows of deletions each level keeps: its successors read at most 5 rows behind it.
RING = 8
#: Levels (subiterations) the sweep first keeps deletions for, doubled when more are
#: needed: a deletion list of `RING` rows of int32 columns each is 8·4·W bytes of address
#: space per level, of which a level touches a page or two per row of its list.
FIRST_LEVELS = 64


@kernel()
def _code(state: np.ndarray, i: int, j: int) -> int:
    """Neighbourhood code of (i, j) in ``state``; outside the image counts as background."""
    h, w = state.shape
    code = 0
    weights = ((0, 1, 1), (-1, 1, 2), (-1, 0, 4), (-1, -1, 8),
               (0, -1, 16), (1, -1, 32), (1, 0, 64), (1, 1, 128))
    for di, dj, weight in weights:
        y = i + di
        x = j + dj
        if 0 <= y < h and 0 <= x < w and state[y, x] & FOREGROUND:
            code += weight
    return code


@kernel()
def _row_candidates(state: np.ndarray, deleted: np.ndarray, counts: np.ndarray, level: int,
                    row: int, candidates: np.ndarray) -> int:
    """Columns of ``row`` to look at in subiteration ``level``; returns how many.

    Every foreground pixel in the first two subiterations; later, the foreground pixels
    next to a deletion of the two previous subiterations (each once, `LOOK` marked).
    """
    height, width = state.shape
    count = 0
    if level <= 2:
        for col in range(width):
            if state[row, col] & FOREGROUND:
                candidates[count] = col
                count += 1
        return count
    for earlier in (level - 1, level - 2):
        for near in range(max(row - 1, 0), min(row + 2, height)):
            slot = near % RING
            for t in range(counts[earlier, slot]):
                col = deleted[earlier, slot, t]
                for x in range(max(col - 1, 0), min(col + 2, width)):
                    if state[row, x] & (FOREGROUND | LOOK) == FOREGROUND:
                        state[row, x] |= LOOK
                        candidates[count] = x
                        count += 1
    for t in range(count):
        state[row, candidates[t]] &= ~LOOK
    return count


@kernel()
def _decide_row(state: np.ndarray, deleted: np.ndarray, counts: np.ndarray, level: int,
                row: int, lut: np.ndarray, candidates: np.ndarray) -> int:
    """Subiteration ``level``'s deletions in ``row``, kept pending; returns how many."""
    found = _row_candidates(state, deleted, counts, level, row, candidates)
    slot = row % RING
    count = 0
    for t in range(found):
        col = candidates[t]
        if lut[_code(state, row, col)]:
            deleted[level, slot, count] = col
            count += 1
    counts[level, slot] = count
    return count


@kernel()
def _more_levels(deleted: np.ndarray, counts: np.ndarray) -> tuple:
    """Room for twice the levels, each level's kept deletions copied (nothing else)."""
    levels = 2 * (deleted.shape[0] - 1) + 1
    grown = np.empty((levels, RING, deleted.shape[2]), np.int32)
    grown_counts = np.zeros((levels, RING), np.int32)
    for level in range(deleted.shape[0]):
        for slot in range(RING):
            grown_counts[level, slot] = counts[level, slot]
            grown[level, slot, :counts[level, slot]] = deleted[level, slot, :counts[level, slot]]
    return grown, grown_counts


@kernel()
def thin_sweep(img: np.ndarray, lut_first: np.ndarray, lut_second: np.ndarray,
               first_levels: int) -> None:
    """Thin ``img`` (C-contiguous, bytes 0 and 1) in place, in one downward sweep.

    Room is made for ``first_levels`` levels (`FIRST_LEVELS`; at least the two that start
    at once: with room for one, level 2 wrote past the arrays), doubled when needed.
    """
    state = img.view(np.uint8)
    height, width = state.shape
    levels = max(first_levels, 2) + 1  # level 0 unused
    deleted = np.empty((levels, RING, width), np.int32)
    counts = np.zeros((levels, RING), np.int32)
    candidates = np.empty(width, np.int32)
    top = 2  # the highest level started
    step = 0
    while step - 2 * (top - 1) <= height:
        level = 1
        while level <= top:
            row = step - 2 * (level - 1)
            if row < 0:
                break  # this level and the ones above have not reached the image yet
            if row < height:
                lut = lut_first if level % 2 == 1 else lut_second
                if _decide_row(state, deleted, counts, level, row, lut, candidates) > 0 \
                        and top < level + 2:
                    top = level + 2
                    if top >= deleted.shape[0]:
                        deleted, counts = _more_levels(deleted, counts)
            if 0 < row <= height:
                slot = (row - 1) % RING
                for t in range(counts[level, slot]):
                    state[row - 1, deleted[level, slot, t]] &= ~FOREGROUND
            level += 1
        step += 1
