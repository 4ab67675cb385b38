"""A full-resolution case made fast: the demo case enlarged by nearest-neighbour
resampling (vessels get thicker), for the responsiveness test and benchmark."""

from __future__ import annotations

import cv2
import numpy as np

from vesselview.engine.case import Case
from vesselview.synth import demo_case

LARGE_SHAPE = (3504, 3390)  # 6x DRIVE's 584x565 in each direction


def upscaled_demo(shape: tuple[int, int] = LARGE_SHAPE, seed: int = 0) -> Case:
    """The demo case of ``seed`` enlarged to ``shape`` (rows, columns)."""
    small = demo_case(seed=seed)
    size = (shape[1], shape[0])

    def enlarge(array: np.ndarray) -> np.ndarray:
        return cv2.resize(array, size, interpolation=cv2.INTER_NEAREST)

    return Case(reference=enlarge(small.reference.view(np.uint8)).astype(bool),
                candidate=enlarge(small.candidate.view(np.uint8)).astype(bool),
                fov=enlarge(small.fov.view(np.uint8)).astype(bool),
                fundus=enlarge(small.fundus),
                sources={"reference": "upscaled demo", "candidate": "upscaled demo"})
