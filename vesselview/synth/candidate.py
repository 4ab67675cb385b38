"""A realistic candidate segmentation of a `VesselTree`, soft and binary.

What a decent segmentation method gets wrong, drawn from a seeded generator:
per-branch width errors (thin vessels come out too wide, wide ones a little
narrow), missed thin vessel ends, a small smooth displacement (registration
and centreline errors under ~1 px), false-positive speckle and a partial
response to the optic-disc rim. The probability map is a smooth vessel
response (a sigmoid of the signed distance to the perturbed vessels, a weak
response on the missed ones) plus low-frequency and pixel noise; the binary
candidate is that map above 0.5, so both views of the same seed agree.
"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
from scipy.ndimage import map_coordinates
from scipy.special import expit

from vesselview.synth.render import draw_branches, fov_mask, render_mask
from vesselview.synth.tree import Branch, VesselTree, fov_geometry, pixel_scale

_STREAM = 0xCA  # separates this module's random stream from the tree's for the same seed
_SPECKLE_PER_MEGAPIXEL = 180.0


def realistic_candidate(tree: VesselTree, shape: tuple[int, int], seed: int = 0) -> np.ndarray:
    """Binary candidate: ``probability_map(tree, shape, seed) > 0.5``.

    Parameters
    ----------
    tree : VesselTree
        The reference geometry, laid out for ``shape``.
    shape : tuple of int
        ``(H, W)``.
    seed : int
        Seed of the errors; same seed, same candidate.

    Returns
    -------
    ndarray of bool, shape (H, W)
        False outside the FOV.
    """
    return probability_map(tree, shape, seed) > 0.5


def probability_map(tree: VesselTree, shape: tuple[int, int], seed: int = 0) -> np.ndarray:
    """Soft candidate: a vessel-probability map like a CNN's output.

    Parameters
    ----------
    tree : VesselTree
        The reference geometry, laid out for ``shape``.
    shape : tuple of int
        ``(H, W)``.
    seed : int
        Seed of the errors and noise; same seed, same map.

    Returns
    -------
    ndarray of float32, shape (H, W)
        Values in [0, 1]; 0 outside the FOV.
    """
    rng = np.random.default_rng((seed, _STREAM))
    scale = pixel_scale(shape)
    kept, missed = _perturb(tree, shape, rng, scale)
    response = _vessel_response(render_mask(dataclasses.replace(tree, branches=kept), shape), scale)
    np.maximum(response, _missed_response(shape, missed, scale, rng), out=response)
    np.maximum(response, _speckle(shape, tree, scale, rng), out=response)
    response += _noise(shape, rng)
    response[~fov_mask(shape)] = 0.0
    return np.clip(response, 0.0, 1.0)


def _perturb(
    tree: VesselTree, shape: tuple[int, int], rng: np.random.Generator, scale: float
) -> tuple[tuple[Branch, ...], list[Branch]]:
    """Displace and re-width every branch; split off the thin ends it misses.

    Returns the kept branches (all of them, possibly shortened) and the missed
    thin ends.
    """
    grids = rng.normal(0.0, 0.5 * scale, size=(2, 6, 6))  # (row, col) shifts, a few blobs
    kept: list[Branch] = []
    missed: list[Branch] = []
    for branch in tree.branches:
        moved = branch.points + _displacement(branch.points, shape, grids)
        # thin vessels are over-segmented, wide ones slightly under-segmented
        widths = branch.widths * rng.uniform(0.75, 1.05) + rng.uniform(0.2, 0.9) * scale
        threshold = rng.uniform(0.9, 2.0) * scale  # diameter (px) below which the end is lost
        visible = branch.widths >= threshold
        end = len(visible) if visible.all() else int(np.argmin(visible))
        keep = max(end, 1)
        kept.append(dataclasses.replace(branch, points=moved[:keep], widths=widths[:keep]))
        if end < len(visible):
            start = max(end - 1, 0)
            missed.append(dataclasses.replace(branch, points=moved[start:], widths=widths[start:]))
    return tuple(kept), missed


def _displacement(points: np.ndarray, shape, grids: np.ndarray) -> np.ndarray:
    """Smooth displacement (pixels) at ``points`` (N, 2); ``grids`` (2, 6, 6) span the image."""
    on_grid = (points * (np.array(grids.shape[1:]) - 1) / (np.array(shape) - 1)).T
    return np.stack([map_coordinates(g, on_grid, order=3, mode="nearest") for g in grids], axis=1)


def _vessel_response(mask: np.ndarray, scale: float) -> np.ndarray:
    """Sigmoid of the signed distance to the mask boundary: 0.5 at the edge, ~1 inside."""
    mask8 = mask.view(np.uint8)
    inside = cv2.distanceTransform(mask8, cv2.DIST_L2, cv2.DIST_MASK_5)
    outside = cv2.distanceTransform(1 - mask8, cv2.DIST_L2, cv2.DIST_MASK_5)
    signed = np.where(mask, inside - 0.5, 0.5 - outside)
    return expit(signed / (0.6 * max(scale, 1.0))).astype(np.float32)


def _missed_response(shape, missed: list[Branch], scale: float, rng) -> np.ndarray:
    """A weak (peak 0.2-0.45) blurred response along the missed thin ends."""
    canvas = np.zeros(shape, np.uint8)
    draw_branches(canvas, missed, lambda _, w: 255 * rng.uniform(0.2, 0.45), antialiased=True)
    return cv2.GaussianBlur(canvas.astype(np.float32) / 255.0, (0, 0), 0.7 * max(scale, 1.0))


def _speckle(shape, tree: VesselTree, scale: float, rng) -> np.ndarray:
    """Isolated false-positive blobs in the FOV plus arcs along the optic-disc rim."""
    canvas = np.zeros(shape, np.float32)
    centre, radius = fov_geometry(shape)
    count = int(_SPECKLE_PER_MEGAPIXEL * shape[0] * shape[1] / 1e6 / scale**2)
    angles = rng.uniform(0.0, 2 * np.pi, count)
    distances = radius * np.sqrt(rng.uniform(0.0, 0.95, count))
    rows = (centre[0] + distances * np.sin(angles)).astype(int).tolist()
    cols = (centre[1] + distances * np.cos(angles)).astype(int).tolist()
    radii = np.round(rng.uniform(0.0, 1.6, count) * scale).astype(int).tolist()
    values = rng.uniform(0.52, 0.9, count).tolist()
    for row, col, blob_radius, value in zip(rows, cols, radii, values, strict=True):
        cv2.circle(canvas, (col, row), blob_radius, value, -1)  # one OpenCV call per blob
    for _ in range(2):
        start = rng.uniform(0.0, 360.0)
        cv2.ellipse(canvas, (int(tree.disc[1]), int(tree.disc[0])),
                    (int(tree.disc_radius), int(tree.disc_radius * 1.08)), 0.0, start,
                    start + rng.uniform(30.0, 80.0), float(rng.uniform(0.55, 0.8)),
                    max(1, int(np.rint(1.5 * scale))))
    return cv2.GaussianBlur(canvas, (0, 0), 0.5 * max(scale, 1.0))


def _noise(shape, rng) -> np.ndarray:
    """Zero-mean low-frequency haze plus pixel noise, float32."""
    coarse = rng.normal(0.0, 0.05, size=(12, 12)).astype(np.float32)
    haze = cv2.resize(coarse, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)
    return haze + 0.04 * rng.standard_normal(shape, dtype=np.float32)
