"""The probability-map layer of a soft candidate: a heat map under the other overlays.

The candidate's probabilities in (0, 1] become indices 1..255 of a magma-like ramp
(perceptually ordered, readable with the common colour-vision deficiencies, and with no
yellow, which is kept for the highlight); probability 0 stays transparent. The legend
draws the ramp as a colour bar with the threshold marked on it.
"""

from __future__ import annotations

import weakref

import numpy as np

from vesselview.app.display import DisplayLayer
from vesselview.engine.case import Case
from vesselview.engine.layers import Layer, LegendEntry

NAME = "probability"
#: Colour stops of the ramp: (index 1..255, RGBA), after matplotlib's "magma".
RAMP = (
    LegendEntry(1, "probability 0", (0, 0, 4, 255)),
    LegendEntry(64, "probability 0.25", (81, 18, 124, 255)),
    LegendEntry(128, "probability 0.5", (183, 55, 121, 255)),
    LegendEntry(191, "probability 0.75", (252, 137, 97, 255)),
    LegendEntry(255, "probability 1", (252, 253, 191, 255)),
)
# The layer of the last soft map asked for: one per case, built once (off the main thread).
_LAST: dict[str, tuple[weakref.ReferenceType, DisplayLayer]] = {}


def probability_index(soft: np.ndarray) -> np.ndarray:
    """Probabilities (float, [0, 1]) as ramp indices: 0 stays 0, (0, 1] -> 1..255.

    Examples
    --------
    >>> probability_index(np.array([[0.0, 0.001, 0.5, 1.0]], np.float32)).tolist()
    [[0, 1, 128, 255]]
    """
    index = 1 + np.rint(np.clip(soft, 0.0, 1.0) * 254.0)
    return np.where(soft > 0, index, 0).astype(np.uint8)


def probability_layer(case: Case) -> DisplayLayer | None:
    """The heat-map layer of ``case``'s probability map (None for a binary candidate)."""
    soft = case.candidate_soft
    if soft is None:
        return None
    last = _LAST.get(NAME)
    if last is not None and last[0]() is soft:
        return last[1]
    layer = DisplayLayer(Layer(NAME, "Probability map (soft candidate)", "scalar",
                               probability_index(soft), RAMP, (0.0, 1.0)))
    _LAST[NAME] = (weakref.ref(soft), layer)
    return layer
