"""The order grading items are presented in: sorted, or shuffled by a seed when blinded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import numpy as np

Item = TypeVar("Item")


def presentation_order(items: Sequence[Item], *, seed: int | None) -> tuple[Item, ...]:
    """``items`` sorted, then shuffled by ``seed`` (None: not shuffled).

    The shuffle is a permutation from ``numpy.random.default_rng(seed)`` of the sorted
    items, so the order depends only on the set of items and the seed: the same study
    opened again, or by another grader with the same seed, shows the same order.
    """
    ordered = sorted(items)  # type: ignore[type-var]
    if seed is None:
        return tuple(ordered)
    permutation = np.random.default_rng(seed).permutation(len(ordered))
    return tuple(ordered[index] for index in permutation)
