"""GUI latency benchmark (issue 5): slider change -> result applied -> view repainted.

For each parameter, a slider is set to a value the pipeline cache has not seen, the
event loop runs until the window has applied the result, and the image view is
repainted synchronously; the wall time of all of that is one sample. Before each
sample the event loop idles past the slider throttle's interval, so a sample is one
isolated move (during a drag the throttle adds up to ``THROTTLE_MS`` on purpose).
Also measured: a cosmetic change (opacity, a lookup-table swap) and its repaint.
Prints medians.
Target (issue 5): slider-to-repaint <= 100 ms at 584x565.

Usage: ``QT_QPA_PLATFORM=offscreen python benchmarks/bench_gui_latency.py
[--repeats N] [--shapes 584x565,3504x3390]``
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # a benchmark needs no display

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from vesselview.app.files import CaseFiles
from vesselview.gui.app import WINDOW_SIZE, configure_qt
from vesselview.gui.inspector.window import THROTTLE_MS, MainWindow
from vesselview.synth import demo_case

TARGET_SECONDS = 0.100  # at 584x565
#: Slider -> values cycled through (more than the cache's 3 results per stage, so every
#: sample recomputes what that parameter drives).
SLIDERS: dict[str, list] = {
    "t": [3, 4, 5, 6, 7],
    "cal_alpha": [3, 4, 5, 6, 7],
    "cal_beta": [3, 4, 5, 6, 7],
    "ss_alpha": [0.3, 0.4, 0.5, 0.6, 0.7],
    "ss_R": [1, 3, 4, 5, 6],
    "ss_min_length": [5, 6, 7, 8, 9],
    "ss_max_length": [16, 17, 18, 19, 20],
    "tversky_alpha": [0.3, 0.4, 0.6, 0.7, 0.8],
    "tversky_beta": [0.3, 0.4, 0.6, 0.7, 0.8],
    "threshold": [0.4, 0.45, 0.55, 0.6, 0.65],
    "contour_gamma": [1, 2, 3, 4, 5],
    "fom_k": [0.2, 0.3, 0.4, 0.5, 0.6],
    "baddeley_p": [1.0, 3.0, 4.0, 5.0, 6.0],
    "baddeley_c": [3.0, 4.0, 6.0, 7.0, 8.0],
    "nsd_tau": [1.0, 3.0, 4.0, 5.0, 6.0],
    "thin_width": [2.0, 4.0, 5.0, 6.0, 7.0],
}


def wait_for_result(window: MainWindow) -> None:
    """Run the event loop until the window has applied its next result."""
    loop = QEventLoop()
    window.result_applied.connect(loop.quit)
    loop.exec()
    window.result_applied.disconnect(loop.quit)


def repaint(window: MainWindow) -> None:
    """Paint the image view now (renders every visible layer's image)."""
    window.view.canvas.viewport().repaint()


def idle(milliseconds: int) -> None:
    """Run the event loop for ``milliseconds`` (lets pending timers fire)."""
    loop = QEventLoop()
    QTimer.singleShot(milliseconds, loop.quit)
    loop.exec()


def slider_latency(window: MainWindow, key: str, value: object) -> float:
    """Seconds from a slider change to the repainted view showing its result."""
    idle(THROTTLE_MS + 20)
    began = time.perf_counter()
    window.params_panel.sliders[key].setValue(value)
    wait_for_result(window)
    repaint(window)
    return time.perf_counter() - began


def cosmetic_latency(window: MainWindow, opacity: float) -> float:
    """Seconds from an opacity change of the confusion layer to the repainted view."""
    panel = window.layer_panel
    began = time.perf_counter()
    panel.set_style("confusion", dataclasses.replace(panel.styles["confusion"], opacity=opacity))
    repaint(window)
    return time.perf_counter() - began


def bench_shape(shape: tuple[int, int], repeats: int) -> None:
    """Print the latency lines for one image size."""
    window = MainWindow()
    window.resize(*WINDOW_SIZE)
    window.show()
    window.model.show_case(demo_case(shape=shape, seed=0, soft=True), CaseFiles())
    wait_for_result(window)
    repaint(window)
    print(f"{shape[0]}x{shape[1]} (fundus + confusion layer shown):")
    for key, values in SLIDERS.items():
        cycle = itertools.cycle(values)
        slider_latency(window, key, next(cycle))  # warm-up
        samples = [slider_latency(window, key, next(cycle)) for _ in range(repeats)]
        median = statistics.median(samples)
        verdict = ""
        if shape == (584, 565):
            verdict = f"  target <= {TARGET_SECONDS * 1000:.0f} ms: " + (
                "ok" if median <= TARGET_SECONDS else "MISSED")
        print(f"  {key + ' slider -> repaint':<34} {median * 1000:9.1f} ms{verdict}")
        window.params_panel.reset_button.click()
        wait_for_result(window)
    opacities = itertools.cycle([0.2, 0.5, 0.8])
    samples = [cosmetic_latency(window, next(opacities)) for _ in range(repeats)]
    print(f"  {'opacity change -> repaint':<34} {statistics.median(samples) * 1000:9.1f} ms")
    window.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--shapes", default="584x565,3504x3390")
    args = parser.parse_args(argv)
    configure_qt()
    application = QApplication.instance() or QApplication(sys.argv[:1])
    for text in args.shapes.split(","):
        rows, cols = (int(n) for n in text.split("x"))
        bench_shape((rows, cols), args.repeats)
    application.processEvents()  # the application had to live until here
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
