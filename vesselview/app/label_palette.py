"""Colours for labels (one per SS segment) that mean nothing else.

Every class colour of a layer has one meaning (`vesselview.engine.layers.COLOUR_MEANINGS`),
so the colours cycled over segment labels must not look like any of them. They are
picked from a grid of sRGB colours by perceptual distance, CIEDE2000 ΔE in CIE Lab
(Sharma, Wu & Dalal, "The CIEDE2000 color-difference formula", Color Res. Appl. 30(1),
2005, doi:10.1002/col.20070): every candidate closer than a threshold to a reserved
colour is dropped, then the candidate farthest from the reserved colours and from those
already picked is taken, again and again (farthest-point sampling), so the labels also
differ from each other as much as the rest of the colour space allows.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from skimage.color import deltaE_ciede2000, rgb2lab

from vesselview.engine.layers import RESERVED_COLOURS, RGBA

#: Segment-label colours differ from every reserved colour by at least this ΔE (CIEDE2000;
#: about 2 is a just-noticeable difference, 20 a different colour name).
LABEL_MIN_DELTA_E = 20.0
#: How many colours the segment labels cycle through.
LABEL_COUNT = 6
#: Lightness range (CIE L*, 0-100) of label colours: dark ones vanish on a fundus.
LABEL_LIGHTNESS = (50.0, 90.0)
#: Least chroma (CIE C*ab) of a label colour: greys have meanings of their own.
LABEL_MIN_CHROMA = 30.0
_GRID_STEP = 17  # sRGB levels 0, 17, ..., 255: 16 per channel, 4096 candidates


def to_lab(colours: np.ndarray) -> np.ndarray:
    """CIE Lab (D65) of sRGB colours: uint8-valued (N, 3 or 4) -> float (N, 3)."""
    rgb = np.asarray(colours, np.float64)[:, :3] / 255.0
    return rgb2lab(rgb[np.newaxis])[0]


def delta_e(lab: np.ndarray, other: np.ndarray) -> np.ndarray:
    """CIEDE2000 ΔE of every colour of ``lab`` (N, 3) to one Lab colour ``other`` (3,)."""
    return deltaE_ciede2000(lab, np.broadcast_to(other, lab.shape))


def distinct_colours(reserved: Iterable[RGBA], count: int, min_delta_e: float,
                     lightness: tuple[float, float] = LABEL_LIGHTNESS,
                     min_chroma: float = LABEL_MIN_CHROMA) -> tuple[RGBA, ...]:
    """``count`` opaque colours at least ``min_delta_e`` from every ``reserved`` colour.

    Parameters
    ----------
    reserved : iterable of RGBA
        Colours with a meaning (alpha ignored).
    count : int
        Colours wanted.
    min_delta_e : float
        Least CIEDE2000 ΔE between a returned colour and any reserved colour.
    lightness : tuple of float
        CIE L* range of the returned colours.
    min_chroma : float
        Least CIE C*ab of the returned colours.

    Returns
    -------
    tuple of RGBA
        In picking order: each is the grid colour farthest from the reserved colours
        and the earlier picks.

    Raises
    ------
    ValueError
        When fewer than ``count`` grid colours keep the distance.
    """
    levels = np.arange(0, 256, _GRID_STEP)
    grid = np.stack(np.meshgrid(levels, levels, levels, indexing="ij"), -1).reshape(-1, 3)
    lab = to_lab(grid)
    chroma = np.hypot(lab[:, 1], lab[:, 2])
    usable = (lab[:, 0] >= lightness[0]) & (lab[:, 0] <= lightness[1]) & (chroma >= min_chroma)
    grid, lab = grid[usable], lab[usable]
    distance = np.full(len(grid), np.inf)
    for colour in to_lab(np.asarray(list(reserved), np.float64).reshape(-1, 4)):
        distance = np.minimum(distance, delta_e(lab, colour))
    far = distance >= min_delta_e
    if np.count_nonzero(far) < count:
        raise ValueError(f"only {np.count_nonzero(far)} colours lie {min_delta_e} ΔE from "
                         f"the reserved ones; {count} were asked for")
    grid, lab, distance = grid[far], lab[far], distance[far]
    picked: list[RGBA] = []
    for _ in range(count):
        best = int(np.argmax(distance))
        red, green, blue = (int(channel) for channel in grid[best])
        picked.append((red, green, blue, 255))
        distance = np.minimum(distance, delta_e(lab, lab[best]))
    return tuple(picked)


#: Colours cycled over segment labels: none within `LABEL_MIN_DELTA_E` of a reserved colour.
LABEL_CYCLE: tuple[RGBA, ...] = distinct_colours(RESERVED_COLOURS.values(), LABEL_COUNT,
                                                 LABEL_MIN_DELTA_E)
