"""How many local workers fit in memory (``--workers`` is budgeted per worker), and
whether a run is too small for workers at all.

Every worker process holds the libraries and one evaluation at a time. Its peak grows
with the image: ``WORKER_BASE_BYTES + BYTES_PER_PIXEL * pixels``, measured with
``benchmarks/bench_memory.py``: the CLI's path (every metric of one pair) peaked at
0.65 GB at 3504x3390 and 3.86 GB at 10000x10000, 36-37 bytes per pixel above 0.2 GB;
40 rounds that up. When the requested workers would not fit in the memory available
now, fewer run, and the command says so on stderr; ``--help`` states the rule.

A worker process first imports the libraries and loads the compiled kernels, about
1.5 s of one core, before it evaluates anything. So without ``--workers``, a run with
less work than `SERIAL_WORK_PIXELS` runs serially in the command's own process
(`runs_serially`): workers win only once the work is several times a worker's
start-up.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence

#: Resident memory of a worker before it evaluates (Python, numpy, scipy, numba, ...).
WORKER_BASE_BYTES = 200_000_000
#: Peak memory per image pixel of one evaluation (bench_memory.py, CLI path, rounded up).
BYTES_PER_PIXEL = 40
#: The image size the help text gives the budget for (a large fundus photograph).
EXAMPLE_SHAPE = (3504, 3390)
#: References whose size is read to find the largest image (headers only).
SIZE_SAMPLE = 100
#: Below this many pixel-evaluations (pairs x parameter sets x pixels of the largest
#: image) the default runs serially: 20 Mpx are about 4 s of one core (~0.2 us per pixel
#: for every metric), 60 DRIVE-size (584x565) pairs. Measured on 2 cores: 20 and 60
#: DRIVE-size pairs ran faster serially than with 2 workers (README, "Speed").
SERIAL_WORK_PIXELS = 20_000_000


@dataclasses.dataclass(frozen=True)
class Budget:
    """The workers that fit, and the sentence that says why."""

    workers: int
    note: str


def worker_bytes(pixels: int) -> int:
    """Peak resident memory of one worker evaluating an image of ``pixels`` pixels."""
    return WORKER_BASE_BYTES + BYTES_PER_PIXEL * pixels


def budget_rule() -> str:
    """The budget in words, for ``--help``."""
    height, width = EXAMPLE_SHAPE
    return (f"{WORKER_BASE_BYTES / 1e9:.1f} GB + {BYTES_PER_PIXEL} bytes per pixel of the "
            f"largest image ({worker_bytes(height * width) / 1e9:.1f} GB at {height}x{width})")


def budget_workers(requested: int, pixels: int, available: int | None) -> Budget:
    """At most ``requested`` workers, as many as ``available`` bytes hold (at least one).

    Parameters
    ----------
    requested : int
        ``--workers``.
    pixels : int
        Pixels of the largest image of the run.
    available : int or None
        Memory available now, in bytes; None when unknown (no limit is applied).
    """
    each = worker_bytes(pixels)
    per_worker = f"about {each / 1e9:.1f} GB per worker for {pixels / 1e6:.1f} Mpx images"
    if available is None:
        return Budget(requested, f"{requested} workers, {per_worker}")
    fits = max(1, available // each)
    if fits >= requested:
        return Budget(requested, f"{requested} workers, {per_worker} "
                                 f"({available / 1e9:.1f} GB available)")
    return Budget(fits, f"warning: --workers {requested} lowered to {fits}: {per_worker} "
                        f"and {available / 1e9:.1f} GB available")


def runs_serially(pairs: int, combinations: int, pixels: int) -> bool:
    """Whether a run of ``pairs`` x ``combinations`` evaluations of images of at most
    ``pixels`` pixels is too small to gain from worker processes (`SERIAL_WORK_PIXELS`)."""
    return pairs * combinations * pixels < SERIAL_WORK_PIXELS


def available_memory() -> int | None:
    """Bytes of memory available to new processes now (Linux ``MemAvailable``)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):  # not on this system
        return None


def largest_image_pixels(paths: Sequence[str]) -> int:
    """Pixels of the largest of the first `SIZE_SAMPLE` images, from their headers only.

    Unreadable files count as 0 here: the evaluation reports them properly.
    """
    return max((_pixels(path) for path in paths[:SIZE_SAMPLE]), default=0)


def _pixels(path: str) -> int:
    import numpy as np  # here: ``--help`` (which reads SERIAL_WORK_PIXELS) needs neither
    from PIL import Image

    try:
        if path.lower().endswith(".npy"):
            shape = np.load(path, mmap_mode="r").shape
            return int(shape[0]) * int(shape[1]) if len(shape) >= 2 else 0
        with Image.open(path) as image:
            return image.width * image.height
    except (OSError, ValueError, Image.DecompressionBombError):
        return 0
