"""Artery/vein benchmark (issue 27): an A/V evaluation against the binary one.

At DRIVE size (584x565) the synthetic demo case is evaluated (metrics only, a fresh
Evaluator each time) as a binary pair and as an A/V pair whose reference and candidate
carry label maps (the vessels split into artery and vein by connected component, a tenth
of the candidate's components given the other class). Prints the medians, their ratio
(target: A/V <= 2.5x binary) and the time of the artery/vein family's own stages in an
A/V evaluation. Runs alternate between the two so that machine load weighs on both.

Usage: ``python benchmarks/bench_artery_vein.py [--repeats N]``
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from scipy import ndimage

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import steady_state_kernels

import vesselview as vv
from vesselview.engine.families.artery_vein import FAMILY
from vesselview.synth import demo_case

CLASSES = {1: "artery", 2: "vein"}


def av_map(mask: np.ndarray, swapped: float, seed: int) -> vv.LabelMap:
    """``mask``'s components called artery or vein alternately; ``swapped`` of them the
    other class (chosen by ``seed``)."""
    components, count = ndimage.label(mask, np.ones((3, 3)))
    classes = np.arange(count + 1) % 2 + 1
    flip = np.random.default_rng(seed).random(count + 1) < swapped
    classes = np.where(flip, 3 - classes, classes).astype(np.uint8)
    classes[0] = 0
    return vv.LabelMap(classes[components], CLASSES)


def timed(case: vv.Case) -> float:
    start = time.perf_counter()
    vv.Evaluator(case).evaluate(vv.Params())
    return time.perf_counter() - start


def main() -> None:
    steady_state_kernels()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=9)
    repeats = parser.parse_args().repeats
    binary = demo_case((584, 565), seed=0)
    av = dataclasses.replace(binary, labels=av_map(binary.reference, 0.0, 1),
                             candidate_labels=av_map(binary.candidate, 0.1, 2))
    timed(binary), timed(av)  # warm-up: numba compilation, imports
    times: dict[str, list[float]] = {"binary": [], "av": []}
    for _ in range(repeats):
        times["binary"].append(timed(binary))
        times["av"].append(timed(av))
    medians = {name: statistics.median(values) for name, values in times.items()}
    ratio = medians["av"] / medians["binary"]
    print(f"584x565, metrics only, median of {repeats}:")
    print(f"  binary evaluation   {medians['binary'] * 1000:8.1f} ms")
    print(f"  A/V evaluation      {medians['av'] * 1000:8.1f} ms   {ratio:.2f}x binary "
          f"(target <= 2.5x: {'ok' if ratio <= 2.5 else 'MISSED'})")
    evaluator = vv.Evaluator(av)
    stages = {stage.name for stage in FAMILY.scores} | {"av_labels"}
    own = []
    for _ in range(repeats):
        evaluator = vv.Evaluator(av)
        evaluator.evaluate(vv.Params(), metrics=["se"])  # everything the A/V stages share
        start = time.perf_counter()
        evaluator.evaluate(vv.Params(), metrics=list(FAMILY.keys))
        own.append(time.perf_counter() - start)
    print(f"  the artery/vein stages alone ({', '.join(sorted(stages))}, with the reference "
          f"skeleton): {statistics.median(own) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
