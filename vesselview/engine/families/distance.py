"""Distance family (``docs/metrics.md`` §2): MSE, Hausdorff, HD95, contour HD95, NSD,
Pratt's FOM, Baddeley's Δp.

Sources: the distance measures compared by the tolerance-F1 paper (its distance table uses
``cityblock`` over the whole image); ``hd95_contour`` and ``nsd`` are the contour
conventions of MedPy's ``hd95`` and of the surface Dice (`vesselview.engine.surface`).
Computed on the whole image unless ``distance_fov`` restricts masks and Δp's pixel set to
the FOV. ``d(x, A)`` runs from the centre of pixel x to the nearest pixel centre of A,
or to A's pixel squares under ``distance_to = squares`` (exact and scale-consistent:
`vesselview.engine.distance_map.distance_map_to_squares`); Pratt's k is per
``fom_length``². Distances are ``inf`` when exactly one mask is empty and 0 when both are; ``nsd``
is 1 when both are empty and 0 when exactly one is (section 0).

Ignore regions: the family sees the case with the ignored pixels removed from both masks
and from the FOV (`Case.without_ignored`), so Δp's pixel set is every pixel (or F & ~I).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from vesselview.engine.baddeley import baddeley_delta
from vesselview.engine.distance_map import DistanceMap, distance_map, distance_map_to_squares
from vesselview.engine.families.base import (
    NON_NEGATIVE,
    UNIT_RANGE,
    MetricInfo,
    StageContext,
    UnitKind,
    stage,
)
from vesselview.engine.families.contour import contour_distance_values
from vesselview.engine.families.family import Family, Probe
from vesselview.engine.families.shared import (
    candidate_distances,
    distance_masks,
    reference_euclidean,
    restricted,
)
from vesselview.engine.families.sources import TOLERANCE_PAPER
from vesselview.engine.lengths import in_pixels
from vesselview.engine.scores import Scores
from vesselview.engine.surface import surface_scores

if TYPE_CHECKING:
    from vesselview.engine.params import Params

BOTH_EMPTY = "reference and candidate are both empty"


@dataclasses.dataclass(frozen=True, eq=False)
class DistanceMaps:
    """Masks and distance transforms the distance metrics share.

    Attributes
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
        ``S`` and ``G``, restricted to the FOV when ``distance_fov`` is set.
    to_candidate, to_reference : DistanceMap or None
        ``d(x, S)`` and ``d(x, G)`` from every pixel centre to the mask's nearest pixel
        centre, in pixels (kept in 4 bytes per pixel, read exactly); None for an empty
        mask.
    region : ndarray of bool, shape (H, W), or None
        Δp's pixel set ``X``: the FOV, or None for the whole image.
    squares : tuple of two DistanceMap or None, or None
        Under ``distance_to = squares``, ``d(x, S)`` and ``d(x, G)`` to the masks'
        pixel squares (`distance_map_to_squares`; None for an empty mask); None under
        ``centres``.
    """

    candidate: np.ndarray
    reference: np.ndarray
    to_candidate: DistanceMap | None
    to_reference: DistanceMap | None
    region: np.ndarray | None
    squares: tuple[DistanceMap | None, DistanceMap | None] | None = None

    def averaged(self) -> tuple[DistanceMap | None, DistanceMap | None]:
        """``(d(x, S), d(x, G))`` as mse, hd95, fom and Δp read them (``distance_to``).

        The Hausdorff distance keeps the centres: the farthest pixel centre's distance
        to the nearest centre is the largest distance between the pixel squares
        themselves (each square moves with its centre), while the distance to the
        nearest square falls half a pixel short of it, a different share at each
        resolution.
        """
        return self.squares if self.squares is not None else (self.to_candidate,
                                                               self.to_reference)


def distances_to(mask: np.ndarray, kind: str) -> DistanceMap | None:
    """``d(x, mask)`` for every pixel (pixels), or None for an empty mask."""
    return distance_map(mask, kind) if mask.any() else None


def distances_to_squares(mask: np.ndarray, kind: str) -> DistanceMap | None:
    """``d(x, mask)`` to the mask's pixel squares (pixels), or None for an empty mask."""
    return distance_map_to_squares(mask, kind) if mask.any() else None


