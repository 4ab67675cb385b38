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
- ``deepmind`` (DeepMind surface-distance): the boundary between pixels, on the lattice
  of pixel corners, each corner weighted by the boundary length it stands for
  (`vesselview.engine.boundary_lattice`); ``compute_robust_hausdorff`` (the larger of
  the two directed length-weighted percentiles, no interpolation; at 100 the
  Hausdorff distance), the mean of the two directed length-weighted means of
  ``compute_average_surface_distance``, and ``compute_surface_dice_at_tolerance`` (the
  length-weighted share of both boundaries within tau). ``rmsd`` is the root of the
  length-weighted mean square of both directions' distances (the library has none).
"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np

from vesselview.engine.boundary_lattice import (
    boundary_corners,
    weighted_mean,
    weighted_percentile,
)
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
    boundary_lattice : bool
        The contour is the boundary between pixels, on the (H + 1, W + 1) lattice of
        pixel corners, each corner weighted by its boundary length (DeepMind's).
    """

    full_contour: bool = False
    directed_mean: bool = False
    directed_percentile: bool = False
    boundary_lattice: bool = False


#: Each ``distance_convention`` value and what it means.
CONVENTIONS: dict[str, Convention] = {
    "vesselview": Convention(),
    "medpy": Convention(),
    "monai": Convention(directed_mean=True, directed_percentile=True),
    "deepmind": Convention(directed_mean=True, directed_percentile=True,
                           boundary_lattice=True),
    "seg-metrics": Convention(full_contour=True),
}


def on_lattice(convention: str) -> bool:
    """Whether ``convention``'s contours lie on the (H + 1, W + 1) corner lattice."""
    return CONVENTIONS[convention].boundary_lattice


def contour_elements(mask: np.ndarray, convention: str) -> tuple[np.ndarray, np.ndarray | None]:
    """The contour of ``mask`` under ``convention``; the image border counts as outside.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
    convention : str
        A key of `CONVENTIONS`.

    Returns
    -------
    pixels : ndarray of bool, shape (H, W), or (H + 1, W + 1) on the corner lattice
    weights : ndarray of float64, shape (#pixels,), or None
        The boundary length (pixels) of each element on the corner lattice, row-major;
        None when every contour pixel counts once.
    """
    rules = CONVENTIONS[convention]
    if rules.boundary_lattice:
        return boundary_corners(mask)
    if not rules.full_contour:
        return inner_contour(mask), None
    square = np.ones((3, 3), np.uint8)
    eroded = cv2.erode(mask.view(np.uint8), square, borderType=cv2.BORDER_CONSTANT,
                       borderValue=0).view(np.bool_)
    return mask & ~eroded, None


Weights = tuple[np.ndarray, np.ndarray] | None


def symmetric_mean(first: np.ndarray, second: np.ndarray, convention: str,
                   weights: Weights = None) -> float:
    """Average symmetric distance of two non-empty directed distance lists (pixels).

    ``weights`` (one array per list, or None for unit weights) make each mean
    length-weighted.
    """
    if weights is not None:
        return (weighted_mean(first, weights[0]) + weighted_mean(second, weights[1])) / 2.0
    if CONVENTIONS[convention].directed_mean:
        return float((first.mean() + second.mean()) / 2.0)
    return float(np.concatenate([first, second]).mean())


def pooled_mean(pooled: np.ndarray, weights: Weights = None) -> float:
    """Mean of both directions' values together (distances or squared distances),
    length-weighted when ``weights`` (one array per direction, in the pooled order) are
    given."""
    if weights is None:
        return float(np.mean(pooled))
    return weighted_mean(pooled, np.concatenate(weights))


def symmetric_percentile(first: np.ndarray, second: np.ndarray, percentile: float,
                         convention: str, weights: Weights = None) -> float:
    """``percentile`` of two non-empty directed distance lists.

    numpy's linear rule; with ``weights``, the larger of the two directed
    length-weighted percentiles (`weighted_percentile`, DeepMind's rule).
    """
    if weights is not None:
        return max(weighted_percentile(first, weights[0], percentile),
                   weighted_percentile(second, weights[1], percentile))
    if CONVENTIONS[convention].directed_percentile:
        return float(max(np.percentile(first, percentile), np.percentile(second, percentile)))
    return float(np.percentile(np.concatenate([first, second]), percentile))
