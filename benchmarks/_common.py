"""Shared helpers for the benchmark scripts: medians, the EDT baseline, printing."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

import cv2
import numpy as np
from scipy import ndimage

from vesselview.engine.kernels_choice import COMPILED, MODE_ENV


def steady_state_kernels() -> None:
    """Evaluate with the compiled kernels at every size, as the window does after its first
    result and a batch of several pairs from its start (`kernels_warmup.load_in_background`).

    A benchmark of repeated evaluations measures that steady state; a lone small image's
    first start takes the no-compile path instead (3-4x slower per evaluation at DRIVE
    size, but no numba import), which `bench_startup.py` measures. Set
    ``VESSELVIEW_KERNELS=no-compile`` to time that path here.
    """
    os.environ.setdefault(MODE_ENV, COMPILED)


def median_seconds(action: Callable[[], object], repeats: int, warmup: int = 1) -> float:
    """Median wall time of ``action`` over ``repeats`` runs, after ``warmup`` untimed runs."""
    for _ in range(warmup):
        action()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def edt_baseline(mask: np.ndarray, repeats: int) -> tuple[float, float]:
    """Median seconds of one Euclidean distance transform of ``mask``'s background.

    Returns ``(scipy, opencv)``: ``scipy.ndimage.distance_transform_edt`` is the baseline
    the ratios use; OpenCV's float32 transform is printed for context only (the engine uses
    the exact numba transform of ``vesselview/engine/edt.py``).
    """
    scipy_time = median_seconds(lambda: ndimage.distance_transform_edt(~mask), repeats)
    background = (~mask).view(np.uint8)
    opencv_time = median_seconds(
        lambda: cv2.distanceTransform(background, cv2.DIST_L2, cv2.DIST_MASK_PRECISE), repeats)
    return scipy_time, opencv_time


def report(label: str, seconds: float, edt: float, target: float | None = None) -> None:
    """Print one benchmark line: median, ratio to one EDT, and the target when there is one."""
    ratio = seconds / edt
    verdict = ("" if target is None
               else f"  target <= {target:g} EDT: {'ok' if ratio <= target else 'MISSED'}")
    print(f"  {label:<38} {seconds * 1000:10.1f} ms  {ratio:6.2f} EDT{verdict}")
