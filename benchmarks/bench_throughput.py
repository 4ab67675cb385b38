"""Throughput benchmark (issue 15, item 4): 20 DRIVE-size cases, CLI against API.

Writes 20 synthetic 584x565 cases (reference, candidate, FOV as PNG files, one manifest)
and times all metrics for all of them three ways, with a warm kernel cache:

- ``api``: ``load_case`` + ``Evaluator(case).evaluate()`` per case, in this process;
- ``cli in-process``: ``vesselview.cli.main.main([...])``, one serial run;
- ``cli``: ``vesselview-eval --manifest ... --workers 1``, one fresh process (its start-up
  included, as a user sees it).

Prints seconds per case and the CLI's ratio to the API. Target (issue 15): the CLI
(one process, warm) within 1.5x of the API.

Usage: ``python benchmarks/bench_throughput.py [--cases 20] [--repeats 3]``
"""

from __future__ import annotations

import argparse
import contextlib
import io
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from _common import median_seconds
from PIL import Image

import vesselview as vv
from vesselview.cli.main import main as cli_main
from vesselview.synth import demo_case


def write_cases(folder: Path, count: int) -> Path:
    """``count`` synthetic DRIVE-size pairs as PNG files and their manifest."""
    lines = ["id,reference,candidate,fov"]
    for seed in range(count):
        case = demo_case(seed=seed)
        for name in ("reference", "candidate", "fov"):
            image = getattr(case, name).astype(np.uint8) * 255
            Image.fromarray(image).save(folder / f"{seed:02d}_{name}.png")
        lines.append(f"{seed:02d},{seed:02d}_reference.png,{seed:02d}_candidate.png,"
                     f"{seed:02d}_fov.png")
    manifest = folder / "pairs.csv"
    manifest.write_text("\n".join(lines) + "\n")
    return manifest


def api(folder: Path, count: int) -> None:
    for seed in range(count):
        case = vv.load_case(folder / f"{seed:02d}_reference.png",
                            folder / f"{seed:02d}_candidate.png",
                            fov=folder / f"{seed:02d}_fov.png")
        vv.Evaluator(case).evaluate(vv.Params())


def cli_in_process(manifest: Path) -> None:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert cli_main(["--manifest", str(manifest), "--workers", "1"]) == 0


def cli_process(manifest: Path) -> None:
    subprocess.run([sys.executable, "-m", "vesselview.cli.main", "--manifest", str(manifest),
                    "--workers", "1"], check=True, stdout=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        manifest = write_cases(folder, args.cases)
        api_s = median_seconds(lambda: api(folder, args.cases), args.repeats)
        inner_s = median_seconds(lambda: cli_in_process(manifest), args.repeats)
        outer_s = median_seconds(lambda: cli_process(manifest), args.repeats)
    print(f"{args.cases} DRIVE-size cases, all metrics, warm (median of {args.repeats}):")
    for label, seconds in (("api", api_s), ("cli in-process", inner_s), ("cli", outer_s)):
        ratio = seconds / api_s
        verdict = "" if label == "api" else (
            f"  {ratio:.2f}x api (target <= 1.5x: {'ok' if ratio <= 1.5 else 'MISSED'})")
        print(f"  {label:<15} {seconds:7.2f} s  {seconds / args.cases * 1000:7.1f} ms/case"
              f"{verdict}")


if __name__ == "__main__":
    main()
