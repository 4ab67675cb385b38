"""Overlay layer type and the default, colour-blind-safe palette.

A layer is a small integer image plus a legend (class value -> name, RGBA colour).
The GUI recolours a layer by swapping its lookup table, never by rebuilding pixels.
Class colours are from the Okabe–Ito palette, which stays distinguishable under the
common colour-vision deficiencies; three more colours (`EXTRA_COLOURS`) have one meaning
each. `COLOUR_MEANINGS` says what every reserved colour means. `classes_layer`,
`rule_layer` and `markers` (dots at points) build class maps.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence

import cv2
import numpy as np

from vesselview.engine.canonical import readonly

RGBA = tuple[int, int, int, int]

OKABE_ITO: dict[str, RGBA] = {
    "black": (0, 0, 0, 255),
    "orange": (230, 159, 0, 255),
    "sky_blue": (86, 180, 233, 255),
    "bluish_green": (0, 158, 115, 255),
    "yellow": (240, 228, 66, 255),
    "blue": (0, 114, 178, 255),
    "vermillion": (213, 94, 0, 255),
    "reddish_purple": (204, 121, 167, 255),
    "white": (245, 245, 245, 255),
    "grey": (150, 150, 150, 255),
}

#: Colours outside the Okabe–Ito palette, each with a meaning of its own: cyan (absent from
#: the probability map's ramp) for the threshold contour drawn over that map, a neutral
#: dark grey for window chrome drawn over the image (the swipe divider), and a vivid green
#: for the masks of the compare modes (light and green, it stands out on a red-orange
#: fundus; at least 25 CIEDE2000 ΔE from every other reserved colour, and it leaves room
#: for six segment-label colours 20 ΔE apart, `vesselview.app.label_palette`).
EXTRA_COLOURS: dict[str, RGBA] = {
    "cyan": (0, 255, 255, 255),
    "chrome_grey": (80, 80, 80, 255),
    "vivid_green": (0, 255, 68, 255),
}
#: Every colour that means something (keys of `COLOUR_MEANINGS`): colours chosen freely,
#: such as the segment labels' cycle, keep a perceptual distance from all of them.
RESERVED_COLOURS: dict[str, RGBA] = {**OKABE_ITO, **EXTRA_COLOURS}

#: What each reserved colour means in every layer's legend, one meaning per colour: hue says
#: whose pixel (blues the candidate's, oranges the reference's), the lighter tone that it is
#: tolerated or a skeleton, the darker that it is unmatched. Yellow is kept for the highlight.
COLOUR_MEANINGS: dict[str, str] = {
    "white": "both agree (true positive); skeleton junctions; A/V agreement: vessel in both, "
             "vein called artery",
    "blue": "candidate only: false positive (strict or beyond t), unmatched candidate skeleton",
    "sky_blue": "candidate skeleton; candidate pixel tolerated within t (a faint tint); good "
                "segment score; A/V agreement: correct vein",
    "vermillion": "reference only: missed (strict or beyond t); poor segment score",
    "orange": "reference skeleton; reference pixel tolerated within t (a faint tint); "
              "fuzzy reference, fainter at lower membership",
    "bluish_green": "tolerance region around the reference (t, alpha, beta bands, SS range "
                    "R); A/V agreement: artery called vein",
    "reddish_purple": "ignored region; A/V agreement: correct artery; pixels where "
                      "observers disagree (the three-valued option ignores them)",
    "grey": "outside the field of view",
    "yellow": "highlight only (selected segment); no layer draws with it",
    "black": "unused (invisible on a dark fundus)",
    "cyan": "threshold contour: where the probability map crosses the threshold",
    "chrome_grey": "window chrome over the image only (swipe divider, outline of a grading "
                   "polygon being drawn); no layer draws with it",
    "vivid_green": "vessel of the mask shown by a compare mode (flicker, swipe, side by side); "
                   "no layer draws with it",
}
#: Opacity (0-255) of a tolerated class, an error a tolerance forgives: it is drawn as a
#: faint tint of its hue (sky blue, orange), so that the errors that count (blue,
#: vermillion) stand out solid; on a brown fundus the two oranges were hard to tell apart.
TOLERATED_ALPHA = 96


def tolerated(colour: str) -> RGBA:
    """The faint tint of palette colour ``colour`` that draws a tolerated class."""
    red, green, blue, _ = OKABE_ITO[colour]
    return (red, green, blue, TOLERATED_ALPHA)


#: A class colour: a key of `OKABE_ITO`, or an RGBA of one of its hues (`tolerated`).
ColourSpec = str | RGBA


def palette_colour(spec: ColourSpec) -> RGBA:
    """The RGBA of a class colour given by palette name or as an RGBA."""
    return OKABE_ITO[spec] if isinstance(spec, str) else spec


#: The highlight colour (selection); nothing else is drawn in it.
HIGHLIGHT: RGBA = OKABE_ITO["yellow"]
#: The colour of the probability map's threshold contour.
THRESHOLD_CONTOUR: RGBA = EXTRA_COLOURS["cyan"]
#: The colour of window chrome drawn over the image (the swipe divider, a grading polygon
#: being drawn).
CHROME: RGBA = EXTRA_COLOURS["chrome_grey"]
#: The colour of a vessel mask in the compare modes (flicker, swipe, side by side).
COMPARE_MASK: RGBA = EXTRA_COLOURS["vivid_green"]


@dataclasses.dataclass(frozen=True)
class LegendEntry:
    """One class of a layer: its pixel value, display name and default colour."""

    value: int
    name: str
    colour: RGBA


@dataclasses.dataclass(frozen=True, eq=False)
class Layer:
    """One overlay product of an evaluation.

    Attributes
    ----------
    name : str
        Stable key (``"confusion"``, ``"tolerant"``, ``"segments"``...).
    title : str
        Human-readable title for legends and menus.
    kind : {"classes", "labels", "scalar"}
        ``classes``: uint8 class map described by ``legend`` (0 = nothing).
        ``labels``: int32 label image (0 = nothing); colour by label, cyclic.
        ``scalar``: uint8 where 0 = nothing and 1..255 map linearly to
        ``value_range``; ``legend`` gives the colours of both ends.
    data : ndarray, shape (H, W)
        The pixel values (read-only).
    legend : tuple of LegendEntry
    value_range : tuple of float
        For ``scalar`` layers, the values represented by 1 and 255.
    """

    name: str
    title: str
    kind: str
    data: np.ndarray
    legend: tuple[LegendEntry, ...] = ()
    value_range: tuple[float, float] = (0.0, 1.0)

    def __post_init__(self) -> None:
        self.data.setflags(write=False)

    def count(self, value: int) -> int:
        """Number of pixels with class ``value``."""
        return int(np.count_nonzero(self.data == value))

    def class_name(self, value: int) -> str:
        """Legend name of class ``value`` (``""`` for 0 / unknown)."""
        for entry in self.legend:
            if entry.value == value:
                return entry.name
        return ""


def classes_layer(name: str, title: str,
                  planes: list[tuple[np.ndarray, str, ColourSpec]]) -> Layer:
    """A class map from boolean planes: plane k (1-based) paints class k, later planes win.

    Parameters
    ----------
    name, title : str
    planes : list of (mask, class name, colour)
        Each mask is bool (H, W); colours are keys of `OKABE_ITO` or RGBAs
        (`palette_colour`).

    Notes
    -----
    A single plane's class map is the mask's own bytes seen as uint8 (True is class 1):
    the layer shares the stage's mask instead of holding a copy of it.
    """
    legend = tuple(LegendEntry(value, label, palette_colour(colour))
                   for value, (_, label, colour) in enumerate(planes, start=1))
    if len(planes) == 1:
        data = np.ascontiguousarray(planes[0][0], dtype=np.bool_).view(np.uint8)
    else:
        data = np.zeros(planes[0][0].shape, np.uint8)
        for value, (mask, _, _) in enumerate(planes, start=1):
            data[mask] = value
    return Layer(name=name, title=title, kind="classes", data=data, legend=legend)


#: A class rule: the pixel's value in each input mask -> whether the class paints it.
ClassRule = Callable[..., bool]


def rule_layer(name: str, title: str, masks: Sequence[np.ndarray],
               classes: Sequence[tuple[ClassRule, str, ColourSpec]]) -> Layer:
    """A class map from rules over a few boolean masks: class k (1-based) paints the
    pixels whose mask values satisfy rule k, later classes win (as in `classes_layer`).

    The masks' values at a pixel form a code of ``len(masks)`` bits; the rules fill a
    lookup table of the codes, and one table pass (OpenCV, GIL released) makes the map:
    a handful of full-image passes instead of two or three per class.

    Parameters
    ----------
    name, title : str
    masks : sequence of ndarray of bool, shape (H, W)
        At most 8.
    classes : sequence of (rule, class name, colour (`palette_colour`))
        ``rule(*values)`` gets one bool per mask, in ``masks`` order.
    """
    code = np.zeros(masks[0].shape, np.uint8)
    bit_plane = np.empty_like(code)
    for bit, mask in enumerate(masks):
        # times a uint8 power of two: SIMD in numpy, where a shift by an int is not
        np.multiply(np.ascontiguousarray(mask, dtype=np.bool_).view(np.uint8),
                    np.uint8(1 << bit), out=bit_plane)
        np.bitwise_or(code, bit_plane, out=code)
    table = np.zeros(256, np.uint8)
    for value in range(1 << len(masks)):
        bits = [bool(value >> bit & 1) for bit in range(len(masks))]
        for klass, (rule, _, _) in enumerate(classes, start=1):
            if rule(*bits):
                table[value] = klass
    legend = tuple(LegendEntry(value, label, palette_colour(colour))
                   for value, (_, label, colour) in enumerate(classes, start=1))
    return Layer(name=name, title=title, kind="classes", data=cv2.LUT(code, table),
                 legend=legend)


#: Radius (pixels) of a marker (`markers`; the junctions layer's): a dot that stays
#: visible when zoomed out.
MARKER_RADIUS = 2


@functools.cache
def disc_offsets(radius: int) -> tuple[np.ndarray, np.ndarray]:
    """(row, col) offsets (int64, shape (n,)) of the pixels of OpenCV's filled disc of
    ``radius`` around its centre: drawn once, then stamped anywhere (an integer centre's
    disc is the same pixels shifted, clipped at the image's edges)."""
    side = 2 * radius + 1
    canvas = np.zeros((side, side), np.uint8)
    cv2.circle(canvas, (radius, radius), radius, 1, thickness=-1)
    rows, cols = np.nonzero(canvas)
    return readonly(rows - radius), readonly(cols - radius)  # cached: shared by every caller


def markers(shape: tuple[int, ...], groups: list[np.ndarray]) -> np.ndarray:
    """Class map (uint8, shape (H, W)) of filled discs of radius `MARKER_RADIUS`: the
    points (row, col; rounded) of ``groups[k]`` painted k + 1 (a later group wins).

    Each group's discs are stamped at once (`disc_offsets`): a few hundred dots, where a
    dilation or a plane per class would pass over the whole image.
    """
    dots = np.zeros(shape, np.uint8)
    off_rows, off_cols = disc_offsets(MARKER_RADIUS)
    for value, points in enumerate(groups, start=1):
        centres = np.rint(points).astype(np.int64).reshape(-1, 2)
        rows = (centres[:, :1] + off_rows).ravel()
        cols = (centres[:, 1:] + off_cols).ravel()
        inside = (rows >= 0) & (rows < shape[0]) & (cols >= 0) & (cols < shape[1])
        dots[rows[inside], cols[inside]] = value
    return dots
