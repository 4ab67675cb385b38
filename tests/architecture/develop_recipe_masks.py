"""The hand-made pair of ``docs/develop.md``: 12 x 16 masks with known counts.

``G``: a thin vessel (rows 1-10 x cols 2-3, 20 px, thickness 1) and a thick one (rows
2-8 x cols 8-14, 49 px, thickness 4). ``S``: ``G`` without row 8 of the thick vessel
(7 px), plus two stray pieces touching no vessel of ``G``: rows 4-5 x cols 5-6 (4 px)
and the pixel (11, 0). No field of view: TP 62, FP 5, FN 7, TN 118.
"""

from __future__ import annotations

import numpy as np

import vesselview as vv

SHAPE = (12, 16)


def recipe_masks() -> tuple[np.ndarray, np.ndarray]:
    """The reference ``G`` and the candidate ``S`` (bool, shape `SHAPE`)."""
    reference = np.zeros(SHAPE, bool)
    reference[1:11, 2:4] = True
    reference[2:9, 8:15] = True
    candidate = reference.copy()
    candidate[8, 8:15] = False
    candidate[4:6, 5:7] = True
    candidate[11, 0] = True
    return reference, candidate


def recipe_case() -> vv.Case:
    """`recipe_masks` as a case over the whole image."""
    reference, candidate = recipe_masks()
    return vv.load_case(reference, candidate)
