"""Contour family: contour distances and tolerant overlap (``docs/metrics.md`` §2).

Source: the comparison functions of the CAL paper (`CAL_PAPER`). The contour ``P(X)`` is the
4-connected inner boundary. With tolerance ``g``: D1 = {max(0, d(p, P(G)) - g) : p in P(S)},
D2 likewise from G to S; ASD_g = mean(D1 ∪ D2), RMSD_g = sqrt(mean of squares), MSD_g = max,
N(M) = 1 / (1 + M). For g > 0 the paper's own formula (distance to the contour of the dilated
other mask) grows inside the tolerance region and its published values could not be reproduced,
so the spec fixes this reading. The 1 of N(M) is a length, ``norm_length`` u (1 px by
default, as in the paper): N(M) = 1 / (1 + M / u). J_g and D_g = 2·J_g / (1 + J_g) (the
Dice–Jaccard identity; the paper's D_g formula can exceed 1). J_g and D_g are 1 when both
masks are empty (section 0).

Ignore regions: the family sees the case with the ignored pixels removed from both masks
and from the FOV (`Case.without_ignored`).
"""

from __future__ import annotations

import dataclasses
from typing import Literal

import numpy as np

from vesselview.engine.conventions import (
    Weights,
    contour_elements,
    on_lattice,
    pooled_mean,
    symmetric_mean,
)
from vesselview.engine.distance_map import DistanceMap, distance_map
from vesselview.engine.families.base import (
    NON_NEGATIVE,
    UNIT_RANGE,
    MetricInfo,
    StageContext,
    stage,
)
from vesselview.engine.families.family import Family
from vesselview.engine.families.shared import (
    candidate_distances,
    distance_masks,
    reference_euclidean,
    restricted,
)
from vesselview.engine.families.sources import CAL_PAPER
from vesselview.engine.lengths import in_pixels
from vesselview.engine.morphology import distance_to
from vesselview.engine.nearest_pixel import distances_to_contour
from vesselview.engine.overlap import tolerant_overlap
from vesselview.engine.scores import Scores


@dataclasses.dataclass(frozen=True, eq=False)
class ContourDistances:
    """Euclidean distances between the two contours, before the tolerance is applied.

    Attributes
    ----------
    candidate_to_reference : ndarray of float64, shape (#P(S),)
        ``d(p, P(G))`` for each candidate contour pixel, in pixels (empty when P(G) is).
    reference_to_candidate : ndarray of float64, shape (#P(G),)
        ``d(p, P(S))`` for each reference contour pixel.
    weights : tuple of two ndarray of float64, or None
        The boundary length (pixels) of each element of the two lists, in their order,
        under a convention on the corner lattice; None when every element counts once.
    """

    candidate_to_reference: np.ndarray
    reference_to_candidate: np.ndarray
    weights: Weights = None


@dataclasses.dataclass(frozen=True, eq=False)
class Contour:
    """One mask's contour and the distance of every pixel to it.

    Attributes
    ----------
    pixels : ndarray of bool, shape (H, W)
        ``P(X)``.
    distances : DistanceMap or None
        ``d(x, P(X))`` (Euclidean, pixels); None when the contour is empty or the
        transform was not asked for (`contour_of`).
    weights : ndarray of float64, shape (#pixels,), or None
        Each element's boundary length on the corner lattice (`contour_elements`).
    """

    pixels: np.ndarray
    distances: DistanceMap | None
    weights: np.ndarray | None = None


def contour_of(mask: np.ndarray, convention: str = "vesselview", *,
               transform: bool = True) -> Contour:
    """``P(mask)`` (as ``distance_convention`` draws it) and, with ``transform``, the
    Euclidean distance of every pixel to it."""
    pixels, weights = contour_elements(mask, convention)
    return Contour(pixels, distance_map(pixels, "euclidean")
                   if transform and pixels.any() else None, weights)


