"""Detection family (``docs/metrics.md`` §10): junctions and segments of the vessel graphs,
and the components of the masks.

Wires `vesselview.engine.vessel_graph`, `vesselview.engine.detection` and
`vesselview.engine.component_detection` into the pipeline: one graph per skeleton (the
shared skeleton stages), junction matching (``junction_r``), segment detection
(``segment_tol``, ``segment_share``), component detection (``component_overlap``);
declares the metrics, the per-segment product and the marker, segment and component
layers. Whole image, like the skeletons; the family sees the case with the ignored
pixels removed.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import numpy as np

from vesselview.engine.component_detection import component_scores, unfound_pixels
from vesselview.engine.detection import (
    JunctionMatch,
    Junctions,
    SegmentDetection,
    junction_match,
    junction_scores,
    segment_detection,
    segment_scores,
)
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
    candidate_labels,
    candidate_mask,
    candidate_skeleton,
    reference_labels,
    reference_skeleton,
)
from vesselview.engine.graph_cleanup import OFF_AT_ZERO, cleaned_graph
from vesselview.engine.layers import Layer, LegendEntry, classes_layer, markers, palette_colour
from vesselview.engine.lengths import in_pixels, pixels_text
from vesselview.engine.scores import Scores
from vesselview.engine.vessel_graph import VesselGraph

if TYPE_CHECKING:
    from vesselview.engine.params import Params

_SOURCE = ("junction and segment detection of vessel graphs, docs/metrics.md §10 "
           "(matching radius and coverage rule are this tool's convention)")


def _metric(key: str, name: str, definition: str, stage_name: str, short: str) -> MetricInfo:
    return MetricInfo(key, name, "", definition, _SOURCE, short=short, kind="ratio",
                      value_range=UNIT_RANGE, stage=stage_name)


METRICS = (
    _metric("junction_precision", "Junction precision", "matched candidate junctions / "
            "candidate junctions (one-to-one within junction_r)", "junction_scores", "J prec."),
    _metric("junction_recall", "Junction recall", "matched reference junctions / reference "
            "junctions (one-to-one within junction_r)", "junction_scores", "J rec."),
    _metric("junction_f1", "Junction F1", "2·matched / (candidate + reference junctions)",
            "junction_scores", "J F1"),
    _metric("bifurcation_f1", "Bifurcation F1", "junction F1 among degree-3 junctions only",
            "junction_scores", "Bif. F1"),
    _metric("crossing_f1", "Crossing F1", "junction F1 among degree >= 4 junctions only",
            "junction_scores", "Cross. F1"),
    _metric("segment_recall", "Segment recall", "reference segments with at least "
            "segment_share of their pixels within segment_tol of skel(S) / reference segments",
            "segment_scores", "Seg. rec."),
    MetricInfo("false_segments", "False segments", "", "candidate segments with less than "
               "segment_share of their pixels within segment_tol of skel(G)", _SOURCE,
               "lower", short="False seg.", kind="count", value_range=NON_NEGATIVE,
               stage="segment_scores"),
    _metric("component_precision", "Component precision", "components of S with at least "
            "component_overlap of their pixels in G / components of S", "component_scores",
            "Comp. prec."),
    _metric("component_recall", "Component recall", "components of G with at least "
            "component_overlap of their pixels in S / components of G", "component_scores",
            "Comp. rec."),
    _metric("component_f1", "Component F1", "harmonic mean of component precision and "
            "recall", "component_scores", "Comp. F1"),
    MetricInfo("false_components", "False components", "", "components of S with less than "
               "component_overlap of their pixels in G", _SOURCE, "lower",
               short="False comp.", kind="count", value_range=NON_NEGATIVE,
               stage="component_scores"),
)


@stage("reference_graph", params=tuple(sorted(OFF_AT_ZERO)), needs=(reference_skeleton,))
def reference_graph(ctx: StageContext) -> VesselGraph:
    """The vessel graph of the reference skeleton (a threshold change keeps it)."""
    return cleaned_graph(ctx.get(reference_skeleton), ctx.params)


@stage("candidate_graph", params=tuple(sorted(OFF_AT_ZERO)), needs=(candidate_skeleton,))
def candidate_graph(ctx: StageContext) -> VesselGraph:
    """The vessel graph of the candidate skeleton."""
    return cleaned_graph(ctx.get(candidate_skeleton), ctx.params)


@stage("reference_junctions", needs=(reference_graph,))
def reference_junctions(ctx: StageContext) -> Junctions:
    """The reference nodes junctions are matched to: the case's annotated points (those
    outside the ignored region) when it has them, else the reference graph's junctions."""
    given = ctx.case.reference_junctions
    return ctx.get(reference_graph) if given is None else given.outside(ctx.case.ignore)


