"""Distance family (``docs/metrics.md`` §2): MSE, Hausdorff, HD95, contour HD95, NSD,
Pratt's FOM, Baddeley's Δp.

Sources: the distance measures compared by the tolerance-F1 paper (its distance table uses
``cityblock`` over the whole image); ``hd95_contour`` and ``nsd`` are the contour
conventions of MedPy's ``hd95`` and of the surface Dice (`vesselview.engine.surface`).
Computed on the whole image unless ``distance_fov`` restricts masks and Δp's pixel set to
the FOV. Distances are ``inf`` when exactly one mask is empty and 0 when both are; ``nsd``
is 1 when both are empty and 0 when exactly one is (section 0).

Ignore regions: the family sees the case with the ignored pixels removed from both masks
and from the FOV (`Case.without_ignored`), so Δp's pixel set is every pixel (or F & ~I).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from vesselview.engine.distance_map import DistanceMap, distance_map
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
from vesselview.engine.families.shared import candidate_distances, distance_masks, restricted
from vesselview.engine.families.sources import TOLERANCE_PAPER
from vesselview.engine.kernels_cache import kernel
from vesselview.engine.kernels_choice import use_compiled
from vesselview.engine.lengths import in_pixels
from vesselview.engine.scores import Scores
from vesselview.engine.surface import surface_scores

if TYPE_CHECKING:
    from vesselview.engine.params import Params

BOTH_EMPTY = "reference and candidate are both empty"
#: Rows of the image per block of Δp's terms (a few MB of float64 at a time).
_DELTA_P_ROWS = 128


@dataclasses.dataclass(frozen=True, eq=False)
class DistanceMaps:
    """Masks and distance transforms the distance metrics share.

    Attributes
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
        ``S`` and ``G``, restricted to the FOV when ``distance_fov`` is set.
    to_candidate, to_reference : DistanceMap or None
        ``d(x, S)`` and ``d(x, G)`` for every pixel, in pixels (kept in 4 bytes per
        pixel, read exactly); None for an empty mask.
    region : ndarray of bool, shape (H, W), or None
        Δp's pixel set ``X``: the FOV, or None for the whole image.
    """

    candidate: np.ndarray
    reference: np.ndarray
    to_candidate: DistanceMap | None
    to_reference: DistanceMap | None
    region: np.ndarray | None


def distances_to(mask: np.ndarray, kind: str) -> DistanceMap | None:
    """``d(x, mask)`` for every pixel (pixels), or None for an empty mask."""
    return distance_map(mask, kind) if mask.any() else None


def distance_maps(candidate: np.ndarray, reference: np.ndarray, fov: np.ndarray,
                  kind: str, use_fov: bool, to_reference: DistanceMap | None = None
                  ) -> DistanceMaps:
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
    """
    candidate = restricted(candidate, fov, use_fov)
    reference = restricted(reference, fov, use_fov)
    return DistanceMaps(
        candidate=candidate,
        reference=reference,
        to_candidate=distances_to(candidate, kind),
        to_reference=to_reference if to_reference is not None else distances_to(reference, kind),
        region=fov if use_fov else None,
    )