def contour_distances(candidate: np.ndarray, reference: np.ndarray,
                      reference_contour: Contour | None = None,
                      to_candidate: DistanceMap | None = None,
                      convention: str = "vesselview",
                      to_reference: DistanceMap | None = None) -> ContourDistances:
    """Distances from each contour pixel of one mask to the other mask's contour.

    Parameters
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
        ``S`` and ``G`` (already restricted to the FOV when ``distance_fov`` is set).
    reference_contour : Contour, optional
        ``contour_of(reference)`` when already computed (it does not depend on the
        candidate); computed here when None.
    to_candidate : DistanceMap, optional
        The Euclidean ``d(x, S)`` when already computed: it gives ``d(p, P(S))`` outside
        ``S`` (`distances_to_contour`), saving a transform of ``P(S)`` (unused on the
        corner lattice).
    convention : str
        ``distance_convention``: how the contours are drawn (`contour_elements`).
    to_reference : DistanceMap, optional
        The Euclidean ``d(x, G)``, likewise for ``d(p, P(G))``, when
        ``reference_contour`` holds no transform (the pipeline's, off the lattice).
    """
    lattice = on_lattice(convention)
    contour_s, weights_s = contour_elements(candidate, convention)
    contour_g = reference_contour or contour_of(
        reference, convention, transform=to_reference is None or lattice)
    if not contour_s.any() or not contour_g.pixels.any():
        empty = np.zeros(0)
        return ContourDistances(empty, empty)
    weights = (None if weights_s is None or contour_g.weights is None
               else (weights_s, contour_g.weights))
    if lattice:
        return ContourDistances(candidate_to_reference=_transformed(contour_g, contour_s),
                                reference_to_candidate=distance_to(
                                    contour_s, "euclidean")[contour_g.pixels],
                                weights=weights)
    # each contour's pixels listed once: the points of one direction, the tree of the other
    flat_s, flat_g = np.flatnonzero(contour_s), np.flatnonzero(contour_g.pixels)
    to_contour_s = (distance_to(contour_s, "euclidean")[contour_g.pixels] if to_candidate is None
                    else distances_to_contour(candidate, contour_s, flat_s, to_candidate, flat_g))
    to_contour_g = (_transformed(contour_g, contour_s) if to_reference is None
                    else distances_to_contour(reference, contour_g.pixels, flat_g, to_reference,
                                              flat_s))
    return ContourDistances(candidate_to_reference=to_contour_g,
                            reference_to_candidate=to_contour_s, weights=weights)


def _transformed(contour: Contour, points: np.ndarray) -> np.ndarray:
    """``d(p, P(X))`` at the True pixels of ``points`` from the contour's transform (made
    here when it has none)."""
    if contour.distances is not None:
        return contour.distances.at(points)
    return distance_to(contour.pixels, "euclidean")[points]


def contour_scores(distances: ContourDistances, candidate: np.ndarray, reference: np.ndarray,
                   gamma: float, convention: str = "vesselview", unit: float = 1.0) -> Scores:
    """``asd rmsd msd n_asd n_rmsd n_msd j_g d_g`` at tolerance ``gamma`` pixels.

    Parameters
    ----------
    distances : ContourDistances
    candidate, reference : ndarray of bool, shape (H, W)
        The masks the distances were computed from.
    gamma : float
        Tolerance radius g in pixels (``contour_gamma``).
    convention : str
        ``distance_convention``: whether ``asd`` pools both directions or averages the
        two directed means (`symmetric_mean`); with the distances' weights the means
        (``asd``'s and ``rmsd``'s) are length-weighted.
    unit : float
        ``norm_length`` u in pixels: ``n_asd`` = 1 / (1 + ASD / u), and likewise
        ``n_rmsd`` and ``n_msd``.
    """
    out = Scores()
    has_s, has_g = bool(candidate.any()), bool(reference.any())
    if has_s and has_g:
        s_to_g = np.maximum(0.0, distances.candidate_to_reference - gamma)
        g_to_s = np.maximum(0.0, distances.reference_to_candidate - gamma)
        pooled = np.concatenate([s_to_g, g_to_s])
        asd = symmetric_mean(s_to_g, g_to_s, convention, distances.weights)
        rmsd, msd = np.sqrt(pooled_mean(pooled**2, distances.weights)), pooled.max()
    else:
        asd = rmsd = msd = 0.0 if has_s == has_g else float("inf")
    for key, value in (("asd", asd), ("rmsd", rmsd), ("msd", msd)):
        out.set(key, float(value))
        out.set(f"n_{key}", 1.0 / (1.0 + float(value) / unit))
    overlap = tolerant_overlap(candidate, reference, gamma)
    # both masks empty: a perfect match, as for Dice (section 0)
    j_g = overlap.matched / overlap.union if overlap.union else 1.0
    out.set("j_g", j_g)
    out.set("d_g", 2.0 * j_g / (1.0 + j_g))
    return out


