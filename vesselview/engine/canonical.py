"""Canonical masks: bool arrays whose bytes are exactly 0 and 1, in C order, owned.

numpy reads any non-zero byte of a bool array as True, but code that looks at the bytes
does not: ``view(np.uint8)``, ``astype(np.uint8)`` and a plain copy keep a True byte of
255 (which Pillow gives for mode-'1' images) or 2 (``np.frombuffer(data, bool)`` keeps
whatever the buffer holds). `Case` keeps only canonical masks (`canonical_mask`), and
each kernel's public entry that looks at bytes makes its own canonical copy, so no
number depends on how the caller's array was stored.
"""

from __future__ import annotations

import numpy as np


def canonical_mask(array: np.ndarray) -> np.ndarray:
    """A new mask that is True where ``array`` is non-zero, stored canonically.

    Parameters
    ----------
    array : ndarray, shape (H, W)
        bool (any byte values, any strides or memory order) or numbers.

    Returns
    -------
    ndarray of bool, shape (H, W)
        C-contiguous, owning its memory, writable, bytes exactly 0 and 1. The input is
        never modified.
    """
    values = np.asarray(array)
    if values.dtype == np.bool_:
        values = values.view(np.uint8)  # compare the bytes themselves: 255 and 2 are True
    return np.not_equal(values, 0, order="C")

