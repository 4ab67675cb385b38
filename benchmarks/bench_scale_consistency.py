"""Scale consistency (issue 22 item 3): the same physical parameters at 1x, 2x and 3x.

Each synthetic DRIVE-sized case (`vesselview.synth.demo_case`, 584x565) is evaluated at
its own resolution and as a copy upscaled 2x and 3x (nearest neighbour, as the issue's
DRIVE test did), with the spacing divided by the factor and every length parameter in µm
(its default in pixels times the 1x spacing). For each metric the table gives, over the
cases, the mean |Δ| of a ratio against 1x, or the mean relative difference of a
distance in µm (an area in µm²). Targets (issue 22): ratio metrics mean |Δ| <= 0.02,
SS's <= 0.03, distances <= 5 %. Counts (Betti errors) are shown as mean |Δ| for context.
The columns after them repeat the factors under the scale-consistent settings
(`CONSISTENT`): ``distance_convention = deepmind`` (the boundary between pixels,
length-weighted: `vesselview.engine.boundary_lattice`) and ``distance_to = squares``
(distances to the other mask's pixel squares), ``cal_l_count = sum`` (CAL-L counts each
skeleton's pixels on its own) and the vessel graph's clean-up (`CLEAN_UP_PX`: spurs under
4 px of 1x pruned, junctions within 4 px merged, in µm), for the keys they change
(`CONSISTENT_KEYS`), against 1x under the same settings. ``fom_length`` and
``norm_length`` are lengths like the others, in µm in every column but the last.
The last column is the first factor again with every length left in pixels (today's
default), the difference the units remove. Metrics a case does not define (fuzzy ones
need a soft reference, Williams' several observers) are left out.

Usage: ``python benchmarks/bench_scale_consistency.py [--cases N] [--factors 2,3]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Mapping

import numpy as np

import vesselview as vv
from vesselview.engine.families import METRICS
from vesselview.engine.params import LENGTH_KEYS
from vesselview.engine.pipeline.evaluator import Evaluator
from vesselview.synth import demo_case

#: µm per pixel of the 1x cases (DRIVE's, from its 45° field: about 24).
SPACING_UM = 24.0
#: Target per metric kind; SS's own keys have the looser target of the issue.
RATIO_TARGET, SS_TARGET, DISTANCE_TARGET = 0.02, 0.03, 0.05
_SS_FAMILY = "skeletal"
#: The scale-consistent settings (docs/metrics.md, "Lengths and units").
CONSISTENT = {"distance_convention": "deepmind", "distance_to": "squares",
              "cal_l_count": "sum"}
#: Their lengths other than the defaults, in pixels of 1x (docs/metrics.md §10).
CLEAN_UP_PX = {"spur_length": 4.0, "junction_merge": 4.0}
#: The keys they change: ``distance_convention``'s, ``distance_to``'s, then CAL-L's and
#: the vessel graph's.
CONSISTENT_KEYS = ("hd95_contour", "nsd", "asd", "rmsd", "msd", "n_asd", "n_rmsd", "n_msd",
                   "mse", "hd95", "fom", "delta_p", "cal", "cal_l", "junction_precision",
                   "junction_recall", "junction_f1", "bifurcation_f1", "crossing_f1",
                   "segment_recall", "false_segments")
_DEFAULTS = {key: vv.Params().to_dict()[key] for key in CONSISTENT}


def upscaled(case: vv.Case, factor: int) -> vv.Case:
    """``case``'s masks repeated ``factor`` x ``factor`` (nearest neighbour), spacing / factor."""
    def grow(mask: np.ndarray) -> np.ndarray:
        return np.kron(mask, np.ones((factor, factor), bool)).astype(bool)
    return vv.Case(grow(case.reference), grow(case.candidate), grow(case.fov),
                   spacing_um=SPACING_UM / factor, sources={"spacing": "given"})


