"""Synthetic-case benchmark (issue 2 item 5): tree, masks, photograph, candidate, demo.

Prints medians (after a warm-up) at 584x565 and 3504x3390, each with its ratio to one
Euclidean distance transform of the reference (scipy, the shared baseline) and, for the
large image, against the synth target: a whole ``demo_case`` in < 2 s.

Usage: ``python benchmarks/bench_synth.py [--repeats N] [--shapes 584x565,3504x3390]``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import edt_baseline, median_seconds, report

from vesselview.synth import (
    demo_case,
    equal_change_set,
    fundus_image,
    probability_map,
    render_mask,
    teaching_case,
    vessel_tree,
)

TARGET_SECONDS = 2.0  # whole demo case at 3504x3390


def bench_shape(shape: tuple[int, int], repeats: int) -> None:
    """Print one line per synth step for one image size."""
    tree = vessel_tree(shape, seed=0)
    reference = render_mask(tree, shape)
    scipy_edt, _ = edt_baseline(reference, repeats)
    print(f"{shape[0]}x{shape[1]}: one EDT = {scipy_edt * 1000:.1f} ms (scipy; baseline)")
    report("vessel_tree", median_seconds(lambda: vessel_tree(shape, seed=0), repeats), scipy_edt)
    report("render_mask", median_seconds(lambda: render_mask(tree, shape), repeats), scipy_edt)
    report("fundus_image", median_seconds(lambda: fundus_image(tree, shape), repeats), scipy_edt)
    report("probability_map", median_seconds(lambda: probability_map(tree, shape), repeats),
           scipy_edt)
    demo = median_seconds(lambda: demo_case(shape, soft=True), repeats)
    report("demo_case(soft=True)", demo, scipy_edt)
    print(f"  demo_case vs {TARGET_SECONDS:g} s target: {demo / TARGET_SECONDS:.2f}x "
          f"({'ok' if demo <= TARGET_SECONDS else 'MISSED'})")
    report("teaching_case('gap', 10), cached base",
           median_seconds(lambda: teaching_case("gap", 10.0, shape), repeats), scipy_edt)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--shapes", default="584x565,3504x3390")
    args = parser.parse_args()
    for text in args.shapes.split(","):
        height, width = (int(v) for v in text.split("x"))
        bench_shape((height, width), args.repeats)
    seconds = median_seconds(lambda: equal_change_set(1500), max(1, args.repeats // 2))
    print(f"equal_change_set(1500) at 584x565: {seconds * 1000:.0f} ms")


if __name__ == "__main__":
    main()
