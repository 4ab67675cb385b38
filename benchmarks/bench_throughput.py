"""Throughput benchmark (issue 15, item 4): 20 DRIVE-size cases, CLI against API.

Writes 20 synthetic 584x565 cases (reference, candidate, FOV as PNG files, one manifest)
and times all metrics for all of them three ways, with a warm kernel cache:

- ``api``: ``load_case`` + ``Evaluator(case).evaluate()`` per case, in this process;
- ``api script``: the same loop as a user's script, ``python script.py``, one fresh
  process (its start-up included: the interpreter, ``import vesselview``, numba loading
  the cached kernels);
- ``cli in-process``: ``vesselview.cli.main.main([...])``, one serial run;
- ``cli``: ``vesselview-eval --manifest ... --workers 1``, one fresh process (its start-up
  included, as a user sees it).

The CLI is compared with both: with ``api script`` (each side a fresh process, so the
ratio is what the command line adds to the same work) and with ``api`` (so the ratio
also holds the start-up, which a long-lived Python session pays once).

and the start-up alone: a fresh process that runs ``vesselview-eval`` on one case, less
one case's API time. The three are timed in turns (api, cli in-process, cli; again), so
a change of the machine's load during the run touches them alike. Prints the median
wall time and the median CPU time (user + system, all threads; the fresh process's from
``getrusage``) per case, and the CLI's ratio to the API in both: on a shared machine the
CPU time is the steadier one.

A fresh process reads the package's compiled bytecode as an installed package does
(``pip`` compiles it): when ``PYTHONDONTWRITEBYTECODE`` is set, it would compile every
vesselview module from source at each start, so the fresh processes here keep their
bytecode in a temporary ``PYTHONPYCACHEPREFIX`` instead (filled by an untimed first run).

Target (issue 15): the CLI (one process, warm) within 1.5x of the API.

Usage: ``python benchmarks/bench_throughput.py [--cases 20] [--repeats 3]``
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image

import vesselview as vv
from vesselview.cli.main import main as cli_main
from vesselview.synth import demo_case

#: (wall seconds, CPU seconds) of one timed action.
Timing = tuple[float, float]


def write_cases(folder: Path, count: int, shape: tuple[int, int] = (584, 565)) -> Path:
    """``count`` synthetic pairs (DRIVE size by default) as PNG files and their manifest."""
    lines = ["id,reference,candidate,fov"]
    for seed in range(count):
        case = demo_case(shape=shape, seed=seed)
        for name in ("reference", "candidate", "fov"):
            image = getattr(case, name).astype(np.uint8) * 255
            Image.fromarray(image).save(folder / f"{seed:02d}_{name}.png")
        lines.append(f"{seed:02d},{seed:02d}_reference.png,{seed:02d}_candidate.png,"
                     f"{seed:02d}_fov.png")
    manifest = folder / "pairs.csv"
    manifest.write_text("\n".join(lines) + "\n")
    return manifest


def api(folder: Path, count: int) -> None:
    for seed in range(count):
        case = vv.load_case(folder / f"{seed:02d}_reference.png",
                            folder / f"{seed:02d}_candidate.png",
                            fov=folder / f"{seed:02d}_fov.png")
        vv.Evaluator(case).evaluate(vv.Params())


#: ``api`` as a user's script: ``python -c API_SCRIPT folder count``.
API_SCRIPT = """
import sys
from pathlib import Path
import vesselview as vv
folder, count = Path(sys.argv[1]), int(sys.argv[2])
for seed in range(count):
    case = vv.load_case(folder / f"{seed:02d}_reference.png",
                        folder / f"{seed:02d}_candidate.png", fov=folder / f"{seed:02d}_fov.png")
    vv.Evaluator(case).evaluate(vv.Params())
"""


def api_script(folder: Path, count: int, environment: dict[str, str]) -> None:
    subprocess.run([sys.executable, "-c", API_SCRIPT, str(folder), str(count)], check=True,
                   env=environment)


def cli_in_process(manifest: Path) -> None:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert cli_main(["--manifest", str(manifest), "--workers", "1"]) == 0


def cli_process(manifest: Path, environment: dict[str, str]) -> None:
    subprocess.run([sys.executable, "-m", "vesselview.cli.main", "--manifest", str(manifest),
                    "--workers", "1"], check=True, stdout=subprocess.DEVNULL, env=environment)


def timed(action: Callable[[], object]) -> Timing:
    """Wall and CPU seconds of ``action``: this process's and its children's CPU time."""
    def cpu() -> float:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return time.process_time() + children.ru_utime + children.ru_stime

    wall, used = time.perf_counter(), cpu()
    action()
    return time.perf_counter() - wall, cpu() - used


def installed_like(scratch: Path) -> dict[str, str]:
    """The environment of the fresh processes: bytecode kept, in ``scratch``."""
    environment = {**os.environ, "PYTHONPYCACHEPREFIX": str(scratch / "pycache")}
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    return environment


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        manifest = write_cases(folder, args.cases)
        one_case = folder / "one.csv"
        one_case.write_text("\n".join(manifest.read_text().splitlines()[:2]) + "\n")
        environment = installed_like(folder)
        actions = {"api": lambda: api(folder, args.cases),
                   "api script": lambda: api_script(folder, args.cases, environment),
                   "cli in-process": lambda: cli_in_process(manifest),
                   "cli": lambda: cli_process(manifest, environment),
                   "one-case cli": lambda: cli_process(one_case, environment)}
        for action in actions.values():  # warm-up: kernels, bytecode, file cache
            action()
        runs: dict[str, list[Timing]] = {label: [] for label in actions}
        for _ in range(args.repeats):
            for label, action in actions.items():
                runs[label].append(timed(action))
    median = {label: tuple(statistics.median(run[kind] for run in timings) for kind in (0, 1))
              for label, timings in runs.items()}
    print(f"{args.cases} DRIVE-size cases, all metrics, warm (median of {args.repeats}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):")
    versus = {"cli in-process": "api", "cli": "api script", "api script": "api"}
    for label in ("api", "api script", "cli in-process", "cli"):
        wall, cpu = median[label]
        print(f"  {label:<15} {wall:6.2f} s {wall / args.cases * 1000:6.1f} ms/case, "
              f"cpu {cpu / args.cases * 1000:6.1f} ms/case{_ratio(median, label, versus)}")
    print(f"  cli vs api (start-up included on one side only): "
          f"{_ratio(median, 'cli', {'cli': 'api'}).strip()}")
    start_wall, start_cpu = (median["one-case cli"][kind] - median["api"][kind] / args.cases
                             for kind in (0, 1))
    print(f"  start-up of vesselview-eval (one-case run less one API case): "
          f"{start_wall:.2f} s, cpu {start_cpu:.2f} s")


def _ratio(median: dict[str, tuple[float, ...]], label: str, versus: dict[str, str]) -> str:
    """``label``'s wall and CPU ratio to its comparison, with the target's verdict."""
    if label not in versus:
        return ""
    other = versus[label]
    wall = median[label][0] / median[other][0]
    cpu = median[label][1] / median[other][1]
    target = "" if label == "api script" else \
        f" (target <= 1.5x: {'ok' if wall <= 1.5 else 'MISSED'})"
    return f"  {wall:.2f}x {other}, cpu {cpu:.2f}x{target}"


if __name__ == "__main__":
    main()
