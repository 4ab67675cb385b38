"""Pipeline benchmark (issues 2 and 4): full evaluation and single-parameter changes.

Prints medians (after a warm-up) and ratios to one Euclidean distance transform of the
reference mask, for a 584x565 and a 3504x3390 synthetic case, plus the peak memory of
the large case. Targets: the full evaluation, with all layers and metrics only, <= 3.5
EDTs (issue 28, with every family; issue 4 asked 6), and its costliest stages are
listed; a ``t`` change <= 1.5; an ``α``/``β`` change <= 2; an ``ss_R`` change <= 4; peak
< 1.5 GB.
Progressive results (issue 15), a threshold change of a soft case: first partial result
<= 0.3 EDT, complete result <= 3 EDT; the stages taking the time are listed.

Usage: ``python benchmarks/bench_pipeline.py [--repeats N] [--shapes 584x565,3504x3390]``
"""

from __future__ import annotations

import argparse
import itertools
import resource
import statistics
import sys
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from _common import edt_baseline, median_seconds, report, steady_state_kernels

import vesselview as vv
from vesselview.engine.pipeline.cache import StageCache
from vesselview.synth import demo_case

T = TypeVar("T")
#: Issue 28: the full suite (detection, fuzzy/Williams and units included), in EDTs.
FULL_SUITE_TARGET = 3.5


def full_evaluation(case: vv.Case, cache: StageCache | None = None) -> None:
    """A fresh Evaluator (and stage cache), default parameters, every layer built."""
    evaluator = vv.Evaluator(case)
    if cache is not None:
        evaluator._cache = cache  # a benchmark may look inside: the stages' own times
    result = evaluator.evaluate(vv.Params())
    for name in result.layers:
        result.layers[name]


def change_timer(case: vv.Case, key: str, values: list) -> callable:
    """Action evaluating a warmed Evaluator with the next unseen value of ``key``."""
    evaluator = vv.Evaluator(case)
    evaluator.evaluate(vv.Params())
    fresh = itertools.cycle(values)

    def action() -> None:
        result = evaluator.evaluate(vv.Params().replace(**{key: next(fresh)}))
        for name in result.layers:
            result.layers[name]
    return action


