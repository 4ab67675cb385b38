"""Synthetic colour fundus photograph around a `VesselTree` (DRIVE look).

Layers, back to front: an orange-red retina with vignetting and choroidal
mottling, a dark macula and fovea, a bright yellowish optic disc with its cup,
then the vessels (veins darker and wider than arteries, thin vessels fainter,
a central light reflex on wide arteries), sensor noise, and black outside the
circular field of view. Low-frequency fields are drawn on a grid at most ~256 px
across and upsampled, the disc on a crop, and the colour channels are composed
one at a time on 2-D arrays: ~0.6 s at 3504x3390 (``benchmarks/bench_synth.py``).
"""

from __future__ import annotations

import cv2
import numpy as np
from scipy.special import expit

from vesselview.synth.render import draw_branches, fov_mask
from vesselview.synth.tree import Branch, VesselTree, fov_geometry, pixel_scale

_STREAM = 0xF0  # separates this module's random stream from the tree's for the same seed
_RETINA_RGB = np.array([205.0, 92.0, 40.0], np.float32)  # FOV centre, before shading
_DISC_RGB = np.array([250.0, 214.0, 150.0], np.float32)
_CUP_RGB = np.array([255.0, 240.0, 205.0], np.float32)
# fraction of each channel absorbed by a fully opaque vessel
_ABSORPTION = {
    "vein": np.array([0.45, 0.72, 0.72], np.float32),
    "artery": np.array([0.3, 0.56, 0.56], np.float32),
}


def fundus_image(tree: VesselTree, shape: tuple[int, int], seed: int = 0) -> np.ndarray:
    """Render a DRIVE-like colour fundus photograph of ``tree``.

    Parameters
    ----------
    tree : VesselTree
        Laid out for ``shape`` (``vessel_tree(shape, seed)``); its disc and macula
        positions place the optic disc and the fovea.
    shape : tuple of int
        ``(H, W)`` in pixels.
    seed : int
        Seed of the texture and noise; same seed, same image.

    Returns
    -------
    ndarray of uint8, shape (H, W, 3)
        RGB; black outside the FOV.
    """
    rng = np.random.default_rng((seed, _STREAM))
    brightness = _illumination(shape, tree, rng)
    disc = _Disc(tree)
    opacities = _vessel_opacities(tree, shape)
    noise = 2.0 * rng.standard_normal(shape, dtype=np.float32)
    # channel by channel on 2-D float32 arrays: far less memory traffic than (H, W, 3)
    channels = []
    for c in range(3):
        channel = brightness * _RETINA_RGB[c]
        disc.paint(channel, c)
        for kind, opacity in opacities.items():
            channel *= 1.0 - _ABSORPTION[kind][c] * opacity
        channel += noise
        channels.append(np.clip(channel, 0, 255, out=channel).astype(np.uint8))
    image = cv2.merge(channels)
    image[~fov_mask(shape)] = 0
    return image


