"""Skeletal-similarity family (Yan et al. 2018, `SS_PAPER`; ``docs/metrics.md`` §5).

Wires the stage functions of `vesselview.engine.skeletal` into the pipeline: thickness
(masks only), search range (``ss_R``), segments (min/max length), matching (all of
those), scores (also ``ss_alpha``); declares the SS metrics and overlay layers.

Ignore regions: the family sees the case with the ignored pixels removed from both masks
and from the FOV (`Case.without_ignored`): skeletons and thicknesses are those of the
cleaned masks, search ranges and segment labels stop at F & ~I, and the revised counts
(rSp, rAcc) count inside F & ~I.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from vesselview.engine import skeletal as ss
from vesselview.engine.families.base import (
    NON_NEGATIVE,
    UNIT_RANGE,
    MetricInfo,
    StageContext,
    layer,
    stage,
)
from vesselview.engine.families.family import Family, Probe
from vesselview.engine.families.shared import (
    candidate_mask,
    candidate_skeleton,
    reference_skeleton,
)
from vesselview.engine.families.sources import SS_PAPER
from vesselview.engine.layers import OKABE_ITO, Layer, LegendEntry, classes_layer
from vesselview.engine.lengths import whole_pixels
from vesselview.engine.scores import Scores

if TYPE_CHECKING:
    from vesselview.engine.params import Params


def _source(step: str) -> str:
    return f"{SS_PAPER}; docs/metrics.md §5 ({step})"


METRICS = (
    MetricInfo("ss", "Skeletal similarity SS", "", "length-weighted mean segment score "
               "(1 − α)·curve + α·thickness similarity within each segment's search range",
               _source("steps 9-10"), short="SS", kind="ratio",
               value_range=UNIT_RANGE),
    MetricInfo("ss_cs", "Curve similarity", "",
               "length-weighted mean of the valid segments' cs", _source("step 10"), short="SS cs",
               kind="ratio", value_range=UNIT_RANGE),
    MetricInfo("ss_ts", "Thickness similarity", "",
               "length-weighted mean of the valid segments' ts", _source("step 10"), short="SS ts",
               kind="ratio", value_range=UNIT_RANGE),
    MetricInfo("rse", "Revised sensitivity rSe", "", "equals SS", _source("step 11"), short="rSe",
               kind="ratio", value_range=UNIT_RANGE),
    MetricInfo("rsp", "Revised specificity rSp", "",
               "TN / (TN + FP) outside the search ranges", _source("step 11"), short="rSp",
               kind="ratio", value_range=UNIT_RANGE),
    MetricInfo("racc", "Revised accuracy rAcc", "", "(TP + TN) / #F with TP = SS·#P",
               _source("step 11"), short="rAcc", kind="ratio",
               value_range=UNIT_RANGE),
    MetricInfo("ss_confidence", "SS confidence", "", "share of the reference skeleton that "
               "lies in scored segments", _source("step 8"), short="SS conf.", kind="ratio",
               value_range=UNIT_RANGE),
    MetricInfo("rnc", "R_nc (unmatched skeleton)", "", "candidate skeleton outside every "
               "search range / reference skeleton length", _source("step 12"), "lower",
               short="R_nc", kind="ratio", value_range=NON_NEGATIVE),
)


@stage("ss_reference_thickness", needs=(reference_skeleton,))
def reference_thickness(ctx: StageContext) -> ss.SkeletonValues:
    """Thickness (radius, pixels) at the reference skeleton's pixels."""
    return ss.skeleton_thickness(ctx.case.reference, ctx.get(reference_skeleton))


@stage("ss_candidate_thickness", needs=(candidate_mask, candidate_skeleton))
def candidate_thickness(ctx: StageContext) -> ss.SkeletonValues:
    """Thickness (radius, pixels) at the candidate skeleton's pixels."""
    return ss.skeleton_thickness(ctx.get(candidate_mask), ctx.get(candidate_skeleton))


@stage("ss_search", params=("ss_R",), needs=(reference_skeleton, reference_thickness))
def search_range(ctx: StageContext) -> ss.SearchRange:
    """Search radii (at most ``ss_R``) and the search mask inside the FOV."""
    return ss.search_radii(ctx.get(reference_skeleton), ctx.get(reference_thickness),
                           ctx.case.fov, whole_pixels(ctx.params.ss_R))


@stage("ss_segments", params=("ss_min_length", "ss_max_length"), needs=(reference_skeleton,))
def segments(ctx: StageContext) -> ss.Segments:
    """The reference skeleton cut into segments."""
    return ss.reference_segments(ctx.get(reference_skeleton), ctx.case.fov,
                                 whole_pixels(ctx.params.ss_min_length),
                                 whole_pixels(ctx.params.ss_max_length))


Matching = tuple[ss.SegmentMatches, ss.RevisedCounts]


@stage("ss_matching", needs=(candidate_mask, reference_skeleton, candidate_skeleton,
                             reference_thickness, candidate_thickness, search_range, segments))
def matching(ctx: StageContext) -> Matching:
    """Candidate skeleton assigned to segments, and the revised pixel counts."""
    ref_skel, cand_skel = ctx.get(reference_skeleton), ctx.get(candidate_skeleton)
    search = ctx.get(search_range)
    case = ctx.case
    matches = ss.match_segments(ref_skel, ctx.get(reference_thickness), cand_skel,
                                ctx.get(candidate_thickness), search, ctx.get(segments))
    counts = ss.revised_counts(case.reference, ctx.get(candidate_mask), case.fov, ref_skel,
                               cand_skel, search.search_mask)
    return matches, counts


