"""Start-up benchmark (issue 15, item 2): time to the first result, cold and warm.

Each run is a fresh process, the way a user starts vesselview:

- ``cli``: ``vesselview-eval`` on a DRIVE-size pair (584x565 PNG masks and FOV, the
  synthetic demo case), every metric, until it exits;
- ``gui``: ``vesselview --demo --screenshot`` until the first complete evaluation is
  shown, and ``gui-partial`` until its first partial result is shown (the window's
  ``result_applied`` and ``partial_applied`` signals; offscreen Qt);
- ``api``: ``import vesselview`` and one ``Evaluator(case).evaluate(Params())``;
- ``partial``: the same until its first partial result (pixel metrics, confusion layer).

*cold* runs start with an empty kernel cache (a new ``NUMBA_CACHE_DIR`` each): they
evaluate without the kernels while those compile in the background, which are ended
before the next run (Linux: found in ``/proc``); *warm* runs use a cache filled once.
Every run uses compiled bytecode (``.pyc``), as an installed package does (pip compiles
it at install): the package's bytecode is written first, and ``PYTHONDONTWRITEBYTECODE``
is dropped from the runs' environment (with it, each start compiled ~250 modules'
sources again, ~0.4 s of CPU). Prints the median seconds of each, also as a ratio to
the warm API run, the CPU seconds of the whole process (close to the wall time on an
idle machine), and the load average before and after (the machine is shared).
Target (issue 15): cold, the first result <= 3 s in the CLI and the GUI.

``--shapes 584x565,2048x2048,3504x3390`` times instead, per size, one API evaluation of
the synthetic case read from ``.npy`` files (``api-HxW``), cold and warm (issue 28: a
first start <= 2x a warm one at every size: it must not wait for the background compile).

Usage: ``python benchmarks/bench_startup.py [--repeats N] [--only cli,gui,api,partial]
[--shapes HxW,...]``
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

import vesselview
from vesselview.engine.kernels_warmup import KERNELS
from vesselview.synth import demo_case

API_SCRIPT = """
import vesselview as vv
from vesselview.synth import demo_case
vv.Evaluator(demo_case()).evaluate(vv.Params())
"""
#: One evaluation of the case saved as ``{shape}-*.npy`` (the argument), as a user's
#: script or a single CLI call on files of that size would make it.
SIZED_SCRIPT = """
import sys
import numpy as np
import vesselview as vv
case = vv.Case(**{name: np.load(f"{sys.argv[1]}-{name}.npy")
                  for name in ("reference", "candidate", "fov")})
vv.Evaluator(case).evaluate(vv.Params())
"""
#: Prints the wall-clock time of the first partial result (the pixel family), then exits.
PARTIAL_SCRIPT = """
import os, time
import vesselview as vv
from vesselview.synth import demo_case

def first(result):
    print("partial", time.time(), flush=True)
    os._exit(0)

vv.Evaluator(demo_case()).evaluate(vv.Params(), on_partial=first)
"""


#: ``vesselview --demo --screenshot``, printing when the window shows its first partial
#: and its first complete result.
GUI_SCRIPT = """
import sys, time
from vesselview.gui import app

def start_window(*args, _start=app.start_window):
    window = _start(*args)
    window.partial_applied.connect(lambda _r: print("gui-partial", time.time(), flush=True))
    window.result_applied.connect(lambda _r: print("gui", time.time(), "\\ngui-cpu",
                                                   time.process_time(), flush=True))
    return window

app.start_window = start_window
sys.exit(app.main(["--demo", "--screenshot", "shot.png"]))
"""
#: What each run measures (the GUI run measures two things).
MEASURES = {"cli": ("cli",), "gui": ("gui-partial", "gui"), "api": ("api",),
            "partial": ("partial",)}


def write_pair(folder: Path) -> list[str]:
    """The demo case's masks as PNG files; the CLI arguments that evaluate them."""
    case = demo_case()
    for name in ("reference", "candidate", "fov"):
        Image.fromarray(getattr(case, name).astype(np.uint8) * 255).save(folder / f"{name}.png")
    return ["--reference", "reference.png", "--candidate", "candidate.png",
            "--fov", "fov.png", "--workers", "1", "--output", "out.json"]


def sized_commands(folder: Path, shapes: list[str]) -> dict[str, list[str]]:
    """``api-HxW``: `SIZED_SCRIPT` on the synthetic case at each of ``shapes`` (written
    into ``folder`` as .npy files)."""
    runs = {}
    for text in shapes:
        height, width = (int(value) for value in text.split("x"))
        case = demo_case(shape=(height, width))
        for name in ("reference", "candidate", "fov"):
            np.save(folder / f"{text}-{name}.npy", getattr(case, name))
        runs[f"api-{text}"] = [sys.executable, "-c", SIZED_SCRIPT, text]
        MEASURES[f"api-{text}"] = (f"api-{text}",)
    return runs