def _illumination(shape: tuple[int, int], tree: VesselTree, rng) -> np.ndarray:
    """Brightness (H, W) float32: vignetting x choroidal mottling x dark macula and fovea.

    Everything here is smooth, so it is computed on a grid ``factor`` times
    coarser (at most ~256 px across) and upsampled.
    """
    factor = max(1, min(shape) // 256)
    small = (-(-shape[0] // factor), -(-shape[1] // factor))
    centre, radius = fov_geometry(shape)
    rows, cols = np.ogrid[: small[0], : small[1]]
    rows, cols = rows * float(factor), cols * float(factor)
    r2 = ((rows - centre[0]) ** 2 + (cols - centre[1]) ** 2) / radius**2
    vignetting = 1.0 - 0.5 * np.clip(r2, 0.0, 1.0) ** 1.6
    m2 = (rows - tree.macula[0]) ** 2 + (cols - tree.macula[1]) ** 2
    macula = 1.0 - 0.32 * np.exp(-m2 / (2 * (0.17 * radius) ** 2)) - 0.18 * np.exp(
        -m2 / (2 * (0.035 * radius) ** 2)
    )
    mottling = 1.0 + 0.035 * _smooth_noise(small, rng, cells=40)
    brightness = (vignetting * macula * mottling).astype(np.float32)
    return cv2.resize(brightness, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def _smooth_noise(shape: tuple[int, int], rng, *, cells: int) -> np.ndarray:
    """Unit-variance smooth noise, float32 (H, W), ~``cells`` blobs across."""
    coarse = rng.normal(0.0, 1.0, size=(cells, cells)).astype(np.float32)
    coarse = cv2.GaussianBlur(coarse, (0, 0), 1.0)
    coarse /= coarse.std() + 1e-6
    return cv2.resize(coarse, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


class _Disc:
    """Optic disc (soft-edged, slightly oval) with a brighter cup, weights on a crop."""

    def __init__(self, tree: VesselTree) -> None:
        r = tree.disc_radius
        half = int(np.ceil(2.0 * r))
        top, left = (max(0, int(c) - half) for c in tree.disc)
        bottom, right = (int(c) + half + 1 for c in tree.disc)
        self.crop = (slice(top, bottom), slice(left, right))
        rows, cols = np.ogrid[top:bottom, left:right]
        d = np.sqrt(((rows - tree.disc[0]) / 1.08) ** 2 + (cols - tree.disc[1]) ** 2)
        self.disc = expit((r - d) / (0.06 * r)).astype(np.float32)
        self.cup = expit((0.45 * r - d) / (0.12 * r)).astype(np.float32)

    def paint(self, channel: np.ndarray, c: int) -> None:
        """Blend the disc into colour channel ``c`` (H, W) in place."""
        crop = channel[self.crop]
        h, w = crop.shape  # the crop may be cut by the image border
        disc, cup = self.disc[:h, :w], self.cup[:h, :w]
        crop *= 1.0 - disc
        crop += disc * ((1.0 - cup) * _DISC_RGB[c] + cup * _CUP_RGB[c])


def _vessel_opacities(tree: VesselTree, shape: tuple[int, int]) -> dict[str, np.ndarray]:
    """Per vessel kind, the opacity (H, W) float32 in [0, 1] the vessels lay over the retina."""
    scale = pixel_scale(shape)
    return {kind: _opacity(shape, [b for b in tree.branches if b.kind == kind], scale, kind)
            for kind in _ABSORPTION}


def _opacity(shape, branches: list[Branch], scale: float, kind: str) -> np.ndarray:
    """Vessel opacity in [0, 1]: thin vessels fainter; arteries keep a light central reflex.

    Drawn supersampled (up to 4x, less on large images where widths are many
    pixels anyway) and area-averaged down, so widths are not rounded to whole pixels.
    """
    zoom = int(np.clip(round(4.0 / scale), 1, 4))
    canvas = np.zeros((shape[0] * zoom, shape[1] * zoom), np.uint8)
    draw_branches(canvas, branches, lambda _, w: 255 * _contrast(w / scale), antialiased=True,
                  zoom=zoom)
    if kind == "artery":
        reflex = [b for b in branches if b.widths.max() > 4.0 * scale]
        draw_branches(canvas, reflex, lambda _, w: 200 * _contrast(w / scale / 0.25),
                      antialiased=True, width_scale=0.25, zoom=zoom)
    if zoom > 1:
        canvas = cv2.resize(canvas, (shape[1], shape[0]), interpolation=cv2.INTER_AREA)
    blurred = cv2.GaussianBlur(canvas, (0, 0), 0.6 * max(scale, 1.0))  # uint8: fast path
    return blurred.astype(np.float32) / 255.0


def _contrast(reference_width: float) -> float:
    """Opacity of a vessel of this width (reference pixels): 1 px ~0.45, >= 5 px 1."""
    return min(0.3 + 0.14 * reference_width, 1.0)
