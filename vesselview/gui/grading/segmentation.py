"""The segmentation under the marks: candidate, reference, or both as TP / FP / FN.

One uint8 class image per case (0 nothing, 1 both, 2 candidate only, 3 reference
only) and one lookup table per view, so switching views is a table swap. Colours and
class names are the inspector's strict confusion layer's (`vesselview.engine.overlays`).
"""

from __future__ import annotations

import enum
import html

import numpy as np

from vesselview.engine.case import Case
from vesselview.engine.layers import OKABE_ITO

BOTH, CANDIDATE_ONLY, REFERENCE_ONLY = 1, 2, 3
_OPACITY = 0.9


class SegmentationView(enum.Enum):
    """What the grader sees under the marks."""

    CONFUSION = "Candidate vs reference (TP / FP / FN)"
    CANDIDATE = "Candidate only"
    REFERENCE = "Reference only"
    NONE = "Fundus only"


#: What each class means on screen.
_CLASS_NAMES = {BOTH: "both", CANDIDATE_ONLY: "candidate only (FP)",
                REFERENCE_ONLY: "reference only (FN)"}
#: Colours per class in each view (classes not listed are transparent).
_COLOURS = {
    SegmentationView.CONFUSION: {BOTH: "white", CANDIDATE_ONLY: "blue",
                                 REFERENCE_ONLY: "vermillion"},
    SegmentationView.CANDIDATE: {BOTH: "white", CANDIDATE_ONLY: "white"},
    SegmentationView.REFERENCE: {BOTH: "white", REFERENCE_ONLY: "white"},
    SegmentationView.NONE: {},
}


def segmentation_classes(case: Case) -> np.ndarray:
    """Class image, uint8 (H, W): `BOTH`, `CANDIDATE_ONLY`, `REFERENCE_ONLY` or 0.

    The candidate is the one the case was loaded with (a probability map at its load
    threshold); pixels outside the FOV are 0.
    """
    candidate, reference = case.candidate & case.fov, case.reference & case.fov
    classes = np.zeros(case.shape, np.uint8)
    classes[candidate & reference] = BOTH
    classes[candidate & ~reference] = CANDIDATE_ONLY
    classes[~candidate & reference] = REFERENCE_ONLY
    return classes


def segmentation_lookup_table(view: SegmentationView) -> np.ndarray:
    """RGBA table (256, 4) uint8 drawing `segmentation_classes` for ``view``."""
    table = np.zeros((256, 4), np.uint8)
    for value, colour in _COLOURS[view].items():
        table[value] = (*OKABE_ITO[colour][:3], round(255 * _OPACITY))
    return table


def segmentation_legend_html(view: SegmentationView) -> str:
    """Rich text naming the colours of ``view`` (one swatch per class shown)."""
    colours = _COLOURS[view]
    if view is SegmentationView.CANDIDATE:
        return _swatch("white") + " candidate vessels"
    if view is SegmentationView.REFERENCE:
        return _swatch("white") + " reference vessels"
    return " &nbsp; ".join(f"{_swatch(colour)} {html.escape(_CLASS_NAMES[value])}"
                           for value, colour in colours.items())


def _swatch(colour: str) -> str:
    red, green, blue = OKABE_ITO[colour][:3]
    return f"<span style='color: rgb({red}, {green}, {blue}); font-size: 14pt'>■</span>"