def commands(folder: Path) -> dict[str, list[str]]:
    python = sys.executable
    return {
        "cli": [python, "-m", "vesselview.cli.main", *write_pair(folder)],
        "gui": [python, "-c", GUI_SCRIPT],
        "api": [python, "-c", API_SCRIPT],
        "partial": [python, "-c", PARTIAL_SCRIPT],
    }


def settle(cache: Path, timeout: float = 600.0) -> None:
    """Wait until the compiling processes a cold run left behind marked every kernel done,
    so that they neither compete with the next run nor write into a deleted folder."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if any(len(list(markers.iterdir())) == len(KERNELS)
               for markers in cache.glob("compiled-*")):
            return
        time.sleep(0.2)
    raise TimeoutError(f"the kernels compiling into {cache} did not finish in {timeout} s")


def stop_compiling(cache: Path) -> None:
    """End the compiling processes a cold run left behind (found by ``cache`` in their
    command line), so that they do not compete with the next run: quicker than `settle`
    on a loaded machine, where they compile for minutes at their low priority."""
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and str(cache) in (entry / "cmdline").read_text():
                os.kill(int(entry.name), signal.SIGTERM)
        except OSError:  # gone meanwhile
            continue


def seconds(name: str, command: list[str], cache: Path, folder: Path) -> dict[str, float]:
    """Seconds from the start of ``command`` to each of its measures, with ``cache`` as
    numba's cache folder: to its exit, or to the first time it printed the measure."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "QT_QPA_PLATFORM": "offscreen"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode as installed (module docstring)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    run = subprocess.run(command, cwd=folder, env=env, check=True, capture_output=True,
                         text=True, timeout=600)
    end = time.time()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    printed: dict[str, float] = {}
    for line in run.stdout.splitlines():
        label, _, stamp = line.partition(" ")
        printed.setdefault(label, float(stamp) - (0 if label.endswith("-cpu") else start))
    measured = {measure: printed.get(measure, end - start) for measure in MEASURES[name]}
    if "gui-cpu" in printed:  # the window's CPU seconds when its first result shows
        measured["cpu-at-result"] = printed["gui-cpu"]
    # CPU of the process itself (the compiling processes it leaves are not its waited
    # children): what the wall time would be on an idle machine, roughly.
    measured["cpu"] = (after.ru_utime - used.ru_utime) + (after.ru_stime - used.ru_stime)
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", default="cli,gui,api,partial")
    parser.add_argument("--shapes", default="",
                        help="HxW,...: time api-HxW at each size instead of --only")
    args = parser.parse_args()
    compileall.compile_dir(Path(vesselview.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        runs = commands(folder)
        if args.shapes:
            runs.update(sized_commands(folder, args.shapes.split(",")))
            args.only = ",".join(f"api-{text}" for text in args.shapes.split(","))
        print(f"start-up, median of {args.repeats} fresh processes (seconds to the first "
              f"result); load average {os.getloadavg()[0]:.1f}")
        cache = folder / "warm-cache"
        seconds("api", runs["api"], cache, folder)
        settle(cache)
        api = statistics.median(seconds("api", runs["api"], cache, folder)["api"]
                                for _ in range(args.repeats))
        for name in args.only.split(","):
            cold: list[dict[str, float]] = []
            for repeat in range(args.repeats):
                cold_cache = folder / f"{name}-cache-{repeat}"
                cold.append(seconds(name, runs[name], cold_cache, folder))
                stop_compiling(cold_cache)
            warm = [seconds(name, runs[name], cache, folder) for _ in range(args.repeats)]
            for measure in MEASURES[name]:
                cold_s = statistics.median(run[measure] for run in cold)
                warm_s = statistics.median(run[measure] for run in warm)
                verdict = (f"  target cold <= 3 s: {'ok' if cold_s <= 3 else 'MISSED'}"
                           if measure in ("cli", "gui") else "")
                if measure.startswith("api-"):
                    verdict = (f"  cold/warm {cold_s / warm_s:.2f} (target <= 2: "
                               f"{'ok' if cold_s <= 2 * warm_s else 'MISSED'})")
                print(f"  {measure:12s} cold {cold_s:6.2f} s ({cold_s / api:4.1f} API)   "
                      f"warm {warm_s:6.2f} s ({warm_s / api:4.1f} API){verdict}")
            cold_cpu = statistics.median(run["cpu"] for run in cold)
            warm_cpu = statistics.median(run["cpu"] for run in warm)
            print(f"  {'':12s} CPU of the whole {name} process: cold {cold_cpu:.2f} s, "
                  f"warm {warm_cpu:.2f} s")
            if "cpu-at-result" in cold[0]:
                print(f"  {'':12s} CPU until the first complete result: cold "
                      f"{statistics.median(run['cpu-at-result'] for run in cold):.2f} s, warm "
                      f"{statistics.median(run['cpu-at-result'] for run in warm):.2f} s "
                      "(target cold <= 3 s, warm <= cold)")
        print(f"  (API warm: {api:.2f} s; load average now {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
