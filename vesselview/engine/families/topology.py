"""Topology family (``docs/metrics.md`` §6): clDice and Betti errors.

clDice (Shit et al., CVPR 2021) = 2·Tprec·Tsens / (Tprec + Tsens) with
Tprec = #(skel(S) & G) / #skel(S), Tsens = #(skel(G) & S) / #skel(G), skel as in CAL.
Betti errors: |β0(S) - β0(G)| with 8-connected foreground components and
|β1(S) - β1(G)| with holes = 4-connected background components not touching the border.
Whole image, like the skeletons they use.

Ignore regions: the family sees the case with the ignored pixels removed from both masks
(`Case.without_ignored`); skeletons, components and holes are those of the cleaned masks.
"""

from __future__ import annotations

import numpy as np

from vesselview.engine.euler_number import euler_number
from vesselview.engine.families.base import (
    NON_NEGATIVE,
    UNIT_RANGE,
    MetricInfo,
    StageContext,
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
from vesselview.engine.morphology import count_components
from vesselview.engine.scores import Scores


def topology_scores(candidate: np.ndarray, reference: np.ndarray, candidate_skeleton: np.ndarray,
                    reference_skeleton: np.ndarray,
                    reference_betti: tuple[int, int] | None = None,
                    candidate_components: int | None = None) -> Scores:
    """``cldice betti0_error betti1_error``.

    Parameters
    ----------
    candidate, reference : ndarray of bool, shape (H, W)
    candidate_skeleton, reference_skeleton : ndarray of bool, shape (H, W)
    reference_betti : (int, int), optional
        ``betti_numbers(reference)`` when already computed; computed here when None.
    candidate_components : int, optional
        ``count_components(candidate)`` when already computed; computed here when None.
    """
    return cldice_score(candidate, reference, candidate_skeleton, reference_skeleton).merge(
        betti_errors(candidate, reference, reference_betti, candidate_components))


def cldice_score(candidate: np.ndarray, reference: np.ndarray, candidate_skeleton: np.ndarray,
                 reference_skeleton: np.ndarray) -> Scores:
    """``cldice`` of the masks and their skeletons (bool, shape (H, W))."""
    out = Scores()
    # A skeleton is a few percent of the image: one scan lists its pixels, then only
    # those are looked up in the other mask (no full-image ``&`` temporaries).
    skel_s = np.flatnonzero(candidate_skeleton)
    skel_g = np.flatnonzero(reference_skeleton)
    if skel_s.size == 0 and skel_g.size == 0:
        out.undefined("cldice", "both skeletons are empty")
    elif skel_s.size == 0 or skel_g.size == 0:
        out.set("cldice", 0.0)  # Tsens (or Tprec) is 0, so the harmonic mean is 0
    else:
        tprec = np.count_nonzero(reference.ravel()[skel_s]) / skel_s.size
        tsens = np.count_nonzero(candidate.ravel()[skel_g]) / skel_g.size
        out.ratio("cldice", 2.0 * tprec * tsens, tprec + tsens,
                  "no skeleton pixel lies inside the other mask (0/0)")
    return out


def betti_errors(candidate: np.ndarray, reference: np.ndarray,
                 reference_betti: tuple[int, int] | None = None,
                 candidate_components: int | None = None) -> Scores:
    """``betti0_error betti1_error`` (see `topology_scores` for the optional counts)."""
    out = Scores()
    components, holes = reference_betti or betti_numbers(reference)
    if candidate_components is None:
        candidate_components = count_components(candidate)
    out.set("betti0_error", abs(candidate_components - components))
    out.set("betti1_error", abs(count_holes(candidate, candidate_components) - holes))
    return out


def betti_numbers(mask: np.ndarray) -> tuple[int, int]:
    """β0 (8-connected components) and β1 (`count_holes`) of ``mask``."""
    components = count_components(mask)
    return components, count_holes(mask, components)


def count_holes(mask: np.ndarray, components: int | None = None) -> int:
    """β1: 4-connected background components of ``mask`` that do not touch the image border.

    Parameters
    ----------
    mask : ndarray of bool, shape (H, W)
    components : int, optional
        β0, ``count_components(mask)``, when already known; counted here when None.

    β1 = β0 − χ (`vesselview.engine.euler_number`): no labelling of the background.
    """
    if components is None:
        components = count_components(mask)
    return components - euler_number(mask)


_CLDICE = ("S. Shit et al., \"clDice - a Novel Topology-Preserving Loss Function for Tubular "
           "Structure Segmentation\", Proc. IEEE/CVF CVPR 2021; docs/metrics.md §6")
_BETTI = "topology extra, docs/metrics.md §6"

METRICS = (
    MetricInfo("cldice", "clDice", "",
               "harmonic mean of skeleton-in-mask precision and sensitivity", _CLDICE,
               kind="ratio", value_range=UNIT_RANGE, stage="cldice"),
    MetricInfo("betti0_error", "Betti-0 error", "", "|components(S) − components(G)|", _BETTI,
               "lower", kind="count", value_range=NON_NEGATIVE, stage="betti"),
    MetricInfo("betti1_error", "Betti-1 error", "", "|holes(S) − holes(G)|", _BETTI, "lower",
               kind="count", value_range=NON_NEGATIVE, stage="betti"),
)


@stage("reference_betti", needs=(reference_labels,))
def reference_betti(ctx: StageContext) -> tuple[int, int]:
    """β0 and β1 of the reference (a threshold change keeps them)."""
    components = ctx.get(reference_labels).count
    return components, count_holes(ctx.case.reference, components)


@stage("cldice", needs=(candidate_mask, candidate_skeleton, reference_skeleton))
def cldice_metric(ctx: StageContext) -> Scores:
    """``cldice`` on the whole image."""
    return cldice_score(ctx.get(candidate_mask), ctx.case.reference,
                        ctx.get(candidate_skeleton), ctx.get(reference_skeleton))


@stage("betti", needs=(candidate_mask, reference_betti, candidate_components))
def betti_metrics(ctx: StageContext) -> Scores:
    """``betti0_error betti1_error`` on the whole image (no skeleton needed)."""
    return betti_errors(ctx.get(candidate_mask), ctx.case.reference, ctx.get(reference_betti),
                        ctx.get(candidate_components))


FAMILY = Family(name="topology", title="Topology", metrics=METRICS,
                scores=(cldice_metric, betti_metrics))
