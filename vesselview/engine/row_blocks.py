"""Row blocks with a halo: whole-image local operations in cache-sized pieces.

A whole-image operation made of numpy steps allocates a full-size temporary per step.
Above a few Mpx those temporaries no longer fit in the cache and each one is a fresh
allocation the kernel must zero page by page, so the time per pixel grows with the
image (issue 28: the CAL and contour overlaps grew with an exponent of 1.2–1.6 from
2048² to 10000²). Done on blocks of rows, the same steps touch small temporaries that
stay in the cache and come back from the allocator each block.

A block's result is exact for an operation whose output at a pixel reads only input
pixels within ``halo`` rows of it (a dilation by a disc of radius r has a halo of
floor(r)): each block is computed on its rows plus ``halo`` rows either side (fewer at
the image's edges, where the operation sees its own border rule), and only its own rows
are kept.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

#: Pixels per block: each temporary of a block (one byte per pixel) fits in the L2 cache.
BLOCK_PIXELS = 1 << 18


@dataclasses.dataclass(frozen=True)
class RowBlock:
    """One block of rows and the rows its halo adds.

    Attributes
    ----------
    start, stop : int
        The block's own rows ``[start, stop)``.
    lo, hi : int
        The rows read ``[lo, hi)``: the block's rows and up to ``halo`` either side.
    """

    start: int
    stop: int
    lo: int
    hi: int

    @property
    def own(self) -> slice:
        """The block's own rows within the rows read (``[lo, hi)``)."""
        return slice(self.start - self.lo, self.stop - self.lo)


def row_blocks(height: int, width: int, halo: int) -> Iterator[RowBlock]:
    """Blocks of whole rows that cover ``height`` rows once, in order.

    Parameters
    ----------
    height, width : int
        The image's shape (pixels).
    halo : int
        Rows each block reads beyond its own on either side (>= 0).

    A block's own rows hold about `BLOCK_PIXELS` pixels, and at least 4·halo rows (so
    that the halo adds at most half the work) and one row.
    """
    rows = max(-(-BLOCK_PIXELS // max(width, 1)), 4 * halo, 1)
    for start in range(0, height, rows):
        stop = min(start + rows, height)
        yield RowBlock(start, stop, max(start - halo, 0), min(stop + halo, height))
