"""Shared helpers for the engine tests: ASCII-art masks, random vessel-like masks,
grid transforms, and a checker for `Scores` against hand-worked values.

`grid` turns a picture such as ``["#..", ".#."]`` into a bool mask, so hand-made cases
read like the figures their expected values were worked out on. The hypothesis
strategies draw a few thick line segments (OpenCV ``cv2.line``) on a 16..48 px canvas;
segments may run off the canvas, so masks touch the image border.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np
import pytest
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from vesselview.engine.scores import Scores

NAN = float("nan")

Segment = tuple[int, int, int, int, int]  # row0, col0, row1, col1, thickness (pixels)

#: The 7 non-identity symmetries of the square pixel grid, made C-contiguous as `Case` does.
TRANSFORMS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "flip_rows": lambda a: np.ascontiguousarray(a[::-1]),
    "flip_cols": lambda a: np.ascontiguousarray(a[:, ::-1]),
    "transpose": lambda a: np.ascontiguousarray(a.T),
    "anti_transpose": lambda a: np.ascontiguousarray(np.rot90(a, 2).T),
    "rot90": lambda a: np.ascontiguousarray(np.rot90(a, 1)),
    "rot180": lambda a: np.ascontiguousarray(np.rot90(a, 2)),
    "rot270": lambda a: np.ascontiguousarray(np.rot90(a, 3)),
}


def grid(rows: list[str]) -> np.ndarray:
    """Bool mask from ASCII art: ``#`` is True, ``.`` is False; one string per image row."""
    return np.array([[ch == "#" for ch in row] for row in rows], dtype=bool)


def pixels(shape: tuple[int, int], *coords: tuple[int, int]) -> np.ndarray:
    """Bool mask of ``shape`` with exactly the given ``(row, col)`` pixels set."""
    mask = np.zeros(shape, bool)
    for r, c in coords:
        mask[r, c] = True
    return mask


def draw(shape: tuple[int, int], segments: list[Segment]) -> np.ndarray:
    """Bool mask with the given thick line segments drawn by ``cv2.line``."""
    canvas = np.zeros(shape, np.uint8)
    for r0, c0, r1, c1, width in segments:
        cv2.line(canvas, (c0, r0), (c1, r1), 1, width)
    return canvas.astype(bool)


def upscaled(mask: np.ndarray, factor: int) -> np.ndarray:
    """Nearest-neighbour upscaling: every pixel a ``factor`` x ``factor`` block."""
    return np.kron(mask, np.ones((factor, factor), bool)).astype(bool)


def drawn_pair(seed: int, side: int = 128) -> tuple[np.ndarray, np.ndarray]:
    """A reference of 5 thick random segments and a candidate of the same moved by up to
    4 px and 2 px thicker or thinner (distances of several pixels, as in real pairs)."""
    rng = np.random.default_rng(seed)
    segments = [(*(int(v) for v in rng.integers(0, side, 4)), int(rng.integers(2, 7)))
                for _ in range(5)]
    moved = [(r0 + int(rng.integers(-4, 5)), c0 + int(rng.integers(-4, 5)),
              r1 + int(rng.integers(-4, 5)), c1 + int(rng.integers(-4, 5)),
              max(1, width + int(rng.integers(-2, 3))))
             for r0, c0, r1, c1, width in segments]
    return draw((side, side), moved), draw((side, side), segments)


def _segment(shape: tuple[int, int]) -> st.SearchStrategy[Segment]:
    """One segment whose ends may lie a few pixels off the canvas (border contact)."""
    h, w = shape
    return st.tuples(
        st.integers(-3, h + 2), st.integers(-3, w + 2),
        st.integers(-3, h + 2), st.integers(-3, w + 2),
        st.integers(1, 5),
    )


@st.composite
def shapes(draw_: st.DrawFn, low: int = 16, high: int = 48) -> tuple[int, int]:
    """Image shape (H, W), each side in [low, high]."""
    return draw_(st.integers(low, high)), draw_(st.integers(low, high))


@st.composite
def vessel_masks(draw_: st.DrawFn, shape: tuple[int, int] | None = None) -> np.ndarray:
    """A random vessel-like mask: 1-4 thick segments (may be empty only if drawn off-canvas)."""
    shape = shape or draw_(shapes())
    return draw(shape, draw_(st.lists(_segment(shape), min_size=1, max_size=4)))


@st.composite
def vessel_pairs(draw_: st.DrawFn, with_fov: bool = True) -> tuple[np.ndarray, ...]:
    """``(candidate, reference, fov)``: a reference, a perturbed copy, and a FOV.

    The candidate re-draws some of the reference segments moved by up to 2 px and
    thickened or thinned by 1, and may add a spurious segment, so the pair overlaps
    the way a segmentation and its ground truth do. The FOV is the whole image or a
    centred ellipse.
    """
    shape = draw_(shapes())
    reference_segments = draw_(st.lists(_segment(shape), min_size=1, max_size=4))
    jitter = st.integers(-2, 2)
    candidate_segments = [
        (r0 + draw_(jitter), c0 + draw_(jitter), r1 + draw_(jitter), c1 + draw_(jitter),
         max(1, width + draw_(st.integers(-1, 1))))
        for r0, c0, r1, c1, width in reference_segments
        if draw_(st.booleans()) or len(reference_segments) == 1
    ]
    candidate_segments += draw_(st.lists(_segment(shape), max_size=1))
    fov = np.ones(shape, bool)
    if with_fov and draw_(st.booleans()):
        rows, cols = np.mgrid[: shape[0], : shape[1]]
        h, w = shape
        fov = ((rows - h / 2) / (h / 2)) ** 2 + ((cols - w / 2) / (w / 2)) ** 2 <= 1.0
    return draw(shape, candidate_segments), draw(shape, reference_segments), fov


@st.composite
def noise_masks(draw_: st.DrawFn, low: int = 1, high: int = 24) -> np.ndarray:
    """Unstructured random bool masks (any pattern, any density), sides in [low, high]."""
    shape = draw_(shapes(low, high))
    return draw_(hnp.arrays(np.bool_, shape))


def random_vessel_mask(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """Seeded (non-hypothesis) vessel-like mask: 1-4 thick segments, for fixed loops."""
    h, w = shape
    count = int(rng.integers(1, 5))
    segments = [
        (int(rng.integers(-3, h + 3)), int(rng.integers(-3, w + 3)),
         int(rng.integers(-3, h + 3)), int(rng.integers(-3, w + 3)), int(rng.integers(1, 6)))
        for _ in range(count)
    ]
    return draw(shape, segments)


def check_scores(scores: Scores, expected: dict[str, float]) -> None:
    """Assert each expected value; ``nan`` means undefined, which must come with a reason.

    Defined values must carry no reason. Values are compared to 1e-12 (``inf`` exactly).
    """
    for key, want in expected.items():
        got = scores.values[key]
        if math.isnan(want):
            assert math.isnan(got), f"{key}: expected undefined, got {got}"
            assert scores.reasons.get(key), f"{key}: undefined without a reason"
        else:
            assert got == pytest.approx(want, rel=1e-12, abs=1e-12), f"{key}: {got} != {want}"
            assert key not in scores.reasons, f"{key}: defined but has reason {scores.reasons[key]}"
