"""A one-item mailbox between two threads in which the newest item wins.

The live-evaluation worker (`vesselview.gui.worker`) and the research tools' job
threads (`vesselview.gui.jobs`) each hand work from the main thread to one background
thread this way: the main thread puts an item, replacing any item still waiting; the
background thread takes the next one, blocking while the slot is empty; closing the
slot ends the background loop. Qt-free, so it is tested with plain threads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

Item = TypeVar("Item")


class LatestSlot(Generic[Item]):
    """Holds at most one pending item; a newer `put` replaces the one waiting.

    One thread (the producer) calls `put`, `drop_if` and `close`; one other thread (the
    consumer) loops on `take` until it returns None, and polls `superseded` while it works
    on an item to learn that a newer one waits.
    """

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._pending: Item | None = None
        self._closed = False

    @property
    def closed(self) -> bool:
        """True once `close` was called (never reset)."""
        return self._closed

    def put(self, item: Item) -> None:
        """Make ``item`` the next one `take` returns, dropping any item still waiting."""
        with self._condition:
            self._pending = item
            self._condition.notify()

    def drop_if(self, predicate: Callable[[Item], bool]) -> None:
        """Drop the waiting item when ``predicate(item)`` is True (nothing waits: no-op)."""
        with self._condition:
            if self._pending is not None and predicate(self._pending):
                self._pending = None

    def close(self) -> None:
        """Drop the waiting item and make every later `take` return None at once."""
        with self._condition:
            self._closed = True
            self._pending = None
            self._condition.notify()

    def take(self) -> Item | None:
        """Block until an item waits (remove and return it) or the slot is closed (None)."""
        with self._condition:
            while self._pending is None and not self._closed:
                self._condition.wait()
            if self._closed:
                return None
            item, self._pending = self._pending, None
            return item

    def superseded(self) -> bool:
        """True when a newer item waits or the slot is closed: the current work is stale.

        Reads without the lock (a poll between stages of long work; a stale answer only
        delays the stop to the next poll).
        """
        return self._closed or self._pending is not None
