"""The references of a case's observers, keyed by observer name.

A `Case` holds every observer's reference mask in a `References` mapping; the one its
metrics use (`Case.reference`, named by `Case.observer`) is in it too, under its name.
A case built from another's `References` (``dataclasses.replace(case, reference=...)``)
takes the new ``reference`` as the chosen observer's mask: `other_references` leaves out
the entry that only mirrored the old one.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from vesselview.engine.frozen_mapping import FrozenMapping

#: The observer whose reference a case holds when none is named.
FIRST_OBSERVER = "observer1"


class References(FrozenMapping[str, np.ndarray]):
    """Read-only observer name -> reference mask (bool (H, W)), by name.

    Attributes
    ----------
    chosen : str
        The observer whose mask is the case's `reference`.
    """

    def __init__(self, masks: Mapping[str, np.ndarray], chosen: str) -> None:
        super().__init__(dict(sorted(masks.items())))
        self.chosen = chosen

    def __repr__(self) -> str:
        return f"References({list(self)}, chosen={self.chosen!r})"


def other_references(given: Mapping[str, np.ndarray], observer: str) -> dict[str, np.ndarray]:
    """The masks ``given`` to a case besides its ``reference``.

    Every entry of ``given``, except, when ``given`` is the `References` of a case whose
    chosen observer is ``observer`` too, that observer's entry: it was that case's
    reference, which the new case's ``reference`` replaces. Any other entry named
    ``observer`` stays, for the case to check against its ``reference``.

    Examples
    --------
    >>> old = References({"observer1": np.ones(1, bool), "observer2": np.zeros(1, bool)},
    ...                  chosen="observer1")
    >>> list(other_references(old, "observer1")), list(other_references(old, "observer2"))
    (['observer2'], ['observer1', 'observer2'])
    """
    others = dict(given)
    if isinstance(given, References) and given.chosen == observer:
        others.pop(observer, None)  # a derived reference has no entry
    return others


def observer_number(name: str) -> int | None:
    """The number of an observer named ``observerN`` (N >= 1), else None.

    Examples
    --------
    >>> observer_number("observer2"), observer_number("majority"), observer_number("observer")
    (2, None, None)
    """
    digits = name.removeprefix("observer")
    if digits == name or not (digits.isascii() and digits.isdecimal()) or int(digits) < 1:
        return None
    return int(digits)
