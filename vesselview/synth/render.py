"""Rasterise a `VesselTree` with OpenCV (no Python pixel loops).

A branch of diameter ``w`` covers the pixels whose centre lies within ``w / 2``
of its centreline (a tapered capsule per polyline segment). OpenCV fills
polygons and circles inclusively (a shape reaching a pixel centre takes the
pixel, so a plain ``w``-wide shape comes out ~``w + 1`` px wide); shrinking the
half-width by 0.45 px (calibrated) makes the rendered area match the exact
capsule's within ~15% for 1-8 px vessels (checked in ``tests/synth/test_tree.py``). Each
segment is a trapezoid plus a disc at each vertex; coordinates are given to
OpenCV in fixed point (4 fractional bits) so sub-pixel positions are honoured.
Vessels under 1.4 px are drawn as 8-connected one-pixel lines.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from vesselview.synth.tree import Branch, VesselTree, fov_geometry

_SHIFT = 4  # fractional bits of the fixed-point coordinates given to OpenCV
_ONE = 1 << _SHIFT
_INCLUSIVE_FILL = 0.45  # px: OpenCV's fill reaches about this far past a shape's edge
_THIN_HALF = 0.25  # px: thinner bands (vessels < 1.4 px) are drawn as one-pixel lines

#: value drawn for one segment, given its branch and mean width (pixels)
SegmentValue = Callable[[Branch, float], float]


def render_mask(tree: VesselTree, shape: tuple[int, int]) -> np.ndarray:
    """Binary vessel mask of ``tree``.

    Parameters
    ----------
    tree : VesselTree
        Coordinates in pixels of ``shape`` (as returned by ``vessel_tree(shape)``).
    shape : tuple of int
        ``(H, W)`` of the output.

    Returns
    -------
    ndarray of bool, shape (H, W)
    """
    canvas = np.zeros(shape, np.uint8)
    draw_branches(canvas, tree.branches, lambda branch, width: 1, antialiased=False)
    return canvas.view(np.bool_)


def draw_branches(
    canvas: np.ndarray,
    branches: tuple[Branch, ...] | list[Branch],
    value: SegmentValue,
    *,
    antialiased: bool,
    width_scale: float = 1.0,
    zoom: int = 1,
) -> None:
    """Draw every segment of ``branches`` into ``canvas`` in place.

    Parameters
    ----------
    canvas : ndarray of uint8, shape (H, W)
    branches : sequence of Branch
    value : callable (branch, width) -> number
        Grey value for one segment (0-255).
    antialiased : bool
        ``cv2.LINE_AA`` edges (for photographs) instead of hard 8-connected ones.
    width_scale : float
        Multiplier applied to every width (e.g. to draw a central light reflex).
    zoom : int
        ``canvas`` is ``zoom`` times the image size (supersampling); coordinates
        and widths are scaled to it, ``value`` still sees image-pixel widths.
    """
    line_type = cv2.LINE_AA if antialiased else cv2.LINE_8
    for branch in branches:
        widths = branch.widths * width_scale
        values = [float(value(branch, float(w))) for w in 0.5 * (widths[1:] + widths[:-1])]
        _draw_polyline(canvas, branch.points * zoom + (zoom - 1) / 2.0,  # pixel centres line up
                       widths * zoom, values, line_type)


def _draw_polyline(canvas: np.ndarray, points: np.ndarray, widths: np.ndarray,
                   values: list[float], line_type: int) -> None:
    """Draw one tapered polyline: per segment a trapezoid, a disc at every vertex.

    Geometry is computed with numpy for the whole polyline; the loop only
    issues OpenCV calls (one per shape), in drawing order so later segments
    overwrite earlier ones.
    """
    if len(points) < 2:
        return
    halves = widths / 2.0 - _INCLUSIVE_FILL
    halves[halves < _THIN_HALF] = 0.0
    steps = np.diff(points, axis=0)
    lengths = np.hypot(steps[:, 0], steps[:, 1])
    normals = np.stack([-steps[:, 1], steps[:, 0]], axis=1) / np.maximum(lengths, 1e-12)[:, None]
    near, far = halves[:-1, None] * normals, halves[1:, None] * normals
    corners = np.stack(
        [points[:-1] + near, points[1:] + far, points[1:] - far, points[:-1] - near], axis=1
    )
    corners = np.round(corners[..., ::-1] * _ONE).astype(np.int32)  # (x, y) fixed point
    centres = [tuple(c) for c in np.round(points[:, ::-1] * _ONE).astype(int).tolist()]
    radii = np.round(halves * _ONE).astype(int).tolist()
    lines = ((halves[:-1] == 0) & (halves[1:] == 0)).tolist()
    cv2.circle(canvas, centres[0], radii[0], values[0], -1, line_type, _SHIFT)
    for i, colour in enumerate(values):
        if lengths[i] > 0:
            if lines[i]:
                cv2.line(canvas, centres[i], centres[i + 1], colour, 1, line_type, _SHIFT)
            else:
                cv2.fillConvexPoly(canvas, corners[i], colour, line_type, _SHIFT)
        cv2.circle(canvas, centres[i + 1], radii[i + 1], colour, -1, line_type, _SHIFT)


def fov_mask(shape: tuple[int, int]) -> np.ndarray:
    """DRIVE-like circular field of view.

    Parameters
    ----------
    shape : tuple of int
        ``(H, W)``; the disc is centred with radius ``0.478 * min(H, W)``
        (270 px at 584x565, like DRIVE).

    Returns
    -------
    ndarray of bool, shape (H, W)
    """
    centre, radius = fov_geometry(shape)
    rows, cols = np.ogrid[: shape[0], : shape[1]]
    return (rows - centre[0]) ** 2 + (cols - centre[1]) ** 2 <= radius**2


def render_max(
    tree: VesselTree, shape: tuple[int, int], vertex_values: list[np.ndarray]
) -> np.ndarray:
    """Per-pixel maximum of a value carried along the branches (0 off the vessels).

    Parameters
    ----------
    tree : VesselTree
    shape : tuple of int
        ``(H, W)``.
    vertex_values : list of ndarray
        One array per branch, one non-negative value per vertex; a segment
        carries the mean of its two vertices.

    Returns
    -------
    ndarray of float32, shape (H, W)
        Where segments overlap, the largest value wins (segments are drawn in
        increasing order of value). The covered pixels are those of `render_mask`.
    """
    segments = [
        (float(0.5 * (values[i] + values[i + 1])), branch, i)
        for branch, values in zip(tree.branches, vertex_values, strict=True)
        for i in range(len(values) - 1)
    ]
    segments.sort(key=lambda segment: segment[0])
    canvas = np.zeros(shape, np.float32)
    for value, branch, i in segments:
        piece = slice(i, i + 2)
        _draw_polyline(canvas, branch.points[piece], branch.widths[piece], [value], cv2.LINE_8)
    return canvas
