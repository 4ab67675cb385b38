"""Yes/no arguments of the public API: a bool, never a value that merely looks true.

``invert_candidate="no"`` is a non-empty string, so ``if invert_candidate:`` would
invert; every bool argument is checked here instead, once, at the API's boundary.
Numpy-free (`vesselview.engine.params` uses it on the command line's fast path).
"""

from __future__ import annotations

from typing import Any


def is_flag(value: Any) -> bool:
    """True for a ``bool``, a ``numpy.bool_`` or a 0-d boolean array.

    Examples
    --------
    >>> import numpy as np
    >>> is_flag(True), is_flag(np.False_), is_flag("no"), is_flag(1), is_flag(np.ones(2, bool))
    (True, True, False, False, False)
    """
    if isinstance(value, bool):
        return True
    dtype = getattr(value, "dtype", None)
    return getattr(dtype, "kind", None) == "b" and getattr(value, "shape", None) == ()


def checked_flag(name: str, value: Any) -> bool:
    """``value`` as a bool, when it is one (`is_flag`).

    Parameters
    ----------
    name : str
        The argument's name, for the message.
    value : object
        What the caller gave.

    Returns
    -------
    bool

    Raises
    ------
    TypeError
        For anything else (``"no"``, ``0``, ``None``, an array), naming the argument
        and the value.

    Examples
    --------
    >>> checked_flag("invert_candidate", "no")
    Traceback (most recent call last):
    ...
    TypeError: invert_candidate must be True or False, got 'no' (str)
    """
    if is_flag(value):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {value!r} ({type(value).__name__})")
