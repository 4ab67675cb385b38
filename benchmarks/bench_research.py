"""Research-tools benchmark (issue 6): exact curves of a soft map and a parameter sweep.

Prints medians (after a warm-up) for a 584x565 and a 3504x3390 synthetic probability
map: the operating points (one sort per class), ROC + PR from them, the exact F1_t
curve at every distinct threshold, the FROC curves (up to 100 + 30 thresholds, a thinning and a
vessel graph each) and ``write_curves`` to CSV; then a sweep of ``t``
over 0..10 with one cached Evaluator against a fresh Evaluator per value (the ratio is
what the stage cache saves). The brief's target: curves "fast on 3504x3390".

Usage: ``python benchmarks/bench_research.py [--repeats N] [--shapes 584x565,3504x3390]``
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import median_seconds

import vesselview as vv
from vesselview.io.curve_tables import write_curves
from vesselview.research.curves import f1_t_curve, operating_points
from vesselview.research.froc import FROC_POINTS, froc_curves
from vesselview.research.sweep import sweep
from vesselview.synth import demo_case

T_VALUES = list(range(11))


def line(label: str, seconds: float, note: str = "") -> None:
    print(f"  {label:<40} {seconds * 1000:10.1f} ms  {note}")


def bench_curves(case: vv.Case, repeats: int) -> None:
    points = operating_points(case)
    line("operating points (sort once)", median_seconds(lambda: operating_points(case), repeats),
         f"{points.thresholds.size} operating points")
    line("ROC + PR from the points", median_seconds(lambda: (points.roc(), points.pr()), repeats))
    line("F1_t curve, every threshold (t=2)", median_seconds(lambda: f1_t_curve(case), repeats))
    line(f"FROC segments + components (<= {FROC_POINTS}+ thr.)",
         median_seconds(lambda: froc_curves(case), max(1, repeats // 2)))
    line("write_curves CSV", median_seconds(
        lambda: write_curves(case, vv.Params(), io.StringIO(), "csv"), max(1, repeats // 2)))


def bench_sweep(case: vv.Case, repeats: int) -> None:
    def fresh_each_value() -> None:
        for t in T_VALUES:
            vv.Evaluator(case).evaluate(vv.Params(t=t))

    def one_evaluator() -> None:
        sweep(case, "t", T_VALUES)

    cached = median_seconds(one_evaluator, repeats, warmup=0)
    fresh = median_seconds(fresh_each_value, repeats, warmup=0)
    line("sweep t=0..10, one Evaluator", cached)
    line("same with a fresh Evaluator per value", fresh, f"ratio {fresh / cached:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--shapes", default="584x565,3504x3390")
    options = parser.parse_args()
    for text in options.shapes.split(","):
        shape = tuple(int(v) for v in text.lower().split("x"))
        case = demo_case(shape=shape, seed=0, soft=True)
        print(f"{shape[0]}x{shape[1]}:")
        bench_curves(case, options.repeats)
        if shape[0] * shape[1] <= 1_000_000:  # full evaluations at 3504x3390 take minutes
            bench_sweep(case, options.repeats)


if __name__ == "__main__":
    main()
