"""Canonical masks: bool arrays whose bytes are exactly 0 and 1, in C order, owned.

numpy reads any non-zero byte of a bool array as True, but code that looks at the bytes
does not: ``view(np.uint8)``, ``astype(np.uint8)`` and a plain copy keep a True byte of
255 (which Pillow gives for mode-'1' images) or 2 (``np.frombuffer(data, bool)`` keeps
whatever the buffer holds). `Case` keeps only canonical masks (`canonical_mask`), and
each kernel's public entry that looks at bytes makes its own canonical copy, so no
number depends on how the caller's array was stored.

`held_copy` makes the read-only copy a `Case` (or its `LabelMap`) holds of any array, and
shares, uncopied, an array that another of them made; `readonly` gives the read-only view
the engine's stages and caches hand out of the arrays they made.
"""

from __future__ import annotations

import weakref

import numpy as np

#: The read-only canonical arrays `held_copy` made, by id: a Case built from another's
#: arrays (`dataclasses.replace`, candidates sharing one reference) shares them, uncopied.
_MADE: weakref.WeakValueDictionary[int, np.ndarray] = weakref.WeakValueDictionary()


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



def held_copy(array: np.ndarray, dtype: type | None = None) -> np.ndarray:
    """A read-only, C-contiguous copy of a validated array that owns its memory.

    Parameters
    ----------
    array : ndarray
        Already validated by its holder.
    dtype : numpy dtype, optional
        ``np.bool_`` stores a mask canonically (`canonical_mask`); another dtype
        converts to it (e.g. float32 for a probability map); None keeps the dtype.

    Returns
    -------
    ndarray
        ``array`` itself when `held_copy` made it (it is already all that, so it is
        shared), else the new copy, remembered as made here.
    """
    if _MADE.get(id(array)) is array:
        return array
    bool_mask = dtype is np.bool_
    own = canonical_mask(array) if bool_mask else np.array(array, dtype=dtype, order="C")
    own.setflags(write=False)
    _MADE[id(own)] = own
    return own


def readonly(array: np.ndarray) -> np.ndarray:
    """A read-only, C-contiguous view of ``array`` (the caller's array stays writeable)."""
    view = np.ascontiguousarray(array).view()
    view.setflags(write=False)
    return view
