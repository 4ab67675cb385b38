"""Artery/vein classes of a case on one scale, and the masks the A/V metrics compare.

A `LabelMap` names its classes freely; the A/V metrics read four names: ``artery``,
``vein``, ``crossing`` (artery and vein at once) and ``uncertain``. `av_codes` maps a
label map onto `BACKGROUND`, `ARTERY`, `VEIN`, `CROSSING` and `OTHER` (``uncertain``
and any class of another name). The rules (``docs/metrics.md`` §11):

* a class's mask holds its own pixels and the crossings (`class_mask`);
* pixels the reference marks ``uncertain`` (`OTHER`) are left out of every A/V metric
  (`AVLabels.region`).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.labels import LabelMap

BACKGROUND, ARTERY, VEIN, CROSSING, OTHER = 0, 1, 2, 3, 4
#: The class names the A/V metrics read, by code.
NAMES = {ARTERY: "artery", VEIN: "vein", CROSSING: "crossing"}

NO_REFERENCE_CLASSES = "the reference has no artery/vein classes (a vessel mask)"
NO_CANDIDATE_CLASSES = "the candidate has no artery/vein classes (a vessel mask)"


@dataclasses.dataclass(frozen=True, eq=False)
class AVLabels:
    """Reference and candidate classes as codes, or why the A/V metrics are undefined.

    Attributes
    ----------
    reference, candidate : ndarray of uint8, shape (H, W), or None
        Codes `BACKGROUND`..`OTHER` per pixel; None when that side has no usable classes.
    region : ndarray of bool, shape (H, W), or None
        The pixels the A/V metrics count: the FOV without the reference's uncertain
        (`OTHER`) pixels; None with `reference`.
    problem : str
        Why the A/V metrics are undefined (``""``: they are defined).
    """

    reference: np.ndarray | None
    candidate: np.ndarray | None
    region: np.ndarray | None
    problem: str


def av_codes(labels: LabelMap) -> np.ndarray | None:
    """The label map's classes as codes (uint8, shape (H, W)); None when it names no
    artery or vein class."""
    lookup = np.full(256, OTHER, np.uint8)
    lookup[0] = BACKGROUND
    named = {name: value for value, name in labels.classes.items()}
    if "artery" not in named and "vein" not in named:
        return None
    for code, name in NAMES.items():
        if name in named:
            lookup[named[name]] = code
    return lookup[labels.image]


def av_labels(reference: LabelMap | None, candidate: LabelMap | None,
              fov: np.ndarray) -> AVLabels:
    """Both sides' codes and the counted region (`AVLabels`)."""
    ref = None if reference is None else av_codes(reference)
    cand = None if candidate is None else av_codes(candidate)
    if ref is None:
        return AVLabels(None, cand, None, NO_REFERENCE_CLASSES)
    region = fov & (ref != OTHER)
    return AVLabels(ref, cand, region, "" if cand is not None else NO_CANDIDATE_CLASSES)


def class_mask(codes: np.ndarray, code: int) -> np.ndarray:
    """The pixels of class ``code`` (`ARTERY` or `VEIN`) and the crossings (bool)."""
    return (codes == code) | (codes == CROSSING)
