"""Start-up benchmark (issue 15, item 2): time to the first result, cold and warm.

Each run is a fresh process, the way a user starts vesselview:

- ``cli``: ``vesselview-eval`` on a DRIVE-size pair (584x565 PNG masks and FOV, the
  synthetic demo case), every metric, until it exits;
- ``gui``: ``vesselview --demo --screenshot``, which exits once the first evaluation is
  shown (offscreen Qt);
- ``api``: ``import vesselview`` and one ``Evaluator(case).evaluate(Params())``;
- ``partial``: the same until its first partial result (pixel metrics, confusion layer),
  which is what the inspector shows first.

*cold* runs start with an empty kernel cache (a new ``NUMBA_CACHE_DIR`` each): they
evaluate without the kernels while those compile in the background, and the next run
starts once that compile is done; *warm* runs use the cache the first cold run filled.
Prints the median seconds of each.
Target (issue 15): cold, the first result <= 3 s in the CLI and the GUI.

Usage: ``python benchmarks/bench_startup.py [--repeats N] [--only cli,gui,api]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

from vesselview.engine.kernels_warmup import SIGNATURES
from vesselview.synth import demo_case

API_SCRIPT = """
import vesselview as vv
from vesselview.engine.kernels_warmup import SIGNATURES
from vesselview.synth import demo_case
vv.Evaluator(demo_case()).evaluate(vv.Params())
"""
#: Prints the wall-clock time of the first partial result (the pixel family), then exits.
PARTIAL_SCRIPT = """
import os, time
import vesselview as vv
from vesselview.engine.kernels_warmup import SIGNATURES
from vesselview.synth import demo_case

def first(result):
    print(time.time(), flush=True)
    os._exit(0)

vv.Evaluator(demo_case()).evaluate(vv.Params(), on_partial=first)
"""


def write_pair(folder: Path) -> list[str]:
    """The demo case's masks as PNG files; the CLI arguments that evaluate them."""
    case = demo_case()
    for name in ("reference", "candidate", "fov"):
        Image.fromarray(getattr(case, name).astype(np.uint8) * 255).save(folder / f"{name}.png")
    return ["--reference", "reference.png", "--candidate", "candidate.png",
            "--fov", "fov.png", "--workers", "1", "--output", "out.json"]


def commands(folder: Path) -> dict[str, list[str]]:
    python = sys.executable
    return {
        "cli": [python, "-m", "vesselview.cli.main", *write_pair(folder)],
        "gui": [python, "-m", "vesselview", "--demo", "--screenshot", "shot.png"],
        "api": [python, "-c", API_SCRIPT],
        "partial": [python, "-c", PARTIAL_SCRIPT],
    }


def settle(cache: Path, timeout: float = 300.0) -> None:
    """Wait until the compiling processes a cold run left behind marked every kernel done,
    so that they neither compete with the next run nor write into a deleted folder."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if any(len(list(markers.iterdir())) == len(SIGNATURES)
               for markers in cache.glob("compiled-*")):
            return
        time.sleep(0.2)
    raise TimeoutError(f"the kernels compiling into {cache} did not finish in {timeout} s")


def seconds(command: list[str], cache: Path, folder: Path) -> float:
    """Wall time of one run of ``command`` with ``cache`` as numba's cache folder."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "QT_QPA_PLATFORM": "offscreen"}
    start = time.time()
    run = subprocess.run(command, cwd=folder, env=env, check=True, capture_output=True,
                         text=True, timeout=600)
    if command[-1] == PARTIAL_SCRIPT:
        return float(run.stdout.split()[0]) - start
    return time.time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", default="cli,gui,api,partial")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        runs = commands(folder)
        print(f"start-up, median of {args.repeats} fresh processes (seconds to the first result)")
        for name in args.only.split(","):
            caches = [folder / f"{name}-cache-{i}" for i in range(args.repeats)]
            cold = []
            for cache in caches:
                cold.append(seconds(runs[name], cache, folder))
                settle(cache)
            warm = [seconds(runs[name], caches[0], folder) for _ in range(args.repeats)]
            verdict = "" if name in ("api", "partial") else (
                f"  target cold <= 3 s: {'ok' if statistics.median(cold) <= 3 else 'MISSED'}")
            print(f"  {name}: cold {statistics.median(cold):6.2f} s   "
                  f"warm {statistics.median(warm):6.2f} s{verdict}")


if __name__ == "__main__":
    main()
