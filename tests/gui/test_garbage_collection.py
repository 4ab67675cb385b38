"""Cyclic garbage is collected in the GUI thread only (never in the worker thread)."""

from __future__ import annotations

import gc
import threading

from vesselview.gui.garbage_collection import INTERVAL_S

CYCLES = 5_000  # well above the collector's first threshold (700 by default)


def test_cycles_made_in_a_worker_are_collected_by_the_gui_thread(qtbot):
    collected_in: list[str] = []

    class Cycle:
        def __init__(self) -> None:
            self.itself = self

        def __del__(self) -> None:
            collected_in.append(threading.current_thread().name)

    def make_garbage() -> None:
        for _ in range(CYCLES):
            Cycle()

    assert not gc.isenabled()  # the GUI tests run as the application does
    worker = threading.Thread(target=make_garbage, name="worker")
    worker.start()
    worker.join()
    assert collected_in == []
    qtbot.waitUntil(lambda: len(collected_in) == CYCLES, timeout=int(10_000 * INTERVAL_S))
    assert set(collected_in) == {threading.main_thread().name}