class TimedCache(StageCache):
    """A stage cache that records each computed stage's own seconds (nested stages excluded),
    by ``clock`` (wall time by default; `time.process_time` for CPU seconds)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__()
        self.clock = clock
        self.seconds: dict[str, float] = {}
        self._nested: list[float] = []

    def fetch(self, stage: str, key: Hashable, compute: Callable[[], T]) -> T:
        def timed() -> T:
            start = self.clock()
            self._nested.append(0.0)
            try:
                return compute()
            finally:
                elapsed = self.clock() - start
                self.seconds[stage] = elapsed - self._nested.pop()
                if self._nested:
                    self._nested[-1] += elapsed

        return super().fetch(stage, key, timed)


def progressive_threshold_change(case: vv.Case, repeats: int) -> tuple[float, float, dict]:
    """Median seconds to the first partial and to the complete result of a threshold change.

    A warmed Evaluator of a soft case gets a threshold it has not seen (the cache keeps 3
    values per stage). Also returns the seconds each stage computed in the last run.
    """
    evaluator = vv.Evaluator(case)
    cache = TimedCache()
    evaluator._cache = cache  # a benchmark may look inside: the stages' own times
    evaluator.evaluate(vv.Params())
    thresholds = iter(np.linspace(0.2, 0.8, 2 * repeats + 2))
    firsts, totals = [], []
    for _ in range(repeats + 1):
        marks: list[float] = []

        def mark(_result: vv.Result, marks: list[float] = marks) -> None:
            marks.append(time.perf_counter())

        cache.seconds.clear()
        start = time.perf_counter()
        evaluator.evaluate(vv.Params(threshold=float(next(thresholds))), on_partial=mark)
        totals.append(time.perf_counter() - start)
        firsts.append(marks[0] - start)
    return statistics.median(firsts[1:]), statistics.median(totals[1:]), dict(cache.seconds)


def full_evaluation_stages(case: vv.Case, repeats: int) -> dict[str, float]:
    """Median seconds each stage (layers included) computes in a full evaluation."""
    full_evaluation(case)  # warm-up
    runs: dict[str, list[float]] = {}
    for _ in range(repeats):
        cache = TimedCache()
        full_evaluation(case, cache)
        for stage, seconds in cache.seconds.items():
            runs.setdefault(stage, []).append(seconds)
    return {stage: statistics.median(values) for stage, values in runs.items()}


def print_stages(stages: dict[str, float], edt: float, count: int) -> None:
    """The ``count`` costliest stages: milliseconds and share of one EDT."""
    for stage, seconds in sorted(stages.items(), key=lambda item: -item[1])[:count]:
        print(f"    {seconds * 1000:8.1f} ms  {seconds / edt:5.2f} EDT  {stage}")


def bench_progressive(shape: tuple[int, int], repeats: int) -> None:
    """First partial and complete result of a threshold change on a soft case."""
    case = demo_case(shape=shape, seed=0, soft=True)
    scipy_edt, _ = edt_baseline(case.candidate, repeats)
    first, total, stages = progressive_threshold_change(case, repeats)
    print(f"{shape[0]}x{shape[1]} soft, threshold change (one EDT = {scipy_edt * 1000:.1f} ms):")
    report("first partial result", first, scipy_edt, 0.3)
    report("complete result", total, scipy_edt, 3)
    print_stages(stages, scipy_edt, 8)


def bench_shape(shape: tuple[int, int], repeats: int) -> None:
    """Run and print every benchmark line for one image size."""
    case = demo_case(shape=shape, seed=0)
    scipy_edt, opencv_edt = edt_baseline(case.reference, repeats)
    print(f"{shape[0]}x{shape[1]}: one EDT = {scipy_edt * 1000:.1f} ms (scipy; baseline), "
          f"{opencv_edt * 1000:.1f} ms (OpenCV)")
    report("full evaluation, all layers", median_seconds(lambda: full_evaluation(case), repeats),
           scipy_edt, FULL_SUITE_TARGET)
    report("one-shot evaluate (metrics only)",
           median_seconds(lambda: vv.evaluate(case, vv.Params()), repeats), scipy_edt,
           FULL_SUITE_TARGET)
    stages = full_evaluation_stages(case, repeats)
    print(f"  full evaluation by stage (own time, median; sum {sum(stages.values()) * 1000:.1f} "
          "ms):")
    print_stages(stages, scipy_edt, 15)
    # the cache keeps 3 results per stage, so cycling through 4+ values always recomputes
    report("t change", median_seconds(change_timer(case, "t", [3, 4, 5, 6, 7]), repeats),
           scipy_edt, 1.5)
    report("cal_alpha change", median_seconds(
        change_timer(case, "cal_alpha", [3, 4, 5, 6, 7]), repeats), scipy_edt, 2)
    report("cal_beta change", median_seconds(
        change_timer(case, "cal_beta", [3, 4, 5, 6, 7]), repeats), scipy_edt, 2)
    report("ss_R change", median_seconds(
        change_timer(case, "ss_R", [1, 3, 4, 5, 6]), repeats), scipy_edt, 4)
    report("ss_alpha change", median_seconds(
        change_timer(case, "ss_alpha", [0.1, 0.3, 0.5, 0.7, 0.9]), repeats), scipy_edt)


def main() -> None:
    steady_state_kernels()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--shapes", default="584x565,3504x3390")
    parser.add_argument("--progressive-only", action="store_true",
                        help="only the progressive threshold-change benchmark (issue 15)")
    args = parser.parse_args()
    vv.evaluate(demo_case(shape=(64, 64), seed=1), vv.Params())  # compile numba kernels
    for text in args.shapes.split(","):
        rows, cols = (int(v) for v in text.split("x"))
        if not args.progressive_only:
            bench_shape((rows, cols), args.repeats)
        bench_progressive((rows, cols), args.repeats)
    peak_gb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024**2
    print(f"peak resident memory of this process: {peak_gb:.2f} GB (target < 1.5 GB)")


if __name__ == "__main__":
    main()
