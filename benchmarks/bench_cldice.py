"""clDice against its reference implementation (issue 28, item 6).

The reference is the clDice authors' metric (``jocpae/clDice``, ``cldice_metric``): both
masks skeletonized by ``skimage.morphology.skeletonize``, then
``Tprec = sum(S * skel(G)) / sum(skel(G))`` and the other way round. vesselview's clDice
is timed three ways on the same synthetic case (``vesselview.synth.demo_case``):

- ``evaluate(metrics=["cldice"])``: the public API computing clDice alone, both skeletons
  (`vesselview.engine.thinning.thin`) included - the like-for-like comparison;
- the ``cldice`` stage alone, given the skeletons, which a full evaluation shares with
  CAL, skeletal similarity and the vessel-width family (its marginal cost there).

The two paths run alternately and the ratio is the median of the per-pair ratios, so a
load change on a shared machine hits both. Target: the reference / vesselview ratio of
the like-for-like line >= 1 (vesselview at least as fast). The values differ slightly:
skimage's skeletonize is Zhang-Suen thinning, vesselview's is Guo-Hall (as CAL's).

Usage: ``python benchmarks/bench_cldice.py [--repeats N] [--shapes 584x565,3504x3390]``
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
from skimage.morphology import skeletonize

import vesselview as vv
from vesselview.engine.families.topology import cldice_score
from vesselview.engine.thinning import thin
from vesselview.synth import demo_case


def reference_cldice(prediction: np.ndarray, label: np.ndarray) -> float:
    """The clDice authors' 2-D metric (skimage skeletons), as their repository writes it."""

    def cl_score(volume: np.ndarray, skeleton: np.ndarray) -> float:
        return float(np.sum(volume * skeleton) / np.sum(skeleton))

    tprec = cl_score(prediction, skeletonize(label))
    tsens = cl_score(label, skeletonize(prediction))
    return 2 * tprec * tsens / (tprec + tsens)


def seconds(action: Callable[[], object]) -> float:
    """Wall time of one call of ``action``."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def paired(ours: Callable[[], object], theirs: Callable[[], object],
           repeats: int) -> tuple[float, float, float]:
    """Median seconds of each, and the median of theirs / ours over alternating runs."""
    ours(), theirs()  # warm-up
    mine, peer = [], []
    for _ in range(repeats):
        mine.append(seconds(ours))
        peer.append(seconds(theirs))
    ratios = [p / m for m, p in zip(mine, peer, strict=True)]
    return statistics.median(mine), statistics.median(peer), statistics.median(ratios)


def bench_shape(shape: tuple[int, int], repeats: int) -> None:
    """Print the like-for-like and the marginal comparison for one image size."""
    case = demo_case(shape=shape, seed=0)
    # skimage's Cython skeletonize refuses read-only arrays (a Case's are)
    candidate, reference = case.candidate.copy(), case.reference.copy()
    params = vv.Params()
    ours = vv.evaluate(case, params, metrics=["cldice"]).metrics["cldice"]
    print(f"{shape[0]}x{shape[1]}: clDice {ours:.4f} (vesselview), "
          f"{reference_cldice(candidate, reference):.4f} (reference, Zhang-Suen skeletons)")
    rows = {
        "evaluate(metrics=['cldice'])": lambda: vv.evaluate(case, params, metrics=["cldice"]),
    }
    skeletons = thin(candidate), thin(reference)
    rows["cldice stage, skeletons shared"] = lambda: cldice_score(
        candidate, reference, *skeletons)
    for label, action in rows.items():
        mine, peer, ratio = paired(action, lambda: reference_cldice(candidate, reference),
                                   repeats)
        verdict = "ok" if ratio >= 1 else "MISSED"
        print(f"  {label:<32} {mine * 1000:9.1f} ms  reference {peer * 1000:9.1f} ms  "
              f"{ratio:6.2f}x faster  (target >= 1x: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--shapes", default="584x565,3504x3390")
    args = parser.parse_args()
    warm = demo_case(shape=(64, 64), seed=1)
    vv.evaluate(warm, metrics=["cldice"])  # load the compiled kernels
    for text in args.shapes.split(","):
        rows, cols = (int(v) for v in text.split("x"))
        bench_shape((rows, cols), args.repeats)


if __name__ == "__main__":
    main()