def distance_scores(maps: DistanceMaps, fom_k: float, baddeley_p: float,
                    baddeley_c: float) -> Scores:
    """``mse hausdorff hd95 fom delta_p`` from shared distance maps.

    Parameters
    ----------
    maps : DistanceMaps
    fom_k : float
        Pratt's scaling constant k (default 1/9).
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
        assert maps.to_reference is not None and maps.to_candidate is not None  # both non-empty
        s_to_g = maps.to_reference.at(maps.candidate)
        g_to_s = maps.to_candidate.at(maps.reference)
        out.set("mse", float(np.mean(s_to_g**2)))
        out.set("hausdorff", float(max(s_to_g.max(), g_to_s.max())))
        out.set("hd95", float(np.percentile(np.concatenate([s_to_g, g_to_s]), 95)))
        out.set("fom", float(np.sum(1.0 / (1.0 + fom_k * s_to_g**2)) / max(n_s, n_g)))
    if maps.region is not None and not maps.region.any():
        out.undefined("delta_p", "the FOV is empty (Δp averages over the FOV)")
    else:
        out.set("delta_p", _baddeley(maps, baddeley_p, baddeley_c))
    return out


def _baddeley(maps: DistanceMaps, p: float, c: float) -> float:
    """Δp = [mean over X of |w(d(x,G)) - w(d(x,S))|^p]^(1/p), w(u) = min(u, c).

    The distance to an empty mask is infinite, so its ``w`` is ``c`` everywhere. The
    terms are computed a block of rows at a time into one array, in row-major order:
    the same values, summed in the same order, as from whole-image arrays, without two
    float64 images at once (in place within a block: every new float64 array costs more
    in page faults than in arithmetic).
    """
    region = maps.region
    height, width = maps.candidate.shape
    terms = np.empty(height * width if region is None else int(np.count_nonzero(region)))
    filled = 0
    for top in range(0, height, _DELTA_P_ROWS):
        rows = slice(top, min(top + _DELTA_P_ROWS, height))
        diff = _clipped_gap(maps.to_reference, maps.to_candidate, c, rows, width)
        block = diff.ravel() if region is None else diff[region[rows]]
        block **= p
        terms[filled:filled + block.size] = block
        filled += block.size
    return float(np.mean(terms) ** (1.0 / p))


def _clipped_gap(to_reference: DistanceMap | None, to_candidate: DistanceMap | None,
                 c: float, rows: slice, width: int) -> np.ndarray:
    """``|min(d(x,G), c) - min(d(x,S), c)|`` on ``rows``: a new float64 (rows, W) array.

    Two maps of 32-bit integers go through `_clipped_gap_kernel` (one pass writing one
    array); otherwise numpy does the same operations (``c`` for an empty mask's map).
    """
    if (to_reference is not None and to_candidate is not None
            and to_reference.stored.dtype == to_candidate.stored.dtype == np.uint32
            and use_compiled(to_reference.stored.size)):
        return _clipped_gap_kernel(to_reference.stored[rows], to_reference.squared,
                                   to_candidate.stored[rows], to_candidate.squared, float(c))
    diff = np.subtract(_clipped(to_reference, c, rows, width),
                       _clipped(to_candidate, c, rows, width))
    return np.abs(diff, out=diff)


def _clipped(distances: DistanceMap | None, c: float, rows: slice, width: int) -> np.ndarray:
    """``min(d, c)`` on ``rows`` (float64, (rows, W)); ``c`` everywhere for an empty mask."""
    if distances is None:
        return np.full((rows.stop - rows.start, width), c)
    return distances.clipped(c, rows)


@kernel()
def _clipped_gap_kernel(reference: np.ndarray, reference_squared: bool,
                        candidate: np.ndarray, candidate_squared: bool,
                        c: float) -> np.ndarray:
    """`_clipped_gap` from two `DistanceMap.stored` arrays (uint32, (H, W)).

    The same IEEE operations as `DistanceMap.clipped` and numpy's subtract and abs
    (a correctly rounded square root, min, difference, absolute value), so the same bits.
    """
    height, width = reference.shape
    out = np.empty((height, width), np.float64)
    for i in range(height):
        for j in range(width):
            d_g = np.float64(reference[i, j])
            d_s = np.float64(candidate[i, j])
            if reference_squared:
                d_g = np.sqrt(d_g)
            if candidate_squared:
                d_s = np.sqrt(d_s)
            out[i, j] = abs(min(d_g, c) - min(d_s, c))
    return out


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
    _info("fom", "Pratt's figure of merit", "Σ over S of 1 / (1 + k·d(x, G)²) / max(#G, #S)",
          TOLERANCE_PAPER, direction="higher", short="FOM", kind="ratio", value_range=UNIT_RANGE),
    _info("delta_p", "Baddeley Δp", "p-mean of |min(d(x,G), c) − min(d(x,S), c)| over pixels",
          TOLERANCE_PAPER, "px", short="Δp", value_range=(0.0, "baddeley_c")),
)


@stage("reference_distances", params=("distance", "distance_fov"))
def reference_distances(ctx: StageContext) -> DistanceMap | None:
    """``d(x, G)`` (independent of the candidate, so a threshold change keeps it)."""
    reference = restricted(ctx.case.reference, ctx.case.fov, ctx.params.distance_fov)
    return distances_to(reference, ctx.params.distance)


@stage("distance_maps", params=("distance",),
       needs=(distance_masks, reference_distances, candidate_distances))
def distance_transforms(ctx: StageContext) -> DistanceMaps:
    """Both distance transforms of the restricted masks (the Euclidean one to the
    candidate is the contour distances' too)."""
    masks, kind = ctx.get(distance_masks), ctx.params.distance
    to_candidate = (ctx.get(candidate_distances) if kind == "euclidean"
                    else distances_to(masks.candidate, kind))
    return DistanceMaps(candidate=masks.candidate, reference=masks.reference,
                        to_candidate=to_candidate, to_reference=ctx.get(reference_distances),
                        region=masks.region)


@stage("distance_map_metrics", params=("fom_k", "baddeley_p", "baddeley_c"),
       needs=(distance_transforms,))
def distance_map_metrics(ctx: StageContext) -> Scores:
    """``mse hausdorff hd95 fom delta_p``."""
    p = ctx.params
    return distance_scores(ctx.get(distance_transforms), p.fom_k, p.baddeley_p,
                           in_pixels(p.baddeley_c))


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

    ``inf`` when that mask is empty; None while ``maps`` is pending (None).
    """
    fields: dict[str, Any] = {"distance_kind": params.distance, "distance_to_reference": None,
                              "distance_to_candidate": None}
    if maps is not None:
        fields["distance_to_reference"] = _distance_at(maps.to_reference, row, col)
        fields["distance_to_candidate"] = _distance_at(maps.to_candidate, row, col)
    return fields


def _distance_at(dist: DistanceMap | None, row: int, col: int) -> float:
    """Distance map value, ``inf`` when the mask it measures to is empty."""
    return float("inf") if dist is None else dist.pixel(row, col)


FAMILY = Family(name="distance", title="Distances", metrics=METRICS,
                scores=(distance_map_metrics, surface_metrics),
                probes=(Probe(distance_transforms, pixel_distances),))
