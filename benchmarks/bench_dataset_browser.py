"""Case browser benchmark (issue 13, item 4): all metrics of a dataset in the window vs
the same work through the API in one process, and the window's responsiveness.

A DRIVE-like dataset of ``--cases`` synthetic cases at 584x565 with three methods
(`tests.demo_dataset`) is written to a temporary folder. Timed:

- API: ``evaluate(case.load(method), Params())`` for every case and method, in one
  process (no per-case start-up cost), after a warm-up evaluation (numba compiled);
- browser: `DatasetBrowser.open` in an inspector window with every metric as a column,
  until the background run finishes (the inspector also shows and evaluates the first
  case, with its layers, as a user sees it); meanwhile a 10 ms `QTimer` records the
  longest gap between two of its ticks (the event loop's longest stall);
- re-opening the same dataset (every value from the cache).

Target: browser <= 2x API; the window stays responsive (longest gap printed).

Usage: ``PYTHONPATH=. python benchmarks/bench_dataset_browser.py [--cases 20]``
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # a benchmark needs no display

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from tests.demo_dataset import write_demo_drive
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.engine.families import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.gui.app import configure_qt
from vesselview.gui.dataset import DatasetBrowserWindow
from vesselview.gui.inspector.window import MainWindow
from vesselview.io.dataset import open_dataset

SHAPE = (584, 565)
TICK_MS = 10
TARGET_RATIO = 2.0


def api_seconds(root: Path, predictions: dict[str, Path]) -> float:
    """Every case x method through ``evaluate`` in this process."""
    dataset = open_dataset(root, predictions)
    start = time.perf_counter()
    for case in dataset.cases:
        for method in case.candidates:
            evaluate(case.load(method), Params())
    return time.perf_counter() - start


class GapMeter:
    """The longest interval between two ticks of a 10 ms timer (event-loop stalls)."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._last = time.perf_counter()
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self._last)
        self._last = now

    def start(self) -> None:
        self._last = time.perf_counter()
        self.timer.start()


def browser_seconds(window: MainWindow, browser: DatasetBrowser, root: Path,
                    predictions: dict[str, Path]) -> tuple[float, float]:
    """Open the dataset in the browser and run the event loop until every value is in.

    Returns ``(seconds, longest event-loop gap in seconds)``.
    """
    loop = QEventLoop()
    browser.finished.connect(loop.quit)
    meter = GapMeter()
    meter.start()
    start = time.perf_counter()
    browser.open(root, {name: str(path) for name, path in predictions.items()})
    if browser.channel.busy:
        loop.exec()
    seconds = time.perf_counter() - start
    meter.timer.stop()
    browser.finished.disconnect(loop.quit)
    return seconds, meter.longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    configure_qt()
    with tempfile.TemporaryDirectory() as folder:
        root, predictions = write_demo_drive(Path(folder), cases=args.cases, shape=SHAPE)
        warm = open_dataset(root, predictions).cases[0]
        evaluate(warm.load("good"), Params())  # numba compiled before any timing
        api = api_seconds(root, predictions)
        window = MainWindow()
        window.resize(1200, 800)
        window.show()
        browser = DatasetBrowser(window.model, METRIC_KEYS)
        browser_window = DatasetBrowserWindow(browser)
        browser_window.show()
        seconds, gap = browser_seconds(window, browser, root, predictions)
        evaluations = browser.evaluations
        cached, cached_gap = browser_seconds(window, browser, root, predictions)
        window.scheduler.wait_idle()
        app.processEvents()
        count = args.cases * 3
        print(f"dataset browser, {args.cases} cases x 3 methods at {SHAPE[0]}x{SHAPE[1]}, "
              f"all {len(METRIC_KEYS)} metrics ({count} evaluations)")
        print(f"  API, one process            {api:8.2f} s  ({api / count * 1000:.0f} ms each)")
        ratio = seconds / api
        verdict = "ok" if ratio <= TARGET_RATIO else "MISSED"
        print(f"  browser (window)            {seconds:8.2f} s  {ratio:.2f}x API "
              f"(target <= {TARGET_RATIO:g}x: {verdict}); {evaluations} evaluations")
        print(f"  longest event-loop gap      {gap * 1000:8.1f} ms (10 ms timer)")
        print(f"  re-open (cache)             {cached:8.3f} s, "
              f"{browser.evaluations - evaluations} evaluations, gap {cached_gap * 1000:.1f} ms")
        window.close()


if __name__ == "__main__":
    main()
