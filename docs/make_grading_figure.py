"""Render ``docs/figures/grading.png``: the grading window in the middle of a study.

Three synthetic demo cases (`vesselview.synth`, nothing downloaded) with two methods
each; the first item scored 6 with a note, a "missed vessel" brush stroke along the
longest vessel the candidate misses and an "ignore" polygon around the optic disc,
drawn through the window's own marking tools; the metrics shown are those without the
ignored region (their Δ column: the change the region made).

Usage: ``QT_QPA_PLATFORM=offscreen python docs/make_grading_figure.py [--out docs/figures]``
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import cv2
import numpy as np
from PySide6.QtCore import QEventLoop, QPointF, QTimer
from PySide6.QtWidgets import QApplication

from vesselview.app.grading import GradingSession
from vesselview.app.grading_cases import GradingCases
from vesselview.engine.case import Case
from vesselview.gui.app import configure_qt
from vesselview.gui.grading.marking import Tool
from vesselview.gui.grading.window import GradingWindow
from vesselview.io.grading_files import ItemKey
from vesselview.synth import demo_case

WINDOW_SIZE = (1500, 900)
TIMEOUT_MS = 120_000
STROKE_POINTS = 16
DISC_HALF_SIZE = 38  # pixels: the ignore square around the optic disc


def missed_vessel_stroke(case: Case) -> list[tuple[float, float]]:
    """Points (x, y) along the longest stretch of vessel the candidate misses.

    The largest connected group of reference-only pixels, walked along its main axis.
    """
    missed = (case.reference & ~case.candidate & case.fov).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(missed, connectivity=8)
    largest = 1 + int(np.argmax(stats[1:count, cv2.CC_STAT_AREA]))
    rows, cols = np.nonzero(labels == largest)
    points = np.column_stack([cols, rows]).astype(float)
    centre = points.mean(axis=0)
    axis = np.linalg.svd(points - centre, full_matrices=False)[2][0]
    along = (points - centre) @ axis
    steps = np.linspace(along.min(), along.max(), STROKE_POINTS)
    return [tuple(centre + step * axis) for step in steps]


def disc_square(case: Case) -> list[tuple[float, float]]:
    """Corners (x, y) of a square around the optic disc (the brightest blurred spot)."""
    grey = cv2.GaussianBlur(case.fundus.mean(axis=2).astype(np.float32), (0, 0), 15)
    row, col = np.unravel_index(int(np.argmax(grey)), grey.shape)
    half = DISC_HALF_SIZE
    return [(col - half, row - half), (col + half, row - half), (col + half, row + half),
            (col - half, row + half)]


def run_until(signal, milliseconds: int = TIMEOUT_MS) -> None:
    """Run the event loop until ``signal`` fires (or the time is up)."""
    loop = QEventLoop()
    signal.connect(loop.quit)
    QTimer.singleShot(milliseconds, loop.quit)
    loop.exec()
    signal.disconnect(loop.quit)


def grading_figure(out: Path, folder: Path) -> Path:
    """Draw a study's first item, graded and marked, and save it as ``grading.png``."""
    cases = {ItemKey(f"{case:02d}", method): demo_case(seed=10 * case + index)
             for case in (1, 2, 3) for index, method in enumerate(("otsu", "unet"))}
    session = GradingSession(folder / "alice.json", cases, grader="alice")
    window = GradingWindow(session, GradingCases.from_cases(cases))
    window.resize(*WINDOW_SIZE)
    window.show()
    run_until(window.metrics_shown)  # the case is read, then evaluated
    window.score(6)
    window.panel.notes.setPlainText("Misses a thin vessel (marked). Optic disc left out "
                                    "of the metrics: the reference is unsure there.")
    window.panel.brush.setValue(7)
    window.panel.show_label("missed_vessel")
    window.editor.label, window.editor.tool = "missed_vessel", Tool.BRUSH
    stroke = missed_vessel_stroke(window.case)
    for index, (x, y) in enumerate(stroke):
        window.editor.stroke_to(QPointF(x, y), finished=index == len(stroke) - 1)
    window.panel.show_label("ignore")
    window.editor.label, window.editor.tool = "ignore", Tool.POLYGON
    for x, y in disc_square(window.case):
        window.editor.add_vertex(QPointF(x, y))
    window.editor.close_polygon()
    window.panel.show_tool(Tool.POLYGON)
    if window.metrics is not None and window.metrics.busy:
        run_until(window.metrics_shown)
    QApplication.processEvents()
    path = out / "grading.png"
    window.grab().save(str(path))
    window.close()
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """Write the figure into ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/figures", type=Path)
    arguments = parser.parse_args(argv)
    application = QApplication.instance() or QApplication(sys.argv[:1])
    configure_qt()
    arguments.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        print(grading_figure(arguments.out, Path(folder)))
    del application
    return 0


if __name__ == "__main__":
    sys.exit(main())
