"""Pixel-level deformations of a vessel mask: salt-and-pepper noise and the CAL
paper's redistributions of N pixels.

Every choice is a seeded random *order*, so a larger amount always contains a
smaller one (the deformed pixels are nested as the severity grows).
"""

from __future__ import annotations

import cv2
import numpy as np
from scipy.spatial import cKDTree

from vesselview.errors import ParamsError
from vesselview.synth.render import render_max
from vesselview.synth.tree import VesselTree


def salt_and_pepper(mask: np.ndarray, fov: np.ndarray, density: float, seed: int) -> np.ndarray:
    """MATLAB ``imnoise(mask, 'salt & pepper', density)`` inside the FOV.

    A fraction ``density`` of the FOV pixels is replaced, half by vessel (salt)
    and half by background (pepper); about ``density / 2`` of them change.
    """
    rng = np.random.default_rng(seed)
    chosen = rng.random(mask.shape) < density
    salt = rng.random(mask.shape) < 0.5
    out = mask.copy()
    out[chosen & fov] = salt[chosen & fov]
    return out


def flip_random(mask: np.ndarray, fov: np.ndarray, count: int, seed: int) -> np.ndarray:
    """Flip exactly ``count`` FOV pixels chosen at random (salt on background, pepper on vessel)."""
    rng = np.random.default_rng(seed)
    where = np.flatnonzero(fov)
    out = mask.copy().ravel()
    picked = where[rng.permutation(where.size)[:count]]
    out[picked] = ~out[picked]
    return out.reshape(mask.shape)


class VesselClasses:
    """Vessel pixels of a tree split by diameter, with removal/addition orders.

    Parameters
    ----------
    tree : VesselTree
    reference : ndarray of bool, shape (H, W)
        ``render_mask(tree) & fov``.
    fov : ndarray of bool, shape (H, W)
    narrow_below : float
        Diameter (pixels) below which a vessel pixel is "narrow"; the widest
        vessel covering a pixel decides.
    seed : int
        Breaks ties between equally ranked pixels.
    """

    def __init__(self, tree: VesselTree, reference: np.ndarray, fov: np.ndarray,
                 narrow_below: float, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.reference, self.fov = reference, fov
        width = render_max(tree, reference.shape, [b.widths for b in tree.branches])
        self.narrow = reference & (width < narrow_below)
        self.wide = reference & ~self.narrow
        self._tie = rng.random(reference.shape).astype(np.float32)
        heights = _heights(tree)
        self._height = render_max(tree, reference.shape, heights)
        self._along = _nearest_centreline_value(tree, heights, self.narrow)

    def peel_wide_edges(self, count: int) -> np.ndarray:
        """The ``count`` wide-vessel pixels closest to the background (edges first)."""
        depth = _distance(self.reference)
        return self._first(self.wide, depth, count)

    def trim_narrow_tips(self, count: int) -> np.ndarray:
        """The ``count`` narrow-vessel pixels nearest the tips (the tree stays connected).

        Pixels are ranked by the height of the segment covering them (the highest
        when several do), then, within a segment, by the height of the nearest
        centreline point, so a segment is eaten from its downstream end.
        """
        return self._first(self.narrow, self._height, count, self._along)

    def grow_edges(self, of_narrow: bool, count: int) -> np.ndarray:
        """The ``count`` background FOV pixels hugging the narrow (or wide) vessels."""
        target = self.narrow if of_narrow else self.wide
        other = self.wide if of_narrow else self.narrow
        near = _distance(~target)
        eligible = self.fov & ~self.reference & (near <= _distance(~other))
        return self._first(eligible, near, count)

    def random_background(self, count: int) -> np.ndarray:
        """``count`` background FOV pixels in random order (isolated noise)."""
        return self._first(self.fov & ~self.reference, np.zeros_like(self._tie), count)

    def _first(self, eligible: np.ndarray, rank: np.ndarray, count: int,
               then: np.ndarray | None = None) -> np.ndarray:
        """The ``count`` eligible pixels of lowest ``rank`` (ties: ``then``, then seeded)."""
        where = np.flatnonzero(eligible)
        if count > where.size:
            raise ParamsError(f"the severity asks to move {count} pixels but only {where.size} "
                              "qualify in this image; lower the severity or use a larger shape")
        keys = [self._tie.ravel()[where], rank.ravel()[where]]
        if then is not None:
            keys.insert(1, then.ravel()[where])
        order = np.lexsort(keys)
        chosen = np.zeros(eligible.size, bool)
        chosen[where[order[:count]]] = True
        return chosen.reshape(eligible.shape)


def redistribute(classes: VesselClasses, removed: np.ndarray, added: np.ndarray) -> np.ndarray:
    """Reference minus ``removed`` plus ``added`` (both bool masks)."""
    return (classes.reference & ~removed) | added


def _distance(mask: np.ndarray) -> np.ndarray:
    """Euclidean distance of every pixel to the nearest False pixel of ``mask``."""
    return cv2.distanceTransform(mask.view(np.uint8), cv2.DIST_L2, cv2.DIST_MASK_PRECISE)


def _nearest_centreline_value(
    tree: VesselTree, values: list[np.ndarray], mask: np.ndarray
) -> np.ndarray:
    """For each True pixel of ``mask``, ``values`` (per vertex) at the nearest centreline point.

    The centrelines are resampled every half pixel; 0 off the mask.
    """
    samples, sampled = [], []
    for branch, value in zip(tree.branches, values, strict=True):
        arc = _arc_length(branch.points)
        positions = np.append(np.arange(0.0, arc[-1], 0.5), arc[-1])
        samples.append(np.column_stack(
            [np.interp(positions, arc, branch.points[:, k]) for k in range(2)]))
        sampled.append(np.interp(positions, arc, value))
    out = np.zeros(mask.shape, np.float32)
    pixels = np.argwhere(mask)
    if len(pixels):
        out[mask] = np.concatenate(sampled)[cKDTree(np.vstack(samples)).query(pixels)[1]]
    return out


def _arc_length(points: np.ndarray) -> np.ndarray:
    return np.concatenate([[0.0], np.cumsum(np.linalg.norm(np.diff(points, axis=0), axis=1))])


def _heights(tree: VesselTree) -> list[np.ndarray]:
    """Per vertex, the longest path (pixels) from it down to any tip of the tree.

    Pixels ranked by it are removed downstream-first: a pixel goes only after
    everything beyond it, so trimming never disconnects the tree. Children come
    after their parents in ``tree.branches``, hence the reverse sweep.
    """
    heights: list[np.ndarray] = [np.zeros(0)] * len(tree.branches)
    for i in reversed(range(len(tree.branches))):
        branch = tree.branches[i]
        arc = _arc_length(branch.points)
        height = arc[-1] - arc
        for c in tree.children(i):
            k = tree.branches[c].parent_index
            height[: k + 1] = np.maximum(height[: k + 1], heights[c][0] + arc[k] - arc[: k + 1])
        heights[i] = height
    return heights
