"""Detection family benchmark (issue 24): what junction and segment detection add.

For a 584x565 and a 3504x3390 synthetic case, prints the seconds the detection family's
own stages take in a full evaluation with every layer (the skeletons are shared with the
other families and not counted), and a ``junction_r`` change, as ratios to one Euclidean
distance transform of the reference. Target (issue 24 item 7): <= 1 EDT added.

Usage: ``python benchmarks/bench_detection.py [--repeats N] [--shapes 584x565,3504x3390]
[--cpu] [--set KEY=VALUE ...]``. ``--set`` evaluates with other parameters, e.g. the
graph clean-up (``--set spur_length=4 --set junction_merge=4``) to time its cost.
``--cpu`` times the stages and the EDT by this thread's CPU time
(``time.thread_time``) instead of wall time: on a machine shared by many processes the
wall time of each short stage also counts its waits for a core, which inflates a sum of
many stages more than one EDT.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import edt_baseline, median_seconds, report, steady_state_kernels
from bench_pipeline import TimedCache, change_timer

import vesselview as vv
from vesselview.engine.families.detection import FAMILY
from vesselview.synth import demo_case

#: The family's own stages: its graphs, scores, products and layers.
OWN_STAGES = frozenset(stage.name for stage in FAMILY.stages(FAMILY.keys)
                       if stage.name not in ("reference_skeleton", "candidate_skeleton",
                                             "candidate_mask")) | {
    stage.name for stage in FAMILY.layers}


def detection_seconds(case: vv.Case, repeats: int, params: vv.Params
                      ) -> tuple[float, dict[str, float]]:
    """Median seconds of the family's own stages in a fresh full evaluation, and the last
    run's seconds per stage."""
    totals, stages = [], {}
    for _ in range(repeats + 1):
        evaluator = vv.Evaluator(case)
        cache = TimedCache()
        evaluator._cache = cache  # a benchmark may look inside: the stages' own times
        result = evaluator.evaluate(params)
        for name in result.layers:
            result.layers[name]
        stages = {name: s for name, s in cache.seconds.items() if name in OWN_STAGES}
        totals.append(sum(stages.values()))
    return statistics.median(totals[1:]), stages


def bench_shape(shape: tuple[int, int], repeats: int, params: vv.Params) -> None:
    """Print the detection lines for one image size."""
    case = demo_case(shape=shape, seed=0)
    scipy_edt, _ = edt_baseline(case.reference, repeats)
    print(f"{shape[0]}x{shape[1]}: one EDT = {scipy_edt * 1000:.1f} ms (scipy; baseline)")
    total, stages = detection_seconds(case, repeats, params)
    report("detection stages in a full evaluation", total, scipy_edt, 1)
    for name, seconds in sorted(stages.items(), key=lambda item: -item[1]):
        print(f"    {seconds * 1000:8.1f} ms  {name}")
    report("junction_r change", median_seconds(
        change_timer(case, "junction_r", [1.0, 2.0, 4.0, 5.0, 6.0]), repeats), scipy_edt)


def main() -> None:
    steady_state_kernels()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--shapes", default="584x565,3504x3390")
    parser.add_argument("--cpu", action="store_true",
                        help="time by this thread's CPU time instead of wall time")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="a parameter other than its default (repeatable)")
    args = parser.parse_args()
    params = vv.Params.from_mapping(dict(text.split("=", 1) for text in args.set))
    print(f"parameters changed: {', '.join(args.set) or 'none'}")
    if args.cpu:  # every timer here (stages, EDT baseline) reads time.perf_counter
        time.perf_counter = time.thread_time
    vv.evaluate(demo_case(shape=(64, 64), seed=1), vv.Params())  # compile numba kernels
    for text in args.shapes.split(","):
        rows, cols = (int(v) for v in text.split("x"))
        bench_shape((rows, cols), args.repeats, params)


if __name__ == "__main__":
    main()
