"""A small per-stage memo for the evaluation pipeline.

Each stage keeps its few most recent results keyed by the parameter values it depends
on, so moving a slider back and forth re-uses earlier work. A result is stored only
once its computation has finished, so an evaluation stopped half-way leaves the cache
consistent. Execution counts per stage make "a t change recomputes only F1_t" testable.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")


class StageCache:
    """Least-recently-used results per stage name.

    Parameters
    ----------
    per_stage : int
        How many results each stage keeps (by distinct key).
    """

    def __init__(self, per_stage: int = 3) -> None:
        self._per_stage = per_stage
        self._entries: dict[str, OrderedDict[Hashable, Any]] = {}
        self._lock = threading.Lock()
        self.runs: Counter[str] = Counter()

    def fetch(self, stage: str, key: Hashable, compute: Callable[[], T]) -> T:
        """The stored result of ``stage`` for ``key``, computing and storing it when missing."""
        with self._lock:
            entries = self._entries.setdefault(stage, OrderedDict())
            if key in entries:
                entries.move_to_end(key)
                return entries[key]
        value = compute()
        with self._lock:
            self.runs[stage] += 1
            entries[key] = value
            while len(entries) > self._per_stage:
                entries.popitem(last=False)
        return value
