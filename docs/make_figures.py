"""Render the README figures of the research and teaching tools with their own widgets.

Every figure is a grab of the real widget (offscreen), filled by the real background
computation, on synthetic data from `vesselview.synth` (nothing is downloaded):

* ``research_sweep_t.png``: the plot dock, mean F1_t (with its tolerant precision and
  recall) against t over five demo cases, as in the tolerance-F1 paper's Table 4;
* ``research_cal_differences.png``: CAL's A against α and L against β with forward
  differences over the same cases, as in the CAL paper's Fig. 1;
* ``research_behaviour.png``: the metric-behaviour table of the equal-pixel-change set;
* ``research_candidates.png``: the CAL paper's three redistributions (its Fig. 2) loaded
  as candidate files, ranked, with the paper's expected order;
* ``research_soft_curves.png``: ROC, precision-recall and F1_t-against-threshold curves
  of the demo's probability map;
* ``research_window.png``: the inspector on the shift teaching case, the plots dock
  showing F1_t forgive the shift as t grows while Dice does not.

The behaviour table is also printed as Markdown (values with ranks, tau row).

Usage: ``QT_QPA_PLATFORM=offscreen python docs/make_figures.py [--out docs/figures]``
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PIL import Image
from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer, SignalInstance
from PySide6.QtWidgets import QApplication, QWidget

from vesselview.engine.case import Case
from vesselview.gui.app import configure_qt
from vesselview.gui.inspector.window import MainWindow
from vesselview.gui.research.behaviour_view import BehaviourView
from vesselview.gui.research.candidates import CandidatesView
from vesselview.gui.research.metric_choice import MAIN_METRICS, format_value, short_label
from vesselview.gui.research.plot_dock import CURVES, PlotDock
from vesselview.gui.research.rank_table import STATISTIC_TITLES
from vesselview.gui.widgets.channel_jobs import ChannelJobs
from vesselview.gui.widgets.main_thread import qt_scheduler
from vesselview.io.writers import write_png
from vesselview.research.behaviour import Behaviour
from vesselview.synth import demo_case, teaching_case

TIMEOUT_MS = 600_000
SEEDS = range(5)  # the averaged case set
CAL_CASES = ("cal_wide_to_narrow", "cal_narrow_to_wide", "cal_narrow_to_noise")
CAL_SEVERITY = 0.1  # fraction of vessel pixels moved (the CAL paper moves N pixels)


def wait(signal: SignalInstance, jobs: ChannelJobs) -> None:
    """Run the event loop until ``signal`` fires; raise if the job fails or times out."""
    loop, failure = QEventLoop(), []
    signal.connect(loop.quit)
    jobs.failed.connect(lambda message: (failure.append(message), loop.quit()))
    timer = QTimer(singleShot=True)
    timer.timeout.connect(lambda: (failure.append("timed out"), loop.quit()))
    timer.start(TIMEOUT_MS)
    loop.exec()
    signal.disconnect(loop.quit)
    if failure:
        raise RuntimeError(failure[0])


def settle(milliseconds: int = 300) -> None:
    """Let layouts and repaints finish before a grab."""
    loop = QEventLoop()
    QTimer.singleShot(milliseconds, loop.quit)
    loop.exec()


def grab(widget: QWidget, path: Path) -> Path:
    """Save ``widget`` as it is drawn."""
    settle()
    if not widget.grab().save(str(path), "PNG"):
        raise OSError(f"cannot write {path}")
    print(f"wrote {path}")
    return path


def sweep_figures(out: Path, cases: dict[str, Case]) -> None:
    """F1_t against t; A against α and L against β with forward differences."""
    dock = PlotDock(qt_scheduler())
    dock.resize(1500, 520)
    dock.show()
    dock.set_case_set("demo seeds 0-4", cases)
    dock.compute()
    wait(dock.plotted, dock.jobs)
    grab(dock, out / "research_sweep_t.png")
    dock.resize(1000, 520)
    parts = []
    for key, text in (("cal_alpha", "1:8"), ("cal_beta", "1:8")):
        dock.controls.set_parameter(key, text)
        dock.controls.differences_box.setChecked(True)
        dock.compute()
        wait(dock.plotted, dock.jobs)
        parts.append(grab(dock.pages.currentWidget(), out / f"_{key}.png"))
    side_by_side(parts, out / "research_cal_differences.png")
    dock.shutdown()


def side_by_side(paths: Sequence[Path], target: Path) -> None:
    """Join images left to right into ``target`` and delete the parts."""
    images = [Image.open(path).convert("RGB") for path in paths]
    joined = Image.new("RGB", (sum(i.width for i in images), max(i.height for i in images)),
                       "white")
    left = 0
    for image, path in zip(images, paths, strict=True):
        joined.paste(image, (left, 0))
        left += image.width
        path.unlink()
    joined.save(target)
    print(f"wrote {target}")


def behaviour_figure(out: Path) -> Behaviour:
    """The equal-pixel-change set at 584x565 (the default), main metrics."""
    view = BehaviourView(qt_scheduler())
    view.resize(1500, 600)
    view.show()
    view.run()
    wait(view.shown, view.jobs)
    grab(view, out / "research_behaviour.png")
    view.shutdown()
    return view.behaviour


def candidates_figure(out: Path, folder: Path) -> None:
    """The CAL paper's Fig. 2 (b)-(d) redistributions as candidate files, its order typed."""
    for panel, name in zip("bcd", CAL_CASES, strict=True):
        write_png(folder / f"{panel}_{name.removeprefix('cal_')}.png",
                  teaching_case(name, CAL_SEVERITY).candidate)
    view = CandidatesView(qt_scheduler())
    view.resize(1500, 450)
    view.show()
    view.set_reference(teaching_case(CAL_CASES[0], 0.0))
    view.add_folder(str(folder))
    wait(view.ranked, view.jobs)
    view.expected_edit.setText("1, 2, 3")
    view.set_expected_text(view.expected_edit.text())
    grab(view, out / "research_candidates.png")
    view.shutdown()