_SOURCE = f"contour distances of the CAL paper ({CAL_PAPER}); docs/metrics.md §2"
#: What the tolerant overlaps become at the default contour tolerance g = 0.
_G_ZERO_NOTE = ("; with g = 0 (the default) it equals {plain}: set g under Parameters, "
                "Advanced")


def _info(key: str, name: str, definition: str, unit: str = "",
          direction: Literal["higher", "lower"] = "higher", short: str = "") -> MetricInfo:
    """A contour distance (``unit`` px) or else a ratio in [0, 1]."""
    if unit == "px":
        return MetricInfo(key, name, unit, definition, _SOURCE, direction, short=short,
                          kind="length", value_range=NON_NEGATIVE)
    return MetricInfo(key, name, unit, definition, _SOURCE, direction, short=short,
                      kind="ratio", value_range=UNIT_RANGE)


METRICS = (
    _info("asd", "Average symmetric contour distance",
          "mean contour-to-contour distance minus tolerance g", "px", "lower", short="ASD"),
    _info("rmsd", "RMS symmetric contour distance", "root mean square of the same", "px",
          "lower", short="RMSD"),
    _info("msd", "Maximum symmetric contour distance", "largest of the same", "px", "lower",
          short="MSD"),
    _info("n_asd", "N(ASD)", "1 / (1 + ASD / u), u = norm_length"),
    _info("n_rmsd", "N(RMSD)", "1 / (1 + RMSD / u)"),
    _info("n_msd", "N(MSD)", "1 / (1 + MSD / u)"),
    _info("j_g", "Tolerant Jaccard J_g", "overlap where each mask may miss the other by a "
          "disc of radius g" + _G_ZERO_NOTE.format(plain="Jaccard"), short="J_g"),
    _info("d_g", "Tolerant Dice D_g", "2·J_g / (1 + J_g)" + _G_ZERO_NOTE.format(plain="Dice"),
          short="D_g"),
)


@stage("reference_contour", params=("distance_fov", "distance_convention"))
def reference_contour(ctx: StageContext) -> Contour:
    """``P(G)``, and ``d(x, P(G))`` on the corner lattice (off it the contour distances
    read it from ``d(x, G)``); a threshold change keeps it."""
    convention = ctx.params.distance_convention
    return contour_of(restricted(ctx.case.reference, ctx.case.fov, ctx.params.distance_fov),
                      convention, transform=on_lattice(convention))


@stage("contour_distances", params=("distance_convention",),
       needs=(distance_masks, reference_contour, candidate_distances, reference_euclidean))
def contour_distance_values(ctx: StageContext) -> ContourDistances:
    """Contour-to-contour distances of the restricted masks (no parameter but the masks')."""
    masks = ctx.get(distance_masks)
    return contour_distances(masks.candidate, masks.reference, ctx.get(reference_contour),
                             ctx.get(candidate_distances), ctx.params.distance_convention,
                             ctx.get(reference_euclidean))


@stage("contour", params=("contour_gamma", "distance_convention", "norm_length"),
       needs=(distance_masks, contour_distance_values))
def contour_metrics(ctx: StageContext) -> Scores:
    """``asd rmsd msd n_asd n_rmsd n_msd j_g d_g`` at tolerance ``contour_gamma``."""
    masks, p = ctx.get(distance_masks), ctx.params
    return contour_scores(ctx.get(contour_distance_values), masks.candidate, masks.reference,
                          in_pixels(p.contour_gamma), p.distance_convention,
                          in_pixels(p.norm_length))


FAMILY = Family(name="contour", title="Contour distances", metrics=METRICS,
                scores=(contour_metrics,))
