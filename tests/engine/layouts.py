"""Non-canonical storage of the same values: the arrays real callers and readers hand over.

`stored_forms` draws an array equal in value to a given one but stored another way:
bool bytes other than 1 for True (255 as Pillow gives mode-'1' images, or any non-zero
byte, made with ``np.frombuffer`` over a uint8 buffer, read-only or writable), a view
into a larger array, a strided slice, negative strides (``a[::-1]``), Fortran order, or
several of these at once. `assert_same_array` compares values, dtype and, for bool, the
bytes themselves (so a non-canonical result cannot pass as equal).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from hypothesis import strategies as st

Form = Callable[[np.ndarray], np.ndarray]


def _odd_bytes(true_byte: int, writable: bool) -> Form:
    """Bool arrays whose True bytes are ``true_byte`` (only for bool input)."""

    def form(array: np.ndarray) -> np.ndarray:
        if array.dtype != np.bool_:
            return array
        data = np.where(array, np.uint8(true_byte), np.uint8(0)).tobytes()
        buffer = bytearray(data) if writable else data
        return np.frombuffer(buffer, dtype=np.bool_).reshape(array.shape)

    return form


def _view_inside(array: np.ndarray) -> np.ndarray:
    """A view of the values inside a larger array (with other values around them)."""
    larger = np.ones(tuple(side + 3 for side in array.shape), array.dtype)
    inside = tuple(slice(2, 2 + side) for side in array.shape)
    larger[inside] = array
    return larger[inside]


def _strided(array: np.ndarray) -> np.ndarray:
    """Every second element along each axis of an array holding the values there."""
    spread = np.ones(tuple(2 * side for side in array.shape), array.dtype)
    every_second = (slice(None, None, 2),) * array.ndim
    spread[every_second] = array
    return spread[every_second]


def _reversed(array: np.ndarray) -> np.ndarray:
    """Negative strides: the values read backwards from a flipped copy."""
    backwards = (slice(None, None, -1),) * array.ndim
    return np.ascontiguousarray(array[backwards])[backwards]


FORMS: dict[str, Form] = {
    "bytes_255": _odd_bytes(255, writable=False),
    "bytes_255_writable": _odd_bytes(255, writable=True),
    "bytes_2": _odd_bytes(2, writable=True),
    "bytes_128": _odd_bytes(128, writable=False),
    "view": _view_inside,
    "strided": _strided,
    "negative_strides": _reversed,
    "fortran": np.asfortranarray,
    "read_only": lambda array: _read_only(array.copy()),
}


def _read_only(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


@st.composite
def stored_forms(draw: st.DrawFn, array: np.ndarray) -> np.ndarray:
    """``array``'s values stored in one to three non-canonical ways at once."""
    names = draw(st.lists(st.sampled_from(sorted(FORMS)), min_size=1, max_size=3))
    for name in names:
        array = FORMS[name](array)
    return array


def assert_same_array(got: np.ndarray, expected: np.ndarray) -> None:
    """Equal dtype, shape and values; bool arrays also byte for byte (0/1 only)."""
    assert got.dtype == expected.dtype and got.shape == expected.shape
    if got.dtype == np.bool_:
        np.testing.assert_array_equal(got.view(np.uint8), expected.view(np.uint8))
        assert got.view(np.uint8).max(initial=0) <= 1
    else:
        np.testing.assert_array_equal(got, expected)


def snapshot(array: np.ndarray) -> tuple[bytes, dict[str, bool]]:
    """The bytes and flags of a caller's array, to check that nothing changed them."""
    flags = {name: bool(array.flags[name]) for name in ("WRITEABLE", "C_CONTIGUOUS",
                                                        "F_CONTIGUOUS", "OWNDATA")}
    return array.tobytes(order="A"), flags
