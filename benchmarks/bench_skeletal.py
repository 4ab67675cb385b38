"""Skeletal-similarity benchmark (issue 3): SS alone and per stage, as ratios to one EDT.

For a 584x565 and a 3504x3390 synthetic case (``vesselview.synth.demo_case``) prints the
median time (after a warm-up that compiles the numba kernels) of SS alone - every stage
from the thicknesses to the scores, given the two skeletons, which the pipeline
shares with CAL and clDice - and of each stage, divided by one Euclidean distance
transform of the reference mask by ``scipy.ndimage.distance_transform_edt`` (OpenCV's
time is printed for context). Target: SS alone <= 3 EDTs at both sizes.

Usage: ``python benchmarks/bench_skeletal.py [--repeats N] [--shapes 584x565,3504x3390]``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import edt_baseline, median_seconds, report, steady_state_kernels

from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.skeletal import (
    match_segments,
    reference_segments,
    revised_counts,
    search_radii,
    skeletal_scores,
    skeletal_similarity,
    skeleton_thickness,
)
from vesselview.engine.thinning import thin
from vesselview.synth import demo_case


def bench_shape(case: Case, repeats: int) -> None:
    """Print SS alone and its stages for one case."""
    g, s, f = case.reference, case.candidate, case.fov
    g_skel, s_skel = thin(g), thin(s)
    params = Params()
    g_thick, s_thick = skeleton_thickness(g, g_skel), skeleton_thickness(s, s_skel)
    search = search_radii(g_skel, g_thick, f, params.ss_R)
    segments = reference_segments(g_skel, f, params.ss_min_length, params.ss_max_length)
    matches = match_segments(g_skel, g_thick, s_skel, s_thick, search, segments)
    counts = revised_counts(g, s, f, g_skel, s_skel, search.search_mask)
    scipy_edt, opencv_edt = edt_baseline(g, repeats)
    h, w = g.shape
    print(f"{h}x{w}: one EDT = {scipy_edt * 1000:.1f} ms (scipy; baseline), "
          f"{opencv_edt * 1000:.1f} ms (OpenCV); reference / candidate skeleton "
          f"{int(g_skel.sum())} / {int(s_skel.sum())} px, {matches.table.size} segments")
    report("SS alone (skeletons given)", median_seconds(
        lambda: skeletal_similarity(g, s, f, params, g_skel, s_skel), repeats), scipy_edt, 3)
    stages = {
        "1 thickness (G and S)":
            lambda: (skeleton_thickness(g, g_skel), skeleton_thickness(s, s_skel)),
        "2 search radii + mask": lambda: search_radii(g_skel, g_thick, f, params.ss_R),
        "3 reference segments": lambda: reference_segments(
            g_skel, f, params.ss_min_length, params.ss_max_length),
        "4 matching (assign, fits)": lambda: match_segments(
            g_skel, g_thick, s_skel, s_thick, search, segments),
        "4 revised counts": lambda: revised_counts(g, s, f, g_skel, s_skel, search.search_mask),
        "5 scores (alpha)": lambda: skeletal_scores(
            matches.table, counts, segments.confidence, params.ss_alpha),
    }
    for label, action in stages.items():
        report(label, median_seconds(action, repeats), scipy_edt)
    identical, _, _ = skeletal_similarity(g, g, f, params, g_skel, g_skel)
    print(f"  SS of the reference against itself: {identical['ss']:.4f} "
          f"(confidence {identical['ss_confidence']:.4f})")


def main() -> None:
    steady_state_kernels()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--shapes", default="584x565,3504x3390")
    args = parser.parse_args()
    warm = demo_case(shape=(64, 64), seed=1)
    skeletal_similarity(warm.reference, warm.candidate, warm.fov)  # compile numba kernels
    for text in args.shapes.split(","):
        rows, cols = (int(v) for v in text.split("x"))
        bench_shape(demo_case(shape=(rows, cols), seed=0), args.repeats)


if __name__ == "__main__":
    main()