@stage("ss_scores", params=("ss_alpha",), needs=(matching, segments))
def segment_scores(ctx: StageContext) -> ss.SkeletalScores:
    """Per-segment scores and the SS metrics at ``ss_alpha``."""
    matches, counts = ctx.get(matching)
    return ss.skeletal_scores(matches.table, counts, ctx.get(segments).confidence,
                              ctx.params.ss_alpha)


@stage("ss", needs=(segment_scores,))
def skeletal_metrics(ctx: StageContext) -> Scores:
    """The SS metric values and reasons."""
    scores = ctx.get(segment_scores)
    return Scores(dict(scores.metrics), dict(scores.undefined))


@stage("ss_products", needs=(reference_skeleton, candidate_skeleton, reference_thickness,
                             candidate_thickness, search_range, segments, matching,
                             segment_scores))
def products(ctx: StageContext) -> ss.SkeletalProducts:
    """Every SS intermediate product, for the viewer (`Result.skeletal`)."""
    return ss.SkeletalProducts.from_stages(
        ctx.get(reference_skeleton), ctx.get(candidate_skeleton), ctx.get(reference_thickness),
        ctx.get(candidate_thickness), ctx.get(search_range), ctx.get(segments),
        ctx.get(matching)[0], ctx.get(segment_scores))


def pixel_segment(products: ss.SkeletalProducts | None, params: Params, row: int, col: int
                  ) -> dict[str, Any]:
    """``segment``: `segment_at` the pixel, None while ``products`` is pending (None)."""
    return {"segment": None if products is None else segment_at(products, row, col)}


def segment_at(products: ss.SkeletalProducts, row: int, col: int) -> dict[str, Any] | None:
    """The SS segment at a pixel: its reference label there, else the candidate assignment.

    Returns
    -------
    dict or None
        ``label, length, n_s, cs, ts, score, valid`` of the segment (``length`` and
        ``n_s`` in skeleton pixels), or None when the pixel is on no segment.
    """
    label = int(products.labels[row, col]) or products.assigned_at(row, col)
    if not label:
        return None
    rows = np.nonzero(products.table["label"] == label)[0]
    if len(rows) == 0:
        return None
    entry = products.table[rows[0]]
    return {
        "label": label,
        "length": int(entry["length"]),
        "n_s": int(entry["n_s"]),
        "cs": float(entry["cs"]),
        "ts": float(entry["ts"]),
        "score": float(entry["score"]),
        "valid": bool(entry["valid"]),
    }


@layer("reference_skeleton", kind="thin", stacking="skeleton", needs=(reference_skeleton, segments))
def reference_skeleton_layer(ctx: StageContext) -> Layer:
    """The reference skeleton and its junctions."""
    return classes_layer("reference_skeleton", "Reference skeleton", [
        (ctx.get(reference_skeleton), "reference skeleton", "orange"),
        (ctx.get(segments).junctions, "junction (removed before segmenting)", "white"),
    ])


@layer("candidate_skeleton", kind="thin", stacking="skeleton", needs=(candidate_skeleton,))
def candidate_skeleton_layer(ctx: StageContext) -> Layer:
    """The candidate skeleton."""
    return classes_layer("candidate_skeleton", "Candidate skeleton",
                         [(ctx.get(candidate_skeleton), "candidate skeleton", "sky_blue")])


@layer("search_range", kind="area", stacking="band", params=("ss_R",), needs=(search_range,))
def search_range_layer(ctx: StageContext) -> Layer:
    """The search range of the whole reference skeleton."""
    return classes_layer("search_range", f"SS search range (R = {ctx.params.ss_R})",
                         [(ctx.get(search_range).search_mask, "within search range",
                           "bluish_green")])


@layer("unmatched_skeleton", kind="thin", stacking="skeleton",
        needs=(candidate_skeleton, search_range))
def unmatched_layer(ctx: StageContext) -> Layer:
    """Candidate skeleton outside the search range (counted by R_nc)."""
    outliers = ctx.get(candidate_skeleton) & ~ctx.get(search_range).search_mask
    return classes_layer("unmatched_skeleton", "Candidate skeleton outside the search range",
                         [(outliers, "unmatched candidate skeleton (R_nc)", "blue")])


@layer("segments", kind="thin", stacking="segments", explained_by="segment", needs=(segments,))
def segments_layer(ctx: StageContext) -> Layer:
    """The segment label image."""
    # The stage's own int32 label image (read-only), not a copy.
    return Layer(name="segments", title="Reference skeleton segments", kind="labels",
                 data=ctx.get(segments).labels)


@layer("segment_scores", kind="thin", stacking="segments", explained_by="segment",
        needs=(products,))
def segment_scores_layer(ctx: StageContext) -> Layer:
    """Per-segment score ss_k painted on the segment's pixels: 1..255 over [0, 1]."""
    skeletal = ctx.get(products)
    table = skeletal.table
    lookup = np.zeros(int(skeletal.labels.max(initial=0)) + 1, np.uint8)
    lookup[table["label"]] = 1 + np.rint(np.clip(table["score"], 0, 1) * 254).astype(np.uint8)
    return Layer(name="segment_scores", title="SS score per segment", kind="scalar",
                 data=lookup[skeletal.labels], value_range=(0.0, 1.0),
                 # vermillion -> sky blue: apart for the common colour-vision deficiencies
                 # (yellow is kept for the highlight, see vesselview.engine.layers).
                 legend=(LegendEntry(1, "score 0 (poor)", OKABE_ITO["vermillion"]),
                         LegendEntry(255, "score 1 (good)", OKABE_ITO["sky_blue"])))


FAMILY = Family(name="skeletal", title="Skeletal similarity", metrics=METRICS,
                scores=(skeletal_metrics,), products=products,
                probes=(Probe(products, pixel_segment),),
                layers=(reference_skeleton_layer, candidate_skeleton_layer, search_range_layer,
                        unmatched_layer, segments_layer, segment_scores_layer))
