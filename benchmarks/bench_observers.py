"""Several observers (issue 23): what the fuzzy measures and the Williams index cost.

A DRIVE-size (584x565) synthetic case is evaluated (every metric, no layers, a fresh
Evaluator each time) with its one reference and again with a second observer (the
reference with gaps, as a second human's tracing differs); the second evaluation adds
the fuzzy measures and the Williams index of Dice, F1_t and SS, which runs each metric's
stages once against each observer and twice for the pair. Prints the medians, their
ratio and the stages taking the time; also ``disagreement=ignore``.

Usage: ``python benchmarks/bench_observers.py [--repeats N]``
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import edt_baseline, median_seconds, report, steady_state_kernels
from bench_pipeline import TimedCache

import vesselview as vv
from vesselview.synth import demo_case, teaching_case

SHAPE = (584, 565)


def two_observer_case() -> vv.Case:
    """The demo case with a second observer: its reference with 3-px gaps."""
    case = demo_case(shape=SHAPE, seed=0)
    second = teaching_case("gap", 3.0, SHAPE, seed=0).candidate
    return dataclasses.replace(case, references={"observer2": second})


def stage_seconds(case: vv.Case) -> dict[str, float]:
    """Each stage's own seconds in one evaluation of ``case`` (nested stages excluded)."""
    evaluator = vv.Evaluator(case)
    cache = TimedCache()
    evaluator._cache = cache  # a benchmark may look inside: the stages' own times
    evaluator.evaluate(vv.Params())
    return dict(cache.seconds)


def main() -> None:
    steady_state_kernels()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    repeats = parser.parse_args().repeats
    one = demo_case(shape=SHAPE, seed=0)
    two = two_observer_case()
    edt, _ = edt_baseline(one.reference, repeats)
    print(f"{SHAPE[0]}x{SHAPE[1]}, every metric, no layers (one EDT = {edt * 1000:.1f} ms):")
    seconds_one = median_seconds(lambda: vv.evaluate(one), repeats)
    seconds_two = median_seconds(lambda: vv.evaluate(two), repeats)
    seconds_ignore = median_seconds(
        lambda: vv.evaluate(two, vv.Params(disagreement="ignore")), repeats)
    report("one observer", seconds_one, edt)
    report("two observers", seconds_two, edt)
    report("two observers, disagreement=ignore", seconds_ignore, edt)
    print(f"  two observers / one observer: {seconds_two / seconds_one:.2f}x")
    stages = stage_seconds(two)
    print("  the stages of the observers' measures (two observers):")
    for stage in ("fuzzy", "williams_dice", "williams_f1_t", "williams_ss"):
        print(f"    {stages[stage] * 1000:8.1f} ms  {stage}")
    print(f"    {sum(stages.values()) * 1000:8.1f} ms  all stages")


if __name__ == "__main__":
    main()
