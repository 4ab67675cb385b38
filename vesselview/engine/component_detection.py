"""Component detection for any binary structure (``docs/metrics.md`` §10).

Objects are the 8-connected components of each mask. A component is *found* by the
other mask when at least ``component_overlap`` of its pixels (and at least one) lie in
that mask: a reference component found by the candidate is detected, a candidate
component not found by the reference is a false component. The rule is many-to-many
(a vessel tree broken into pieces is still found by each piece's share), as the
per-object definition of the detection literature asks only whether each object was
hit and how many false objects there are.
"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np

from vesselview.engine.scores import Scores


@dataclasses.dataclass(frozen=True, eq=False)
class ComponentLabels:
    """The 8-connected components of a mask, labelled at its True pixels only.

    One labelling serves every stage that counts the components, measures their shares
    or paints them (no (H, W) label image is kept: 4 bytes per vessel pixel only).

    Attributes
    ----------
    mask : ndarray of bool, shape (H, W)
    at_pixels : ndarray of int32, shape (n,), read-only
        The label (1..count, OpenCV's raster order) of each True pixel, row-major.
    count : int
        How many components.
    """

    mask: np.ndarray
    at_pixels: np.ndarray
    count: int

    def shares(self, other: np.ndarray) -> np.ndarray:
        """Share of each component lying in ``other`` (bool, shape (H, W)).

        Returns
        -------
        ndarray of float64, shape (count,)
            In label order.
        """
        sizes = np.bincount(self.at_pixels, minlength=self.count + 1)[1:]
        inside = np.bincount(self.at_pixels[other[self.mask]], minlength=self.count + 1)[1:]
        return inside / np.maximum(sizes, 1)

    def painted(self, chosen: np.ndarray) -> np.ndarray:
        """Pixels (bool, shape (H, W)) of the components flagged in ``chosen`` (shape (count,))."""
        image = np.zeros(self.mask.shape, bool)
        # only the chosen components' pixels are written, not every mask pixel
        image.ravel()[np.flatnonzero(self.mask)[chosen[self.at_pixels - 1]]] = True
        return image


def component_labels(mask: np.ndarray) -> ComponentLabels:
    """`ComponentLabels` of ``mask`` (bool, shape (H, W)): one OpenCV labelling."""
    mask = np.ascontiguousarray(mask, dtype=bool)
    count, labels = cv2.connectedComponents(mask.view(np.uint8), connectivity=8,
                                            ltype=cv2.CV_32S)
    at_pixels = labels[mask]
    at_pixels.setflags(write=False)
    return ComponentLabels(mask=mask, at_pixels=at_pixels, count=int(count) - 1)


def found_shares(mask: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Share of each 8-connected component of ``mask`` lying in ``other``.

    Parameters
    ----------
    mask, other : ndarray of bool, shape (H, W)

    Returns
    -------
    ndarray of float64, shape (k,)
        In label order (OpenCV's raster order).
    """
    return component_labels(mask).shares(other)


def unfound_pixels(labels: ComponentLabels, shares: np.ndarray, overlap: float) -> np.ndarray:
    """Pixels (bool, shape (H, W)) of the components that their ``shares`` (see
    `ComponentLabels.shares`) do not find at ``overlap``."""
    return labels.painted(~found(shares, overlap))


def component_scores(reference_shares: np.ndarray, candidate_shares: np.ndarray,
                     overlap: float) -> Scores:
    """``component_precision component_recall component_f1 false_components``.

    Parameters
    ----------
    reference_shares, candidate_shares : ndarray of float64
        `found_shares` of the reference in the candidate and the other way round.
    overlap : float
        ``component_overlap``: the least share that finds a component (0..1).
    """
    out = Scores()
    detected = int(np.count_nonzero(found(reference_shares, overlap)))
    true = int(np.count_nonzero(found(candidate_shares, overlap)))
    precision = out.ratio("component_precision", true, candidate_shares.size,
                          "the candidate has no component")
    recall = out.ratio("component_recall", detected, reference_shares.size,
                       "the reference has no component")
    if candidate_shares.size == 0 and reference_shares.size == 0:
        out.undefined("component_f1", "neither mask has a component")
    elif candidate_shares.size == 0 or reference_shares.size == 0:
        out.set("component_f1", 0.0)  # the defined one of precision and recall is 0
    else:  # both defined; 0 when both are 0
        total = precision + recall
        out.set("component_f1", 2 * precision * recall / total if total else 0.0)
    out.set("false_components", candidate_shares.size - true)
    return out


def found(shares: np.ndarray, overlap: float) -> np.ndarray:
    """Whether each share finds its component: at least ``overlap`` and more than none."""
    return (shares >= overlap) & (shares > 0)
