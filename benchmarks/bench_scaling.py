"""Scaling benchmark (issue 28, item 3): time exponents of the full suite and its stages.

One synthetic 2048x2048 case (``vesselview.synth.demo_case``) scaled up by nearest
neighbour to each size (the same fundus at a finer resolution: the work should grow
with the pixel count), one full evaluation (every metric, no layers) per size, with each
stage's own seconds (`bench_pipeline.TimedCache`). The time exponent between two sizes
is ``log(t2 / t1) / log(pixels2 / pixels1)``: 1 is linear. Targets (issue 28): the full
suite <= 1.05 from the smallest to the largest size, no stage above 1.1.

Stages under ``--floor`` seconds at the largest size are left out (their exponent is
noise). Each size is evaluated ``--repeats`` times and the minimum kept (a loaded
machine only adds time).

Usage: ``python benchmarks/bench_scaling.py [--sizes 2048,4096,10000] [--repeats 1]``
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cv2
import numpy as np
from bench_pipeline import TimedCache

import vesselview as vv
from vesselview.synth import demo_case

#: The stages issue 28 names as growing faster than the pixel count.
NAMED = ("reference_widths", "contour", "distance_map_metrics", "ss_segments",
         "reference_betti")


def scaled(case: vv.Case, size: int) -> vv.Case:
    """``case`` resized to ``size`` x ``size`` by nearest neighbour."""
    def grow(mask: np.ndarray) -> np.ndarray:
        return cv2.resize(mask.view(np.uint8), (size, size),
                          interpolation=cv2.INTER_NEAREST).astype(bool)
    return vv.Case(reference=grow(case.reference), candidate=grow(case.candidate),
                   fov=grow(case.fov))


def stage_seconds(case: vv.Case) -> tuple[float, dict[str, float]]:
    """Total seconds of one full evaluation and each stage's own seconds."""
    evaluator = vv.Evaluator(case)
    cache = TimedCache()
    evaluator._cache = cache  # a benchmark may look inside: the stages' own times
    evaluator.evaluate(vv.Params())
    return sum(cache.seconds.values()), dict(cache.seconds)


def exponent(small: float, large: float, pixels_small: int, pixels_large: int) -> float:
    """Time exponent between two sizes."""
    return math.log(large / small) / math.log(pixels_large / pixels_small)


def main() -> None:
    """Evaluate each size and print the totals, the stages and their exponents."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2048,4096,10000")
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--floor", type=float, default=0.2)
    args = parser.parse_args()
    sizes = [int(v) for v in args.sizes.split(",")]
    base = demo_case(shape=(2048, 2048), seed=0)
    vv.evaluate(demo_case(shape=(64, 64), seed=1))  # load the compiled kernels
    totals: dict[int, float] = {}
    stages: dict[int, dict[str, float]] = {}
    for size in sizes:
        case = scaled(base, size)
        runs = [stage_seconds(case) for _ in range(args.repeats)]
        totals[size] = min(total for total, _ in runs)
        stages[size] = {name: min(run[name] for _, run in runs) for name in runs[0][1]}
        print(f"{size}x{size}: {totals[size]:.2f} s (load average {os.getloadavg()[0]:.1f})",
              flush=True)
        del case
    first, last = sizes[0], sizes[-1]
    pixels = {size: size * size for size in sizes}
    print(f"full suite {first}² -> {last}²: exponent "
          f"{exponent(totals[first], totals[last], pixels[first], pixels[last]):.2f} "
          f"(target <= 1.05)")
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
