"""Python's cyclic garbage collector runs in the GUI thread only.

Qt objects caught in reference cycles (pyqtgraph's view boxes and their menus, closed
windows) are destroyed by whichever thread the collector happens to run in. When that
is the scheduler's worker thread, destroying them there can deadlock Qt (seen once in
the test suite, in ``QObject::~QObject`` under the collector). pyqtgraph's
`GarbageCollector` is the library's answer: it turns automatic collection off and
collects, generation by generation as the thresholds say, from a timer in the GUI
thread.
"""

from __future__ import annotations

import gc

from pyqtgraph.util.garbage_collector import GarbageCollector

#: How often the GUI thread checks whether to collect (seconds).
INTERVAL_S = 1.0

_collector: list[GarbageCollector] = []


def collect_in_gui_thread() -> None:
    """Collect cyclic garbage only from a timer in the calling (GUI) thread, from now on.

    Needs a ``QApplication``; calling it again does nothing.
    """
    if not _collector:
        _collector.append(GarbageCollector(interval=INTERVAL_S))


def collect_anywhere() -> None:
    """Undo `collect_in_gui_thread`: automatic collection again, after a full one now."""
    if _collector:
        _collector.pop().timer.stop()
    gc.enable()
    gc.collect()