def physical_params(settings: Mapping[str, str] = _DEFAULTS,
                    lengths_px: Mapping[str, float] | None = None) -> vv.Params:
    """Every length at its default (or ``lengths_px``), in µm at `SPACING_UM` (so 1x is
    today's pixels), with ``settings`` (`CONSISTENT`, or their defaults)."""
    pixels = {key: getattr(vv.Params(), key) for key in LENGTH_KEYS} | dict(lengths_px or {})
    return vv.Params(**settings, **{key: f"{value * SPACING_UM:g}um"
                                    for key, value in pixels.items()})


def consistent_params() -> vv.Params:
    """The scale-consistent settings: `CONSISTENT` with the `CLEAN_UP_PX` lengths."""
    return physical_params(CONSISTENT, CLEAN_UP_PX)


def difference(key: str, base: float, scaled: float, factor: int) -> float:
    """|Δ| of a ratio or count; relative difference of a length (area) in µm (µm²)."""
    kind = METRICS[key].kind
    if kind in ("ratio", "count"):
        return abs(scaled - base)
    power = 1 if kind == "length" else 2
    base_um, scaled_um = base, scaled / factor**power
    if base_um == scaled_um:  # 0 and 0, or inf and inf
        return 0.0
    return abs(scaled_um - base_um) / abs(base_um)


def target(key: str) -> float | None:
    """The issue's bound for ``key``, None for counts."""
    info = METRICS[key]
    if info.kind == "count":
        return None
    if info.kind in ("length", "area"):
        return DISTANCE_TARGET
    return SS_TARGET if key in _ss_keys() else RATIO_TARGET


def _ss_keys() -> set[str]:
    return {key for family in vv.FAMILIES if family.name == _SS_FAMILY for key in family.keys}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=5)
    parser.add_argument("--factors", default="2,3")
    options = parser.parse_args()
    factors = [int(text) for text in options.factors.split(",")]
    plain, consistent = physical_params(), consistent_params()
    # (factor, parameters, the keys the run measures, the 1x parameters it compares to)
    runs = [(factor, plain, tuple(METRICS), plain) for factor in factors]
    runs += [(factor, consistent, CONSISTENT_KEYS, consistent) for factor in factors]
    runs.append((factors[0], vv.Params(), tuple(METRICS), plain))
    diffs: list[dict[str, list[float]]] = [{key: [] for key in METRICS} for _ in runs]
    start = time.perf_counter()
    for seed in range(options.cases):
        case = demo_case((584, 565), seed=seed)
        at_1x = Evaluator(upscaled(case, 1))  # µm = px at 1x
        bases = {params: at_1x.evaluate(params).metrics for params in (plain, consistent)}
        for (factor, params, keys, at_base), found in zip(runs, diffs, strict=True):
            base = bases[at_base]
            scaled = vv.evaluate(upscaled(case, factor), params, metrics=keys).metrics
            for key in keys:
                if np.isfinite(base[key]) and np.isfinite(scaled[key]):
                    found[key].append(difference(key, base[key], scaled[key], factor))
    print(f"{options.cases} synthetic 584x565 cases at {SPACING_UM:g} µm/px, upscaled "
          f"{', '.join(f'{k}x' for k in factors)}; lengths in µm "
          f"({time.perf_counter() - start:.0f} s)\n")
    columns = ([f"{k}x vs 1x" for k in factors]
               + [f"{k}x, scale-consistent" for k in factors]
               + [f"{factors[0]}x, lengths in px"])
    print("| metric | kind | " + " | ".join(columns) + " | target |")
    print("|" + "---|" * (3 + len(columns)))
    for key, info in METRICS.items():
        if not diffs[0][key]:
            continue
        bound = target(key)
        cells = []
        for found in diffs:
            if not found[key]:
                cells.append("")
                continue
            mean = statistics.fmean(found[key])
            text = f"{100 * mean:.1f} %" if info.kind in ("length", "area") else f"{mean:.3f}"
            cells.append(text + (" ✗" if bound is not None and mean > bound else ""))
        shown = "—" if bound is None else (f"<= {100 * bound:.0f} %"
                                          if info.kind in ("length", "area") else f"<= {bound}")
        print(f"| {key} | {info.kind} | " + " | ".join(cells) + f" | {shown} |")


if __name__ == "__main__":
    sys.exit(main())