def distance_maps(candidate: np.ndarray, reference: np.ndarray, fov: np.ndarray,
                  kind: str, use_fov: bool, to_reference: DistanceMap | None = None,
                  target: str = "centres") -> DistanceMaps:
    """Restrict the masks as ``distance_fov`` says and compute both distance transforms.

    Parameters
    ----------
    candidate, reference, fov : ndarray of bool, shape (H, W)
    kind : {"euclidean", "cityblock", "chessboard"}
    use_fov : bool
        The ``distance_fov`` parameter.
    to_reference : DistanceMap, optional
        ``distances_to(restricted(reference, fov, use_fov), kind)`` when already
        computed (it does not depend on the candidate); computed here when None.
    target : {"centres", "squares"}
        The ``distance_to`` parameter.
    """
    candidate = restricted(candidate, fov, use_fov)
    reference = restricted(reference, fov, use_fov)
    squares = ((distances_to_squares(candidate, kind), distances_to_squares(reference, kind))
               if target == "squares" else None)
    return DistanceMaps(
        candidate=candidate,
        reference=reference,
        to_candidate=distances_to(candidate, kind),
        to_reference=to_reference if to_reference is not None else distances_to(reference, kind),
        region=fov if use_fov else None,
        squares=squares,
    )


def distance_scores(maps: DistanceMaps, fom_k: float, baddeley_p: float,
                    baddeley_c: float) -> Scores:
    """``mse hausdorff hd95 fom delta_p`` from shared distance maps.

    Parameters
    ----------
    maps : DistanceMaps
    fom_k : float
        Pratt's scaling constant k per squared pixel (``fom_k / fom_length²``).
    baddeley_p, baddeley_c : float
        Baddeley's exponent p and cut-off c (pixels).
    """
    out = Scores()
    n_s = int(np.count_nonzero(maps.candidate))
    n_g = int(np.count_nonzero(maps.reference))
    if n_s == 0 or n_g == 0:
        gap = 0.0 if n_s == n_g else float("inf")
        for key in ("mse", "hausdorff", "hd95"):
            out.set(key, gap)
        if n_s == n_g:
            out.undefined("fom", BOTH_EMPTY)
        else:
            out.set("fom", 0.0)  # every term 1 / (1 + k·inf) is 0, or the sum is empty
    else:
        to_candidate, to_reference = maps.averaged()
        assert to_reference is not None and to_candidate is not None  # both non-empty
        s_to_g = to_reference.at(maps.candidate)
        g_to_s = to_candidate.at(maps.reference)
        out.set("mse", float(np.mean(s_to_g**2)))
        out.set("hausdorff", _hausdorff(maps) if maps.squares else
                float(max(s_to_g.max(), g_to_s.max())))
        pooled = np.concatenate([s_to_g, g_to_s])  # ours: partitioned in place, no copy
        out.set("hd95", float(np.percentile(pooled, 95, overwrite_input=True)))
        out.set("fom", float(np.sum(1.0 / (1.0 + fom_k * s_to_g**2)) / max(n_s, n_g)))
    if maps.region is not None and not maps.region.any():
        out.undefined("delta_p", "the FOV is empty (Δp averages over the FOV)")
    else:
        to_candidate, to_reference = maps.averaged()
        out.set("delta_p", baddeley_delta(to_reference, to_candidate, maps.region,
                                          maps.candidate.shape, baddeley_p, baddeley_c))
    return out


def _hausdorff(maps: DistanceMaps) -> float:
    """The Hausdorff distance between pixel centres of two non-empty masks."""
    assert maps.to_reference is not None and maps.to_candidate is not None
    return float(max(maps.to_reference.at(maps.candidate).max(),
                     maps.to_candidate.at(maps.reference).max()))


def _info(key: str, name: str, definition: str, source: str, unit: str = "",
          direction: Literal["higher", "lower"] = "lower", short: str = "", *,
          kind: UnitKind = "length", value_range: tuple[float, float | str] = NON_NEGATIVE,
          stage: str = "distance_map_metrics") -> MetricInfo:
    """A distance-map metric (pixels, lower is better) unless the arguments say otherwise."""
    return MetricInfo(key, name, unit, definition, f"{source}; docs/metrics.md §2", direction,
                      short=short, kind=kind, value_range=value_range, stage=stage)


METRICS = (
    _info("mse", "Mean squared distance", "mean over S of d(x, G)²", TOLERANCE_PAPER, "px²",
          short="MSE", kind="area"),
    _info("hausdorff", "Hausdorff distance", "largest distance from S to G or G to S",
          TOLERANCE_PAPER, "px", short="Hausdorff"),
    _info("hd95", "Hausdorff 95 %", "95th percentile of the pooled S→G and G→S distances",
          "robust Hausdorff variant", "px", short="HD95"),
    _info("hd95_contour", "Contour Hausdorff 95 %",
          "95th percentile of the pooled contour-to-contour distances P(S)→P(G), P(G)→P(S) "
          "(MedPy hd95)", "MedPy medpy.metric.binary.hd95 convention", "px",
          short="HD95 contour", stage="surface"),
    _info("nsd", "Normalised surface distance",
          "share of contour pixels of S and G within τ of the other contour (surface Dice)",
          "Nikolov et al., J Med Internet Res 2021, doi:10.2196/26151", direction="higher",
          short="NSD", kind="ratio", value_range=UNIT_RANGE, stage="surface"),
    _info("fom", "Pratt's figure of merit",
          "Σ over S of 1 / (1 + k·(d(x, G) / u)²) / max(#G, #S), u = fom_length",
          TOLERANCE_PAPER, direction="higher", short="FOM", kind="ratio", value_range=UNIT_RANGE),
    _info("delta_p", "Baddeley Δp", "p-mean of |min(d(x,G), c) − min(d(x,S), c)| over pixels",
          TOLERANCE_PAPER, "px", short="Δp", value_range=(0.0, "baddeley_c")),
)


