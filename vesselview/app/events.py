"""A tiny observable: named events with plain-Python callbacks (no Qt).

The application model (`vesselview.app.inspector`) announces every change through
`Event` objects; widgets, tests and scripts connect callbacks to them. A bound method
is held weakly, so a widget that goes away is dropped instead of being called after its
Qt object died; plain functions and lambdas are held strongly.
"""

from __future__ import annotations

import inspect
import weakref
from collections.abc import Callable
from typing import Any

Callback = Callable[..., Any]


class Event:
    """Callbacks called in connection order with the arguments of `emit`.

    Parameters
    ----------
    name : str
        What the event announces (used in ``repr`` and error messages).

    Examples
    --------
    >>> changed = Event("changed")
    >>> seen = []
    >>> changed.connect(seen.append)
    >>> changed.emit(3)
    >>> seen
    [3]
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._callbacks: list[Callable[[], Callback | None]] = []

    def __repr__(self) -> str:
        return f"Event({self.name!r}, {len(self._callbacks)} callbacks)"

    def connect(self, callback: Callback) -> None:
        """Call ``callback(*args)`` on every `emit` (bound methods are held weakly)."""
        if inspect.ismethod(callback):
            self._callbacks.append(weakref.WeakMethod(callback))
        else:
            self._callbacks.append(lambda: callback)

    def disconnect(self, callback: Callback) -> None:
        """Stop calling ``callback`` (not connected: ValueError)."""
        for index, reference in enumerate(self._callbacks):
            if reference() == callback:
                del self._callbacks[index]
                return
        raise ValueError(f"{callback!r} is not connected to {self.name}")

    def emit(self, *args: Any) -> None:
        """Call every live callback with ``args``; forget the ones whose owner is gone."""
        for reference in list(self._callbacks):
            callback = reference()
            if callback is not None:
                callback(*args)
        self._callbacks = [r for r in self._callbacks if r() is not None]
