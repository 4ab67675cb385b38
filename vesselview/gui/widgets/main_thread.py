"""Marshal the scheduler's outcomes to the Qt main thread (a queued signal).

`vesselview.app.scheduler.Scheduler` hands every outcome callback to its ``deliver``
function; `MainThreadDelivery` posts it to the Qt event loop of the thread the object
lives in (the main thread), so model events and widget updates happen there only.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal, Slot

from vesselview.app.scheduler import Scheduler


class MainThreadDelivery(QObject):
    """A `Deliver` function that runs callbacks on this object's (main) thread."""

    _posted = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._posted.connect(self._run, Qt.ConnectionType.QueuedConnection)

    def __call__(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` soon on the main thread (callable from any thread)."""
        self._posted.emit(callback)

    @Slot(object)
    def _run(self, callback: Callable[[], None]) -> None:
        callback()


def qt_scheduler(parent: QObject | None = None) -> Scheduler:
    """A `Scheduler` whose outcomes arrive on the Qt main thread (call there)."""
    return Scheduler(deliver=MainThreadDelivery(parent))