@stage("reference_distances", params=("distance", "distance_fov"), needs=(reference_euclidean,))
def reference_distances(ctx: StageContext) -> DistanceMap | None:
    """``d(x, G)`` (independent of the candidate, so a threshold change keeps it); the
    Euclidean one is the contour distances' too."""
    if ctx.params.distance == "euclidean":
        return ctx.get(reference_euclidean)
    reference = restricted(ctx.case.reference, ctx.case.fov, ctx.params.distance_fov)
    return distances_to(reference, ctx.params.distance)


@stage("reference_square_distances", params=("distance", "distance_fov", "distance_to"))
def reference_square_distances(ctx: StageContext) -> DistanceMap | None:
    """``d(x, G)`` to G's pixel squares under ``distance_to = squares`` (else None)."""
    p = ctx.params
    kind, target, use_fov = p.distance, p.distance_to, p.distance_fov
    if target != "squares":
        return None
    return distances_to_squares(restricted(ctx.case.reference, ctx.case.fov, use_fov), kind)


@stage("distance_maps", params=("distance", "distance_to"),
       needs=(distance_masks, reference_distances, reference_square_distances,
              candidate_distances))
def distance_transforms(ctx: StageContext) -> DistanceMaps:
    """Both distance transforms of the restricted masks (the Euclidean one to the
    candidate is the contour distances' too), and to their squares when chosen."""
    masks, kind = ctx.get(distance_masks), ctx.params.distance
    to_candidate = (ctx.get(candidate_distances) if kind == "euclidean"
                    else distances_to(masks.candidate, kind))
    to_reference_squares = ctx.get(reference_square_distances)  # None under centres
    squares = ((distances_to_squares(masks.candidate, kind), to_reference_squares)
               if ctx.params.distance_to == "squares" else None)
    return DistanceMaps(candidate=masks.candidate, reference=masks.reference,
                        to_candidate=to_candidate, to_reference=ctx.get(reference_distances),
                        region=masks.region, squares=squares)


@stage("distance_map_metrics", params=("fom_k", "fom_length", "baddeley_p", "baddeley_c"),
       needs=(distance_transforms,))
def distance_map_metrics(ctx: StageContext) -> Scores:
    """``mse hausdorff hd95 fom delta_p``; Pratt's k per squared pixel is
    ``fom_k / fom_length²`` (``fom_length`` in pixels; k itself at the default 1 px)."""
    p = ctx.params
    return distance_scores(ctx.get(distance_transforms), p.fom_k / in_pixels(p.fom_length)**2,
                           p.baddeley_p, in_pixels(p.baddeley_c))


@stage("surface", params=("nsd_tau", "distance_convention"),
       needs=(distance_masks, contour_distance_values))
def surface_metrics(ctx: StageContext) -> Scores:
    """``hd95_contour nsd`` from the contour distances of the restricted masks."""
    masks = ctx.get(distance_masks)
    return surface_scores(ctx.get(contour_distance_values), bool(masks.candidate.any()),
                          bool(masks.reference.any()), in_pixels(ctx.params.nsd_tau),
                          ctx.params.distance_convention)


def pixel_distances(maps: DistanceMaps | None, params: Params, row: int, col: int
                    ) -> dict[str, Any]:
    """``distance_kind`` and the distances (pixels) from pixel ``(row, col)`` to each mask.

    As mse, hd95, fom and Δp read them (to pixel centres or squares: ``distance_to``);
    ``inf`` when that mask is empty; None while ``maps`` is pending (None).
    """
    fields: dict[str, Any] = {"distance_kind": params.distance, "distance_to_reference": None,
                              "distance_to_candidate": None}
    if maps is not None:
        to_candidate, to_reference = maps.averaged()
        fields["distance_to_reference"] = _distance_at(to_reference, row, col)
        fields["distance_to_candidate"] = _distance_at(to_candidate, row, col)
    return fields


def _distance_at(dist: DistanceMap | None, row: int, col: int) -> float:
    """Distance map value, ``inf`` when the mask it measures to is empty."""
    return float("inf") if dist is None else dist.pixel(row, col)


FAMILY = Family(name="distance", title="Distances", metrics=METRICS,
                scores=(distance_map_metrics, surface_metrics),
                probes=(Probe(distance_transforms, pixel_distances),))