@stage("junction_match", params=("junction_r",), needs=(candidate_graph, reference_junctions))
def junctions(ctx: StageContext) -> JunctionMatch:
    """Matched, missed and false junctions at ``junction_r``."""
    return junction_match(ctx.get(candidate_graph), ctx.get(reference_junctions),
                          in_pixels(ctx.params.junction_r))


@stage("junction_scores", params=("junction_r",),
       needs=(junctions, candidate_graph, reference_junctions))
def junction_metrics(ctx: StageContext) -> Scores:
    """The junction detection metrics at ``junction_r``."""
    return junction_scores(ctx.get(candidate_graph), ctx.get(reference_junctions),
                           in_pixels(ctx.params.junction_r), ctx.get(junctions))


@stage("segment_detection", params=("segment_tol", "segment_share"),
       needs=(candidate_graph, reference_graph))
def segments(ctx: StageContext) -> SegmentDetection:
    """Per-segment detection of both skeletons."""
    return segment_detection(ctx.get(candidate_graph), ctx.get(reference_graph),
                             in_pixels(ctx.params.segment_tol), ctx.params.segment_share)


@stage("segment_scores", needs=(segments,))
def segment_metrics(ctx: StageContext) -> Scores:
    """``segment_recall`` and ``false_segments``."""
    return segment_scores(ctx.get(segments))


@stage("reference_components", needs=(reference_labels, candidate_mask))
def reference_components(ctx: StageContext) -> np.ndarray:
    """The share of each reference component lying in the candidate."""
    return ctx.get(reference_labels).shares(ctx.get(candidate_mask))


@stage("candidate_components_found", needs=(candidate_labels,))
def candidate_components(ctx: StageContext) -> np.ndarray:
    """The share of each candidate component lying in the reference."""
    return ctx.get(candidate_labels).shares(ctx.case.reference)


@stage("component_scores", params=("component_overlap",),
       needs=(reference_components, candidate_components))
def component_metrics(ctx: StageContext) -> Scores:
    """The component detection metrics at ``component_overlap``."""
    return component_scores(ctx.get(reference_components), ctx.get(candidate_components),
                            ctx.params.component_overlap)


@dataclasses.dataclass(frozen=True, eq=False)
class DetectionProducts:
    """What the viewer shows of the detection family (``Result.products["detection"]``).

    Attributes
    ----------
    reference_graph, candidate_graph : VesselGraph
    junctions : JunctionMatch
    segments : SegmentDetection
        The per-segment rows (`vesselview.engine.detection.SEGMENT_ROW`).
    """

    reference_graph: VesselGraph
    candidate_graph: VesselGraph
    junctions: JunctionMatch
    segments: SegmentDetection


@stage("detection_products", needs=(reference_graph, candidate_graph, junctions, segments))
def products(ctx: StageContext) -> DetectionProducts:
    """Both graphs, the junction matching and the segment rows."""
    return DetectionProducts(ctx.get(reference_graph), ctx.get(candidate_graph),
                             ctx.get(junctions), ctx.get(segments))