def curves_figure(out: Path) -> None:
    """ROC, PR and F1_t against threshold of the demo's probability map."""
    dock = PlotDock(qt_scheduler())
    dock.resize(1500, 480)
    dock.show()
    dock.set_case(demo_case(soft=True))
    dock.set_mode(CURVES)
    dock.compute()
    wait(dock.plotted, dock.jobs)
    grab(dock.pages.currentWidget(), out / "research_soft_curves.png")
    dock.shutdown()


def window_figure(out: Path, folder: Path) -> None:
    """The inspector on the shift teaching case; the plots dock shows t forgiving the shift."""
    window = MainWindow(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    tools = window.research
    window.resize(1600, 1000)
    window.show()
    window.model.show_case(teaching_case("shift", 3.0))
    wait(window.result_applied, tools.plots.jobs)
    tools.plots_dock.show()
    window.resizeDocks([tools.plots_dock], [360], Qt.Orientation.Vertical)
    tools.plots.controls.set_parameter("t", "0:6")
    tools.plots.controls.metric_list.set_checked(["dice", "f1_t", "cal", "ss"])
    tools.plots.compute()
    wait(tools.plots.plotted, tools.plots.jobs)
    grab(window, out / "research_window.png")
    window.close()


def markdown_table(behaviour: Behaviour, metrics: Sequence[str] = MAIN_METRICS) -> str:
    """The behaviour table as Markdown: value (rank) per case, then the statistics."""
    ranking, agreement = behaviour.ranking, behaviour.agreement
    lines = ["| case | expected | " + " | ".join(short_label(m) for m in metrics) + " |",
             "|---|---|" + "---|" * len(metrics)]
    for i, name in enumerate(ranking.candidates):
        cells = [f"{format_value(ranking.scores[i, ranking.metrics.index(m)])} "
                 f"({ranking.ranks[i, ranking.metrics.index(m)]:g})" for m in metrics]
        lines.append(f"| {name} | {behaviour.expected[i]:g} | " + " | ".join(cells) + " |")
    for statistic, title in STATISTIC_TITLES.items():
        cells = [format_value(getattr(agreement[m], statistic)) for m in metrics]
        lines.append(f"| {title} | | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Render every figure into ``--out``; print the behaviour table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).parent / "figures"))
    out = Path(parser.parse_args(argv).out)
    out.mkdir(parents=True, exist_ok=True)
    configure_qt()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    cases = {f"seed {seed}": demo_case(seed=seed) for seed in SEEDS}
    sweep_figures(out, cases)
    curves_figure(out)
    behaviour = behaviour_figure(out)
    with tempfile.TemporaryDirectory() as folder:
        candidates_figure(out, Path(folder))
    with tempfile.TemporaryDirectory() as folder:
        window_figure(out, Path(folder))
    print(markdown_table(behaviour))
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
