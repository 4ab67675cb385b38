"""Stage-alone scaling benchmark (issue 28, item 3): CPU ns per pixel of chosen stages.

`bench_scaling.py` times one full evaluation per size; a stage under 0.1 s at 2048² is
noise there on a loaded machine. Here each size is evaluated once (the same synthetic
case scaled up by nearest neighbour, `bench_scaling.scaled`), then each named stage is
computed again ``--repeats`` times from the cached stages it needs, and the minimum of its
own CPU seconds (`time.process_time`, OpenCV's helper threads included) is printed as
nanoseconds per pixel: a linear stage keeps the same figure at every size. The exponent
is taken between the first and the last size.

Usage: ``python benchmarks/bench_stage_alone.py --stages tolerance_match,betti
[--sizes 2048,6000,10000] [--repeats 5]``
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import sys
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import steady_state_kernels
from bench_scaling import exponent, scaled

import vesselview as vv
from vesselview.engine.families import EVALUATION_ORDER, METRIC_KEYS
from vesselview.engine.families.base import Stage
from vesselview.engine.param_scope import applied_params
from vesselview.engine.pipeline.cache import StageCache
from vesselview.engine.pipeline.run import Run
from vesselview.synth import demo_case

T = TypeVar("T")


class RecomputingCache(StageCache):
    """A stage cache that computes one stage every time it is asked for, timing it.

    Every other stage comes from ``filled`` (the cache of a full evaluation).
    """

    def __init__(self, filled: StageCache, stage: str) -> None:
        super().__init__()
        self._filled = filled
        self._stage = stage
        self.seconds = math.nan

    def fetch(self, stage: str, key: Hashable, compute: Callable[[], T]) -> T:
        if stage != self._stage:
            return self._filled.fetch(stage, key, compute)
        start = time.process_time()
        value = compute()
        self.seconds = time.process_time() - start
        return value


def every_stage() -> dict[str, Stage[Any]]:
    """Every stage of a full evaluation by name."""
    return {s.name: s for family in EVALUATION_ORDER for s in family.stages(METRIC_KEYS)}


def stage_seconds(evaluator: vv.Evaluator, stage: Stage[Any], repeats: int) -> float:
    """Minimum CPU seconds of ``stage`` computed again from the evaluator's cached stages."""
    params = applied_params(vv.Params(), evaluator.case)
    case, filled = evaluator._scored_for(params)  # a benchmark may look inside
    times = []
    for _ in range(repeats):
        cache = RecomputingCache(filled, stage.name)
        value = Run(case, params, cache).get(stage)
        times.append(cache.seconds)
        del value
        gc.collect()
    return min(times)


def main() -> None:
    """Evaluate each size once, then time each named stage alone and print ns per pixel."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stages", required=True, help="comma-separated stage names")
    parser.add_argument("--sizes", default="2048,6000,10000")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    steady_state_kernels()
    stages = every_stage()
    names = args.stages.split(",")
    if unknown := [name for name in names if name not in stages]:
        parser.error(f"unknown stage {', '.join(unknown)}; known: {', '.join(sorted(stages))}")
    sizes = [int(v) for v in args.sizes.split(",")]
    base = demo_case(shape=(2048, 2048), seed=0)
    vv.evaluate(demo_case(shape=(64, 64), seed=1))  # load the compiled kernels
    per_pixel: dict[str, list[float]] = {name: [] for name in names}
    for size in sizes:
        evaluator = vv.Evaluator(scaled(base, size))
        evaluator.evaluate(vv.Params())
        for name in names:
            seconds = stage_seconds(evaluator, stages[name], args.repeats)
            per_pixel[name].append(seconds * 1e9 / size**2)
        print(f"{size}x{size} done (load average {os.getloadavg()[0]:.1f})", flush=True)
        del evaluator
        gc.collect()
    print(f"  {'stage':<24} " + " ".join(f"{f'{s}² ns/px':>13}" for s in sizes) + "  exponent")
    for name in names:
        first, last = per_pixel[name][0] * sizes[0]**2, per_pixel[name][-1] * sizes[-1]**2
        value = exponent(first, last, sizes[0]**2, sizes[-1]**2)
        print(f"  {name:<24} " + " ".join(f"{v:13.2f}" for v in per_pixel[name]) +
              f"  {value:8.2f}{'  > 1.1' if value > 1.1 else ''}")


if __name__ == "__main__":
    main()