def pixel_detection_segment(found: DetectionProducts | None, params: Params, row: int, col: int
                            ) -> dict[str, Any]:
    """``detection_segment``: the reference segment at the pixel, else the candidate one.

    A dict ``skeleton`` ("reference" or "candidate"), ``label``, ``length`` (skeleton
    pixels), ``near_share`` and ``near`` (detected / has a counterpart); None off both
    graphs' segments and while ``found`` is pending (None).
    """
    if found is None:
        return {"detection_segment": None}
    for name, graph, table in (("reference", found.reference_graph, found.segments.reference),
                               ("candidate", found.candidate_graph, found.segments.candidate)):
        label = graph.segment_at(row, col)
        if label:
            entry = table[label - 1]
            return {"detection_segment": {
                "skeleton": name, "label": label, "length": int(entry["length"]),
                "near_share": float(entry["near_share"]), "near": bool(entry["near"])}}
    return {"detection_segment": None}


#: The junction marker classes, drawn in this order (a later dot covers an earlier one).
JUNCTION_CLASSES = (("matched junction", "white"), ("missed reference junction", "vermillion"),
                    ("false candidate junction", "blue"))


@layer("junctions", kind="thin", stacking="skeleton", params=("junction_r",),
       needs=(junctions,))
def junctions_layer(ctx: StageContext) -> Layer:
    """Junction markers: matched (both graphs'), missed reference, false candidate."""
    match = ctx.get(junctions)
    groups = [np.concatenate([match.reference[match.reference_matched],
                              match.candidate[match.candidate_matched]]),
              match.reference[~match.reference_matched],
              match.candidate[~match.candidate_matched]]
    return Layer(name="junctions", title=f"Junctions (matched within junction_r = "
                                         f"{pixels_text(ctx.params.junction_r)})",
                 kind="classes", data=markers(ctx.case.shape, groups),
                 legend=tuple(LegendEntry(value, name, palette_colour(colour))
                              for value, (name, colour) in enumerate(JUNCTION_CLASSES, 1)))


@layer("missed_segments", kind="thin", stacking="skeleton", explained_by="detection_segment",
       needs=(segments, reference_graph))
def missed_segments_layer(ctx: StageContext) -> Layer:
    """Reference segments not detected (less than segment_share near skel(S))."""
    missed = ctx.get(segments).missed(ctx.get(reference_graph))
    return classes_layer("missed_segments", "Missed reference segments",
                         [(missed, "missed reference segment", "vermillion")])


@layer("false_segments", kind="thin", stacking="skeleton", explained_by="detection_segment",
       needs=(segments, candidate_graph))
def false_segments_layer(ctx: StageContext) -> Layer:
    """Candidate segments with no reference counterpart."""
    false = ctx.get(segments).false(ctx.get(candidate_graph))
    return classes_layer("false_segments", "False candidate segments",
                         [(false, "false candidate segment (no reference counterpart)",
                           "blue")])


@layer("component_detection", kind="area", stacking="region", params=("component_overlap",),
       needs=(reference_labels, candidate_labels, reference_components, candidate_components))
def component_layer(ctx: StageContext) -> Layer:
    """Missed reference components and false candidate components."""
    overlap = ctx.params.component_overlap
    missed = unfound_pixels(ctx.get(reference_labels), ctx.get(reference_components), overlap)
    false = unfound_pixels(ctx.get(candidate_labels), ctx.get(candidate_components), overlap)
    return classes_layer("component_detection",
                         f"Component detection (overlap >= {overlap:g})", [
        (missed, "missed reference component", "vermillion"),
        (false, "false candidate component", "blue"),
    ])


FAMILY = Family(name="detection", title="Detection: junctions, segments, components",
                metrics=METRICS,
                scores=(junction_metrics, segment_metrics, component_metrics),
                products=products, probes=(Probe(products, pixel_detection_segment),),
                layers=(junctions_layer, missed_segments_layer, false_segments_layer,
                        component_layer))
