"""Scaling benchmark (issue 28, item 3): time exponents of the full suite and its stages.

One synthetic 2048x2048 case (``vesselview.synth.demo_case``) scaled up by nearest
neighbour to each size (the same fundus at a finer resolution: the work should grow
with the pixel count), one full evaluation (every metric, no layers) per size, with each
stage's own CPU seconds (`bench_pipeline.TimedCache` with `time.process_time`: on a
shared, loaded machine wall time mostly measures the other processes; the evaluation is
one thread, OpenCV's helper threads count too), with the compiled kernels
(`_common.steady_state_kernels`). The time exponent between two sizes
is ``log(t2 / t1) / log(pixels2 / pixels1)``: 1 is linear. Targets (issue 28): the full
suite <= 1.05 from the smallest to the largest size, no stage above 1.1.

Stages under ``--floor`` seconds at the largest size are left out (their exponent is
noise). Each size is evaluated ``--repeats`` times and the minimum kept (a loaded
machine only adds time). ``--wall`` times wall seconds instead.

``--allocator batch`` (the default) evaluates as every process of a batch run does, with
its freed memory kept for the next arrays (`vesselview.cli.allocator.keep_freed_memory`):
the fastest of the repeats (2 by default) is then the steady state of a batch of such
images, after its first pair has grown the heap.
``--allocator system`` keeps glibc's defaults (the Python API's, and the window's): each
array above 32 MiB is fresh memory on every evaluation.

The totals are also split into user CPU (the evaluation's own work) and system CPU (the
kernel's, mostly zeroing the fresh pages of the arrays the evaluation allocates and
keeps: per gigabyte it varies several-fold between machines and between a fresh
process and a warm one), each with its own exponent.

Usage: ``python benchmarks/bench_scaling.py [--sizes 2048,4096,10000] [--repeats 2]
[--allocator batch|system]``
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cv2
import numpy as np
from _common import steady_state_kernels
from bench_pipeline import TimedCache

import vesselview as vv
from vesselview.cli.allocator import keep_freed_memory
from vesselview.synth import demo_case

#: The stages issue 28 named as growing faster than the pixel count, and those still
#: above 1.1 after its first round (always shown).
NAMED = ("reference_widths", "contour", "distance_map_metrics", "ss_segments",
         "reference_betti", "reference_skeleton", "candidate_skeleton", "cal_area",
         "cal_length")


def scaled(case: vv.Case, size: int) -> vv.Case:
    """``case`` resized to ``size`` x ``size`` by nearest neighbour."""
    def grow(mask: np.ndarray) -> np.ndarray:
        return cv2.resize(mask.view(np.uint8), (size, size),
                          interpolation=cv2.INTER_NEAREST).astype(bool)
    return vv.Case(reference=grow(case.reference), candidate=grow(case.candidate),
                   fov=grow(case.fov))


def user_and_system() -> tuple[float, float]:
    """This process's user and system CPU seconds so far (its threads included)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime


def stage_seconds(case: vv.Case, wall: bool) -> tuple[float, dict[str, float],
                                                      tuple[float, float]]:
    """Total seconds of one full evaluation, each stage's own seconds (CPU or wall), and
    the evaluation's user and system CPU seconds."""
    evaluator = vv.Evaluator(case)
    cache = TimedCache(time.perf_counter if wall else time.process_time)
    evaluator._cache = cache  # a benchmark may look inside: the stages' own times
    before = user_and_system()
    evaluator.evaluate(vv.Params())
    after = user_and_system()
    split = (after[0] - before[0], after[1] - before[1])
    return sum(cache.seconds.values()), dict(cache.seconds), split


def exponent(small: float, large: float, pixels_small: int, pixels_large: int) -> float:
    """Time exponent between two sizes."""
    return math.log(large / small) / math.log(pixels_large / pixels_small)


def main() -> None:
    """Evaluate each size and print the totals, the stages and their exponents."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2048,4096,10000")
    parser.add_argument("--repeats", type=int, default=2,
                        help="evaluations per size, the fastest kept (at least 2 for a "
                        "batch's steady state: the first grows the heap)")
    parser.add_argument("--floor", type=float, default=0.2)
    parser.add_argument("--wall", action="store_true", help="wall seconds, not CPU seconds")
    parser.add_argument("--allocator", choices=("batch", "system"), default="batch",
                        help="keep freed memory as a batch run does, or glibc's defaults")
    args = parser.parse_args()
    if args.allocator == "batch":
        print(f"allocator: a batch run's (freed memory kept: {keep_freed_memory()})")
    steady_state_kernels()
    sizes = [int(v) for v in args.sizes.split(",")]
    base = demo_case(shape=(2048, 2048), seed=0)
    vv.evaluate(demo_case(shape=(64, 64), seed=1))  # load the compiled kernels
    totals: dict[int, float] = {}
    splits: dict[int, tuple[float, float]] = {}
    stages: dict[int, dict[str, float]] = {}
    for size in sizes:
        case = scaled(base, size)
        runs = [stage_seconds(case, args.wall) for _ in range(args.repeats)]
        fastest = min(runs, key=lambda run: run[0])
        totals[size], splits[size] = fastest[0], fastest[2]
        stages[size] = {name: min(run[name] for _, run, _ in runs) for name in runs[0][1]}
        clock = "wall" if args.wall else "CPU"
        print(f"{size}x{size}: {totals[size]:.2f} s of {clock} (user {splits[size][0]:.2f} s, "
              f"system {splits[size][1]:.2f} s; load average {os.getloadavg()[0]:.1f})",
              flush=True)
        del case
    first, last = sizes[0], sizes[-1]
    pixels = {size: size * size for size in sizes}
    print(f"full suite {first}² -> {last}²: exponent "
          f"{exponent(totals[first], totals[last], pixels[first], pixels[last]):.2f} "
          f"(target <= 1.05)")
    for kind, part in (("user", 0), ("system", 1)):
        small, large = splits[first][part], splits[last][part]
        value = exponent(small, large, pixels[first], pixels[last]) if small > 0 else math.nan
        print(f"  {kind} CPU alone: {small:.2f} s -> {large:.2f} s, exponent {value:.2f}")
    print(f"  {'stage':<28} " + " ".join(f"{f'{s}² s':>9}" for s in sizes) + "  exponent")
    largest = sorted(stages[last].items(), key=lambda item: -item[1])
    for name, seconds in largest:
        if seconds < args.floor and name not in NAMED:
            continue
        times = [stages[size].get(name, math.nan) for size in sizes]
        value = exponent(times[0], times[-1], pixels[first], pixels[last]) \
            if min(times) > 0 else math.nan
        flag = "  > 1.1" if value > 1.1 else ""
        print(f"  {name:<28} " + " ".join(f"{t:9.2f}" for t in times) +
              f"  {value:8.2f}{flag}")


if __name__ == "__main__":
    main()
