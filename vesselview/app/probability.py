"""The probability-map layer of a soft candidate: a heat map under the other overlays.

The candidate's probabilities in (0, 1] become indices 1..255 of a violet ramp, dark
navy violet to light lavender: CIE L* rises evenly from 14 to 82 at a nearly constant hue
(about 300-310 degrees), so the order reads by lightness alone (also with the common
colour-vision deficiencies), and every colour of it stays at least `RAMP_MIN_DELTA_E`
(CIEDE2000) from every reserved colour (`vesselview.engine.layers.COLOUR_MEANINGS`: the
yellow highlight, the classes' blues and oranges, white, the greys...). Violet is the
only hue where such a ramp runs from dark to light; the usual maps (magma, viridis)
end near yellow, white or vermillion. Probability 0 stays transparent, and low
probabilities are nearly so (`RAMP`'s opacities). The legend
draws the ramp as a colour bar with the threshold marked on it, and the image shows the
threshold's contour: the border of the candidate mask (probability above the threshold)
as a thin line in a colour of its own.
"""

from __future__ import annotations

import dataclasses
import functools
import weakref

import cv2
import numpy as np

from vesselview.app.display import DisplayLayer
from vesselview.engine.case import Case
from vesselview.engine.layers import Layer, LegendEntry

NAME = "probability"
#: Least CIEDE2000 ΔE between a colour of the ramp and any reserved colour.
RAMP_MIN_DELTA_E = 20.0
#: Colour stops of the ramp (index 1..255, RGBA), linear between them: at CIE L* 14, 31,
#: 48, 65 and 82, each the colour of hue 296-316 degrees farthest from the reserved colours.
#: Opacity rises with the probability too (0 at probability 0, full from 0.75): the
#: background's low values, present on every pixel of a network's output, leave the fundus
#: visible instead of speckling the whole FOV dark indigo.
RAMP = (
    LegendEntry(1, "probability 0", (0, 0, 137, 0)),
    LegendEntry(64, "probability 0.25", (99, 0, 198, 96)),
    LegendEntry(128, "probability 0.5", (141, 65, 255, 200)),
    LegendEntry(191, "probability 0.75", (158, 143, 253, 255)),
    LegendEntry(255, "probability 1", (214, 194, 255, 255)),
)
# The heat map of the last soft map asked for (one per case, built once, off the main
# thread) and its layer with the contour at the last threshold asked for.
_HEAT: dict[str, tuple[weakref.ReferenceType, DisplayLayer]] = {}
_WITH_CONTOUR: dict[str, tuple[weakref.ReferenceType, float, DisplayLayer]] = {}


def probability_index(soft: np.ndarray) -> np.ndarray:
    """Probabilities (float, [0, 1]) as ramp indices: 0 stays 0, (0, 1] -> 1..255.

    Examples
    --------
    >>> probability_index(np.array([[0.0, 0.001, 0.5, 1.0]], np.float32)).tolist()
    [[0, 1, 128, 255]]
    """
    index = 1 + np.rint(np.clip(soft, 0.0, 1.0) * 254.0)
    return np.where(soft > 0, index, 0).astype(np.uint8)


def threshold_contour(soft: np.ndarray, threshold: float) -> np.ndarray:
    """The inner border of the candidate ``soft > threshold``: a line one pixel wide.

    Parameters
    ----------
    soft : ndarray of float, shape (H, W)
        Probabilities in [0, 1].
    threshold : float
        The candidate is the pixels strictly above it (as the case binarises).

    Returns
    -------
    ndarray of uint8, shape (H, W)
        1 on candidate pixels with a 4-neighbour outside the candidate, else 0. The
        image's edge is no crossing: a candidate touching it is not outlined there.
    """
    mask = (soft > threshold).view(np.uint8)
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    inner = cv2.erode(mask, cross, borderType=cv2.BORDER_CONSTANT, borderValue=1)
    contour = mask - inner
    contour.setflags(write=False)
    return contour


def probability_layer(case: Case, threshold: float | None) -> DisplayLayer | None:
    """The heat-map layer of ``case``'s probability map with the contour at ``threshold``
    (None: the case's own threshold); None for a binary candidate. The contour is drawn
    on first use (`DisplayLayer.contour`): while the layer is hidden, a threshold change
    costs nothing here."""
    soft = case.candidate_soft
    if soft is None:
        return None
    threshold = case.threshold if threshold is None else threshold
    last = _WITH_CONTOUR.get(NAME)
    if last is not None and last[0]() is soft and last[1] == threshold:
        return last[2]
    layer = dataclasses.replace(_heat_map(soft),
                                contour_of=functools.partial(threshold_contour, soft, threshold))
    _WITH_CONTOUR[NAME] = (weakref.ref(soft), threshold, layer)
    return layer


def _heat_map(soft: np.ndarray) -> DisplayLayer:
    """The heat-map layer of ``soft`` (no contour), built once per map."""
    last = _HEAT.get(NAME)
    if last is not None and last[0]() is soft:
        return last[1]
    layer = DisplayLayer(Layer(NAME, "Probability map (soft candidate)", "scalar",
                               probability_index(soft), RAMP, (0.0, 1.0)))
    _HEAT[NAME] = (weakref.ref(soft), layer)
    return layer
