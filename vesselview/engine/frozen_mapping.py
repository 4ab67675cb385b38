"""`FrozenMapping`: a read-only mapping that pickles (a ``MappingProxyType`` does not)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Generic, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")


class FrozenMapping(Mapping[Key, Value], Generic[Key, Value]):
    """A read-only copy of a mapping, in the given order; equal to any equal mapping.

    >>> classes = FrozenMapping({1: "artery", 2: "vein"})
    >>> classes[2], classes == {1: "artery", 2: "vein"}
    ('vein', True)
    """

    def __init__(self, items: Mapping[Key, Value]) -> None:
        self._items = dict(items)

    def __getitem__(self, key: Key) -> Value:
        return self._items[key]

    def __iter__(self) -> Iterator[Key]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._items!r})"
