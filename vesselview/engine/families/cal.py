"""CAL family: connectivity, area and length (``docs/metrics.md`` §4).

Source: Gegúndez-Arias et al. 2012 (`CAL_PAPER`). Whole image by default (``cal_fov=False``), as the
public reference implementation does.

- C = 1 - min(1, |ncomp(G) - ncomp(S)| / #G), 8-connected components;
- A = #((dil(S, disk α) & G) | (S & dil(G, disk α))) / #(S | G);
- L = #((skel(S) & dil(G, disk β)) | (dil(S, disk β) & skel(G))) / #(skel(S) | skel(G))
  (L dilates the masks, not the skeletons); skel is `vesselview.engine.thinning.thin`.
  With ``cal_l_count = "sum"`` each skeleton's pixels count on their own:
  L = (#(skel(S) & dil(G, disk β)) + #(dil(S, disk β) & skel(G))) / (#skel(S) + #skel(G)),
  which scales with the resolution (a pixel both skeletons share, counted once by the
  union, is common at one resolution and rare at another);
- CAL = C · A · L. C, A and L (so CAL) are 1 when both masks are empty (section 0).

Ignore regions: the family sees the case with the ignored pixels removed from both masks
and from the FOV (`Case.without_ignored`); skeletons are those of the cleaned masks.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.families.base import (
    UNIT_RANGE,
    MetricInfo,
    StageContext,
    layer,
    stage,
)
from vesselview.engine.families.family import Family
from vesselview.engine.families.shared import (
    candidate_components,
    candidate_mask,
    candidate_skeleton,
    reference_labels,
    reference_skeleton,
)
from vesselview.engine.families.sources import CAL_PAPER
from vesselview.engine.layers import Layer, classes_layer
from vesselview.engine.lengths import in_pixels, pixels_text
from vesselview.engine.morphology import count_components
from vesselview.engine.overlap import TolerantOverlap, tolerant_counts, tolerant_overlap
from vesselview.engine.scores import Scores
from vesselview.engine.thinning import thin


def connectivity_score(candidate: np.ndarray, reference: np.ndarray,
                       reference_components: int | None = None,
                       candidate_components: int | None = None) -> Scores:
    """``cal_c`` = 1 - min(1, |ncomp(G) - ncomp(S)| / #G) with 8-connected components.

    With an empty reference the ratio is k/0: infinite (C = 0) when the candidate has
    components; when it has none both masks are empty, a perfect match (C = 1, section 0).
    ``reference_components`` and ``candidate_components`` are the component counts when
    already computed.
    """
    out = Scores()
    n_g = int(np.count_nonzero(reference))
    if reference_components is None:
        reference_components = count_components(reference)
    if candidate_components is None:
        candidate_components = count_components(candidate)
    difference = abs(reference_components - candidate_components)
    if n_g == 0:
        out.set("cal_c", 1.0 if difference == 0 else 0.0)
    else:
        out.set("cal_c", 1.0 - min(1.0, difference / n_g))
    return out


def length_match(candidate: np.ndarray, reference: np.ndarray, candidate_skeleton: np.ndarray,
                 reference_skeleton: np.ndarray, beta: float, count: str = "union"
                 ) -> TolerantOverlap:
    """Skeleton pixels of each mask lying within ``beta`` pixels of the other mask.

    Parameters
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
    candidate_skeleton, reference_skeleton : ndarray of bool, shape (H, W)
        ``thin`` of each mask.
    beta : int
        Disc radius in pixels.
    count : {"union", "sum"}
        ``cal_l_count``: a pixel of both skeletons counts once ("union", the paper's) or
        once per skeleton ("sum").
    """
    return tolerant_counts(candidate, reference, candidate_skeleton, reference_skeleton, beta,
                           separately=count == "sum")


def cal_scores(connectivity: Scores, area: TolerantOverlap, length: TolerantOverlap) -> Scores:
    """``cal cal_c cal_a cal_l`` from the three factors' counts."""
    factors = Scores().merge(connectivity).merge(area_score(area)).merge(length_score(length))
    return factors.merge(cal_product(factors))


def area_score(area: TolerantOverlap) -> Scores:
    """``cal_a``: matched / union of the α-tolerant overlap (1 when both masks are empty)."""
    return Scores({"cal_a": 1.0 if area.union == 0 else area.matched / area.union})


def length_score(length: TolerantOverlap) -> Scores:
    """``cal_l``: matched / union of the β-tolerant skeletons (1 when both are empty)."""
    return Scores({"cal_l": 1.0 if length.union == 0 else length.matched / length.union})


def cal_product(factors: Scores) -> Scores:
    """``cal`` = C · A · L from ``cal_c cal_a cal_l`` (undefined with C's reason)."""
    values = factors.values
    out = Scores().merge(factors)
    out.derived("cal", values["cal_c"] * values["cal_a"] * values["cal_l"], "cal_c")
    return Scores({"cal": out.values["cal"]},
                  {key: reason for key, reason in out.reasons.items() if key == "cal"})


_SOURCE = f"{CAL_PAPER}; docs/metrics.md §4"

METRICS = (
    MetricInfo("cal", "CAL", "", "C · A · L", _SOURCE, kind="ratio", value_range=UNIT_RANGE,
               stage="cal"),
    MetricInfo("cal_c", "Connectivity C", "",
               "1 − min(1, |components(G) − components(S)| / #G)", _SOURCE, short="C",
               kind="ratio", value_range=UNIT_RANGE, stage="cal_connectivity"),
    MetricInfo("cal_a", "Area A", "", "overlap of the masks, each dilated by a disc of radius α",
               _SOURCE, short="A", kind="ratio", value_range=UNIT_RANGE, stage="cal_a"),
    MetricInfo("cal_l", "Length L", "", "overlap of the skeletons with the other mask dilated by "
               "a disc of radius β", _SOURCE, short="L", kind="ratio", value_range=UNIT_RANGE,
               stage="cal_l"),
)

Masks = tuple[np.ndarray, np.ndarray]


@stage("cal_masks", params=("cal_fov",), needs=(candidate_mask,))
def cal_masks(ctx: StageContext) -> Masks:
    """``(S, G)``, intersected with the FOV when ``cal_fov`` is set."""
    candidate, reference = ctx.get(candidate_mask), ctx.case.reference
    if ctx.params.cal_fov:
        return candidate & ctx.case.fov, reference & ctx.case.fov
    return candidate, reference


@stage("cal_reference_skeleton", params=("cal_fov",), needs=(reference_skeleton,))
def cal_reference_skeleton(ctx: StageContext) -> np.ndarray:
    """``skel(G)`` of CAL's reference (a threshold change keeps it)."""
    if ctx.params.cal_fov:
        return thin(ctx.case.reference & ctx.case.fov)
    return ctx.get(reference_skeleton)


@stage("cal_skeletons", params=("cal_fov",),
       needs=(cal_masks, candidate_skeleton, cal_reference_skeleton))
def cal_skeletons(ctx: StageContext) -> Masks:
    """``(skel(S), skel(G))`` of CAL's masks (the shared skeletons on the whole image)."""
    candidate = (thin(ctx.get(cal_masks)[0]) if ctx.params.cal_fov
                 else ctx.get(candidate_skeleton))
    return candidate, ctx.get(cal_reference_skeleton)


@stage("cal_reference_components", params=("cal_fov",), needs=(reference_labels,))
def cal_reference_components(ctx: StageContext) -> int:
    """ncomp(G) of CAL's reference (a threshold change keeps it)."""
    if ctx.params.cal_fov:
        return count_components(ctx.case.reference & ctx.case.fov)
    return ctx.get(reference_labels).count


@stage("cal_connectivity", params=("cal_fov",),
       needs=(cal_masks, cal_reference_components, candidate_components))
def cal_connectivity(ctx: StageContext) -> Scores:
    """``cal_c`` (on the whole image, S's component count is the one topology uses)."""
    shared = None if ctx.params.cal_fov else ctx.get(candidate_components)
    return connectivity_score(*ctx.get(cal_masks), ctx.get(cal_reference_components), shared)


@stage("cal_area", params=("cal_alpha",), needs=(cal_masks,))
def cal_area(ctx: StageContext) -> TolerantOverlap:
    """Counts of A at ``cal_alpha``."""
    return tolerant_overlap(*ctx.get(cal_masks), in_pixels(ctx.params.cal_alpha))


@stage("cal_length", params=("cal_beta", "cal_l_count"), needs=(cal_masks, cal_skeletons))
def cal_length(ctx: StageContext) -> TolerantOverlap:
    """Counts of L at ``cal_beta``, counted as ``cal_l_count`` says."""
    return length_match(*ctx.get(cal_masks), *ctx.get(cal_skeletons),
                        in_pixels(ctx.params.cal_beta), ctx.params.cal_l_count)


@stage("cal_a", needs=(cal_area,))
def area_metric(ctx: StageContext) -> Scores:
    """``cal_a`` (no skeleton needed)."""
    return area_score(ctx.get(cal_area))


@stage("cal_l", needs=(cal_length,))
def length_metric(ctx: StageContext) -> Scores:
    """``cal_l``."""
    return length_score(ctx.get(cal_length))


@stage("cal", needs=(cal_connectivity, area_metric, length_metric))
def cal_metric(ctx: StageContext) -> Scores:
    """``cal`` = C · A · L."""
    factors = Scores().merge(ctx.get(cal_connectivity)).merge(ctx.get(area_metric))
    return cal_product(factors.merge(ctx.get(length_metric)))


@layer("band_alpha", kind="band", stacking="band", band_param="cal_alpha",
        params=("cal_alpha",), needs=(cal_area,))
def band_alpha_layer(ctx: StageContext) -> Layer:
    """CAL's area band: within α of the reference."""
    return classes_layer("band_alpha", f"CAL area band α = {pixels_text(ctx.params.cal_alpha)}", [
        (ctx.get(cal_area).reference_band, "within α of the reference (outside it)",
         "bluish_green")])


@layer("band_beta", kind="band", stacking="band", band_param="cal_beta",
        params=("cal_beta",), needs=(cal_length,))
def band_beta_layer(ctx: StageContext) -> Layer:
    """CAL's length band: within β of the reference."""
    return classes_layer("band_beta", f"CAL length band β = {pixels_text(ctx.params.cal_beta)}", [
        (ctx.get(cal_length).reference_band, "within β of the reference (outside it)",
         "bluish_green")])


FAMILY = Family(name="cal", title="CAL (connectivity, area, length)", metrics=METRICS,
                scores=(cal_metric, cal_connectivity, area_metric, length_metric),
                layers=(band_alpha_layer, band_beta_layer))
