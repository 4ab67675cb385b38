"""Skeletal-similarity stages of the pipeline and the SS overlay layers.

Wires `vesselview.engine.skeletal`'s stage functions into the cache with the
dependencies of `STAGE_PARAMETERS` (thickness: masks only; search range: ``ss_R``;
segments: min/max length; matching: both; scores: also ``ss_alpha``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from vesselview.engine import skeletal as ss
from vesselview.engine.layers import OKABE_ITO, Layer, LegendEntry
from vesselview.engine.overlays import Builder, classes_layer
from vesselview.engine.scores import Scores

if TYPE_CHECKING:
    from vesselview.engine.pipeline import _Run
    from vesselview.engine.stages import Products


def skeletal_stages(run: "_Run", p: "Products") -> tuple[ss.SkeletalProducts, Scores]:
    """Run (or fetch) every SS stage; return the SS products and metric values."""
    case, params = p.case, p.params
    ref, cand, fov = case.reference, p.candidate, case.fov
    ref_skel, cand_skel = p.reference_skeleton, p.candidate_skeleton
    ref_thick = run.stage("ss_reference_thickness", lambda: ss.thickness_map(ref, ref_skel))
    cand_thick = run.stage("ss_candidate_thickness", lambda: ss.thickness_map(cand, cand_skel))
    search = run.stage("ss_search", lambda: ss.search_radii(ref_skel, ref_thick, fov,
                                                            params.ss_R))
    segments = run.stage("ss_segments", lambda: ss.reference_segments(
        ref_skel, fov, params.ss_min_length, params.ss_max_length))
    matches, counts = run.stage("ss_matching", lambda: (
        ss.match_segments(ref_skel, ref_thick, cand_skel, cand_thick, search, segments),
        ss.revised_counts(ref, cand, fov, ref_skel, cand_skel, search.search_mask)))

    def score() -> tuple[ss.SkeletalProducts, Scores]:
        scores = ss.skeletal_scores(matches.table, counts, segments.confidence, params.ss_alpha)
        products = ss.SkeletalProducts.from_stages(ref_skel, cand_skel, ref_thick, cand_thick,
                                                   search, segments, matches, scores)
        return products, Scores(dict(scores.metrics), dict(scores.undefined))

    return run.stage("ss_scores", score)


def segment_at(products: ss.SkeletalProducts, row: int, col: int) -> dict[str, Any] | None:
    """The SS segment at a pixel: its reference label there, else the candidate assignment.

    Returns
    -------
    dict or None
        ``label, length, n_s, cs, ts, score, valid`` of the segment (``length`` and
        ``n_s`` in skeleton pixels), or None when the pixel is on no segment.
    """
    label = int(products.labels[row, col]) or int(products.assigned[row, col])
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


def _search_range(p: "Products") -> Layer:
    return classes_layer("search_range", f"SS search range (R = {p.params.ss_R})",
                         [(p.skeletal.search_mask, "within search range", "bluish_green")])


def _unmatched(p: "Products") -> Layer:
    outliers = p.candidate_skeleton & ~p.skeletal.search_mask
    return classes_layer("unmatched_skeleton", "Candidate skeleton outside the search range",
                         [(outliers, "unmatched candidate skeleton (R_nc)", "yellow")])


def _segments(p: "Products") -> Layer:
    return Layer(name="segments", title="Reference skeleton segments", kind="labels",
                 data=np.array(p.skeletal.labels, np.int32))


def _segment_scores(p: "Products") -> Layer:
    """Per-segment score ss_k painted on the segment's pixels: 1..255 over [0, 1]."""
    table = p.skeletal.table
    lookup = np.zeros(int(p.skeletal.labels.max(initial=0)) + 1, np.uint8)
    lookup[table["label"]] = 1 + np.rint(np.clip(table["score"], 0, 1) * 254).astype(np.uint8)
    return Layer(name="segment_scores", title="SS score per segment", kind="scalar",
                 data=lookup[p.skeletal.labels], value_range=(0.0, 1.0),
                 # yellow -> sky blue: a lightness ramp along the blue-yellow axis, which
                 # the common colour-vision deficiencies keep (poor segments stand out).
                 legend=(LegendEntry(1, "score 0 (poor)", OKABE_ITO["yellow"]),
                         LegendEntry(255, "score 1 (good)", OKABE_ITO["sky_blue"])))


SKELETAL_LAYER_BUILDERS: dict[str, Builder] = {
    "search_range": _search_range,
    "unmatched_skeleton": _unmatched,
    "segments": _segments,
    "segment_scores": _segment_scores,
}
