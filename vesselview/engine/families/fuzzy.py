"""Fuzzy measures against the fuzzy reference (``docs/metrics.md`` §9).

The reference is the membership map ``R`` in [0, 1] (`observer_maps.membership`: the
case's soft reference, or the share of its observers marking each pixel); the candidate
``C`` is its probability map when it is one (no threshold) and its 0/1 mask otherwise.
With the fuzzy set operations of Zadeh (intersection = min, union = max) and sums over
the FOV ``F`` (the ignored pixels removed, `Case.without_ignored`):

    fuzzy_dice = 2 Σ min(C, R) / (Σ C + Σ R)     fuzzy_jaccard = Σ min(C, R) / Σ max(C, R)
    fuzzy_se = Σ min(C, R) / Σ R                 fuzzy_sp = Σ min(1 − C, 1 − R) / Σ (1 − R)

the review's fuzzy similarity measures (`KOLTSOV_REVIEW`, §4). For crisp C and R they
are dice, jaccard, se and sp. Undefined for a case with one observer and no soft
reference, whatever the reference choice.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.engine.families.base import UNIT_RANGE, MetricInfo, StageContext, stage
from vesselview.engine.families.family import Family
from vesselview.engine.families.observer_layers import disagreement_layer, fuzzy_reference_layer
from vesselview.engine.families.pixel import EMPTY_REFERENCE, NO_BACKGROUND
from vesselview.engine.families.sources import KOLTSOV_REVIEW
from vesselview.engine.observer_maps import ONE_OBSERVER, membership
from vesselview.engine.scores import Scores

KEYS = ("fuzzy_dice", "fuzzy_jaccard", "fuzzy_se", "fuzzy_sp")


@dataclasses.dataclass(frozen=True)
class FuzzySums:
    """The sums over the FOV the fuzzy measures are ratios of (pixels, float).

    Attributes
    ----------
    both, either : float
        Σ min(C, R) and Σ max(C, R).
    reference, background : float
        Σ R and Σ (1 − R).
    neither : float
        Σ min(1 − C, 1 − R).
    """

    both: float
    either: float
    reference: float
    background: float
    neither: float


def fuzzy_sums(candidate: np.ndarray, reference: np.ndarray, fov: np.ndarray) -> FuzzySums:
    """The `FuzzySums` of memberships ``candidate`` and ``reference`` inside ``fov``.

    Parameters
    ----------
    candidate, reference : ndarray of float or bool, shape (H, W)
        Memberships ``C`` and ``R`` in [0, 1].
    fov : ndarray of bool, shape (H, W)
    """
    c = candidate[fov].astype(np.float64)
    r = reference[fov].astype(np.float64)
    both = float(np.minimum(c, r).sum())
    either = float(np.maximum(c, r).sum())
    return FuzzySums(both=both, either=either, reference=float(r.sum()),
                     background=float((1.0 - r).sum()), neither=c.size - either)


def fuzzy_scores(sums: FuzzySums) -> Scores:
    """``fuzzy_dice fuzzy_jaccard fuzzy_se fuzzy_sp`` from `FuzzySums`.

    Dice and Jaccard are 1.0 when both memberships are 0 everywhere in the FOV, as for
    their crisp counterparts (section 0).
    """
    out = Scores()
    # Σ C + Σ R = Σ min + Σ max, so dice's denominator is 0 exactly when jaccard's is.
    both_empty = sums.either == 0
    out.set("fuzzy_dice", 1.0 if both_empty else 2.0 * sums.both / (sums.both + sums.either))
    out.set("fuzzy_jaccard", 1.0 if both_empty else sums.both / sums.either)
    out.ratio("fuzzy_se", sums.both, sums.reference, EMPTY_REFERENCE)
    out.ratio("fuzzy_sp", sums.neither, sums.background, NO_BACKGROUND)
    return out


_SOURCE = f"{KOLTSOV_REVIEW} (fuzzy similarity measures, §4); docs/metrics.md §9"


def _info(key: str, name: str, definition: str, short: str) -> MetricInfo:
    return MetricInfo(key, name, "", definition + " (inside F; C, R memberships, min/max "
                      "fuzzy set operations)", _SOURCE, short=short, kind="ratio",
                      value_range=UNIT_RANGE)


METRICS = (
    _info("fuzzy_dice", "Fuzzy Dice", "2 Σ min(C, R) / (Σ C + Σ R)", "fDice"),
    _info("fuzzy_jaccard", "Fuzzy Jaccard", "Σ min(C, R) / Σ max(C, R)", "fJaccard"),
    _info("fuzzy_se", "Fuzzy sensitivity", "Σ min(C, R) / Σ R", "fSe"),
    _info("fuzzy_sp", "Fuzzy specificity", "Σ min(1 − C, 1 − R) / Σ (1 − R)", "fSp"),
)


@stage("fuzzy")
def fuzzy_metrics(ctx: StageContext) -> Scores:
    """The fuzzy measures of the candidate's membership against the fuzzy reference.

    Reads no parameter: a probability map is compared as it is, never thresholded.
    """
    case = ctx.case
    reference = membership(case)
    if reference is None:
        out = Scores()
        for key in KEYS:
            out.undefined(key, ONE_OBSERVER)
        return out
    candidate = case.candidate if case.candidate_soft is None else case.candidate_soft
    return fuzzy_scores(fuzzy_sums(candidate, reference, case.fov))


FAMILY = Family(name="fuzzy", title="Fuzzy reference", metrics=METRICS, scores=(fuzzy_metrics,),
                layers=(disagreement_layer, fuzzy_reference_layer))
