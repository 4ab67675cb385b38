"""Render ``docs/figures/dataset_browser.png``: the case browser on a synthetic dataset.

Eight DRIVE-like synthetic cases (`tests.demo_dataset`, 292x282) with three methods;
the browser orders them worst first by Dice of method ``good`` and plots Dice per
method and ``good`` against ``thick``.

Usage: ``PYTHONPATH=. QT_QPA_PLATFORM=offscreen python docs/make_browser_figure.py
[--out docs/figures]``
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from tests.demo_dataset import write_demo_drive
from vesselview.gui.app import configure_qt
from vesselview.gui.inspector.window import MainWindow

CASES, SHAPE = 8, (292, 282)


def settle(milliseconds: int = 300) -> None:
    """Let layouts and repaints finish before a grab."""
    loop = QEventLoop()
    QTimer.singleShot(milliseconds, loop.quit)
    loop.exec()


def main(argv: Sequence[str] | None = None) -> int:
    """Open the dataset, wait for every value, order worst first, grab the browser."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/figures"))
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    configure_qt()
    window = MainWindow()
    browser_window = window.dataset_browser
    browser = browser_window.browser
    with tempfile.TemporaryDirectory() as folder:
        root, predictions = write_demo_drive(Path(folder), cases=CASES, shape=SHAPE)
        loop = QEventLoop()
        browser.finished.connect(loop.quit)
        browser.open(root, {name: str(path) for name, path in predictions.items()})
        if browser.channel.busy:
            loop.exec()
        browser_window.metric_choice.setCurrentIndex(browser.metrics.index("dice"))
        browser.worst_first("dice")
        browser.pick(browser.rows[0])
        browser_window.setParent(None)  # out of its dock: rendered alone at the figure's size
        browser_window.resize(1280, 720)
        settle()
        window.scheduler.wait_idle()
        settle()
        args.out.mkdir(parents=True, exist_ok=True)
        target = args.out / "dataset_browser.png"
        browser_window.grab().save(str(target))
        print(target)
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
