"""Stages several families share: the candidate at the threshold, both skeletons, both
masks' components (counted by CAL and topology, matched by component detection), the
masks the distance and contour families compare and the Euclidean distances to the
candidate and to the reference they both read.

The candidate stage is the only one reading ``threshold`` (for a hard candidate the
pipeline leaves it out of every cache key); every stage that fetches it depends on it.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.component_detection import ComponentLabels, component_labels
from vesselview.engine.distance_map import DistanceMap, distance_map
from vesselview.engine.families.base import StageContext, stage
from vesselview.engine.thinning import thin


@stage("candidate_mask", params=("threshold",))
def candidate_mask(ctx: StageContext) -> np.ndarray:
    """The candidate mask ``S`` at ``threshold`` (bool, shape (H, W))."""
    return ctx.case.candidate_at(ctx.params.threshold)


@stage("reference_skeleton")
def reference_skeleton(ctx: StageContext) -> np.ndarray:
    """``thin(G)`` over the whole image (bool, shape (H, W))."""
    return thin(ctx.case.reference)


@stage("candidate_skeleton", needs=(candidate_mask,))
def candidate_skeleton(ctx: StageContext) -> np.ndarray:
    """``thin(S)`` over the whole image (bool, shape (H, W))."""
    return thin(ctx.get(candidate_mask))


@stage("reference_labels")
def reference_labels(ctx: StageContext) -> ComponentLabels:
    """The 8-connected components of ``G`` over the whole image (a threshold change keeps
    them): counted by CAL and topology, matched by component detection."""
    return component_labels(ctx.case.reference)


@stage("candidate_labels", needs=(candidate_mask,))
def candidate_labels(ctx: StageContext) -> ComponentLabels:
    """The 8-connected components of ``S`` over the whole image."""
    return component_labels(ctx.get(candidate_mask))


@stage("candidate_components", needs=(candidate_labels,))
def candidate_components(ctx: StageContext) -> int:
    """ncomp(S): 8-connected components of the candidate over the whole image."""
    return ctx.get(candidate_labels).count


@dataclasses.dataclass(frozen=True, eq=False)
class DistanceMasks:
    """The masks the distance and contour metrics compare.

    Attributes
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
        ``S`` and ``G``, restricted to the FOV when ``distance_fov`` is set.
    region : ndarray of bool, shape (H, W), or None
        Δp's pixel set ``X``: the FOV, or None for the whole image.
    """

    candidate: np.ndarray
    reference: np.ndarray
    region: np.ndarray | None


def restricted(mask: np.ndarray, fov: np.ndarray, use_fov: bool) -> np.ndarray:
    """``mask & F`` when ``distance_fov`` is set, else ``mask`` (the whole image)."""
    return mask & fov if use_fov else mask


@stage("distance_masks", params=("distance_fov",), needs=(candidate_mask,))
def distance_masks(ctx: StageContext) -> DistanceMasks:
    """``S`` and ``G`` (and Δp's region) as ``distance_fov`` says."""
    fov, use_fov = ctx.case.fov, ctx.params.distance_fov
    return DistanceMasks(candidate=restricted(ctx.get(candidate_mask), fov, use_fov),
                         reference=restricted(ctx.case.reference, fov, use_fov),
                         region=fov if use_fov else None)


@stage("reference_euclidean", params=("distance_fov",))
def reference_euclidean(ctx: StageContext) -> DistanceMap | None:
    """Euclidean ``d(x, G)`` of the restricted reference (None when it is empty).

    The distance family's map for ``distance`` = euclidean, and ``d(p, P(G))`` outside G
    for the contour distances (`vesselview.engine.nearest_pixel.distances_to_contour`);
    a threshold change keeps it.
    """
    reference = restricted(ctx.case.reference, ctx.case.fov, ctx.params.distance_fov)
    return distance_map(reference, "euclidean") if reference.any() else None


@stage("candidate_distances", needs=(distance_masks,))
def candidate_distances(ctx: StageContext) -> DistanceMap | None:
    """Euclidean ``d(x, S)`` of the restricted candidate (None when it is empty).

    One transform for the distance family (``distance`` = euclidean) and the contour
    distances (`vesselview.engine.families.contour.contour_distances`).
    """
    candidate = ctx.get(distance_masks).candidate
    return distance_map(candidate, "euclidean") if candidate.any() else None
