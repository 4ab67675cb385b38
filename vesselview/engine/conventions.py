"""Peer libraries' contour-distance conventions, by name (``distance_convention``).

``docs/metrics.md`` §2 ("Contour distances as papers and peer libraries report them")
says what each library computes and cites its source. Under a convention the contour
distances follow that library's definition, so that ``msd`` (at ``contour_gamma`` = 0)
is its Hausdorff distance, ``asd`` its average symmetric surface distance,
``hd95_contour`` its HD95 and ``nsd`` its normalised surface distance:

- ``vesselview`` (default) and ``medpy``: 4-connected inner contours (the mask minus
  its erosion by the 3x3 cross), pooled distances for the mean and the percentile
  (MedPy 0.5's ``hd``, ``assd``, ``hd95``; MedPy has no NSD, vesselview's is kept).
- ``monai``: the same contours (``get_mask_edges``: the mask minus its erosion by
  scipy's default cross); ``compute_average_surface_distance(symmetric=True)`` is the
  mean of the two directed means, ``compute_hausdorff_distance(percentile=95)`` the
  larger of the two directed 95th percentiles; ``compute_surface_dice`` (without
  sub-voxels) is vesselview's ``nsd``.
- ``seg-metrics``: fully connected contours (``sitk.LabelContour(fullyConnected=True)``:
  the mask pixels with any of their 8 neighbours outside), pooled distances for
  ``hd``, ``hd95`` and ``msd`` (its mean); it has no NSD, vesselview's formula is used
  on its contours.
"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np

from vesselview.engine.morphology import inner_contour


@dataclasses.dataclass(frozen=True)
class Convention:
    """How one library reduces contour-to-contour distances.

    Attributes
    ----------
    full_contour : bool
        The contour is the pixels with any of their 8 neighbours outside the mask
        (else any of their 4 edge neighbours).
    directed_mean : bool
        The average symmetric distance is the mean of the two directed means (else the
        mean of the pooled distances of both directions).
    directed_percentile : bool
        HD95 is the larger of the two directed 95th percentiles (else the 95th
        percentile of the pooled distances).
    """

    full_contour: bool = False
    directed_mean: bool = False
    directed_percentile: bool = False


#: Each ``distance_convention`` value and what it means.
CONVENTIONS: dict[str, Convention] = {
    "vesselview": Convention(),
    "medpy": Convention(),
    "monai": Convention(directed_mean=True, directed_percentile=True),
    "seg-metrics": Convention(full_contour=True),
}


def contour_pixels(mask: np.ndarray, convention: str) -> np.ndarray:
    """The contour of ``mask`` under ``convention``; the image border counts as outside.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
    convention : str
        A key of `CONVENTIONS`.

    Returns
    -------
    ndarray of bool, shape (H, W)
    """
    if not CONVENTIONS[convention].full_contour:
        return inner_contour(mask)
    square = np.ones((3, 3), np.uint8)
    eroded = cv2.erode(mask.view(np.uint8), square, borderType=cv2.BORDER_CONSTANT,
                       borderValue=0).view(np.bool_)
    return mask & ~eroded


def symmetric_mean(first: np.ndarray, second: np.ndarray, convention: str) -> float:
    """Average symmetric distance of two non-empty directed distance lists (pixels)."""
    if CONVENTIONS[convention].directed_mean:
        return float((first.mean() + second.mean()) / 2.0)
    return float(np.concatenate([first, second]).mean())


def symmetric_percentile(first: np.ndarray, second: np.ndarray, percentile: float,
                         convention: str) -> float:
    """``percentile`` of two non-empty directed distance lists (numpy's linear rule)."""
    if CONVENTIONS[convention].directed_percentile:
        return float(max(np.percentile(first, percentile), np.percentile(second, percentile)))
    return float(np.percentile(np.concatenate([first, second]), percentile))
