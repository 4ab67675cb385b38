"""Pixel agreement family: confusion metrics inside the FOV (``docs/metrics.md`` §1).

Classic definitions (RVE and Tversky as in the evaluation-metric overviews). Counts are
taken inside the FOV ``F``; candidate and reference pixels outside it are ignored.
Layers: the FOV, the ignore region and the strict confusion map.

Ignore regions: ignored pixels count as outside F (F := F & ~I); the family sees the case
with them removed (`Case.without_ignored`), which gives the same counts.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Literal

import numpy as np

from vesselview.engine.families.base import (
    NON_NEGATIVE,
    SIGNED_UNIT_RANGE,
    UNIT_RANGE,
    MetricInfo,
    StageContext,
    layer,
    stage,
)
from vesselview.engine.families.family import Family
from vesselview.engine.families.shared import candidate_mask
from vesselview.engine.layers import Layer, classes_layer, rule_layer
from vesselview.engine.scores import Scores

EMPTY_REFERENCE = "reference is empty inside the FOV"
EMPTY_CANDIDATE = "candidate is empty inside the FOV"
NO_BACKGROUND = "the FOV has no background (non-vessel) pixel in the reference"


@dataclasses.dataclass(frozen=True)
class Confusion:
    """Confusion counts inside the FOV: TP, FP, FN, TN and N = #F (pixels)."""

    tp: int
    fp: int
    fn: int
    tn: int

    @property
    def n(self) -> int:
        """Number of FOV pixels."""
        return self.tp + self.fp + self.fn + self.tn


def confusion(candidate: np.ndarray, reference: np.ndarray, fov: np.ndarray) -> Confusion:
    """Count TP = #(S&G&F), FP = #(S&~G&F), FN = #(~S&G&F), TN = #(~S&~G&F).

    Parameters
    ----------
    candidate, reference, fov : ndarray of bool, shape (H, W)
        ``S``, ``G`` and ``F``.
    """
    s = candidate & fov
    g = reference & fov
    tp = int(np.count_nonzero(s & g))
    n_s = int(np.count_nonzero(s))
    n_g = int(np.count_nonzero(g))
    n = int(np.count_nonzero(fov))
    return Confusion(tp=tp, fp=n_s - tp, fn=n_g - tp, tn=n - n_s - n_g + tp)


def pixel_scores(c: Confusion, tversky_alpha: float = 0.5, tversky_beta: float = 0.5) -> Scores:
    """Every pixel metric of ``docs/metrics.md`` §1 from confusion counts.

    Keys ``se sp acc fpr precision dice jaccard kappa mcc gmean tversky rve perr npv
    balanced_acc``. Dice, Jaccard and Tversky are 1.0 when both masks are empty inside
    the FOV (section 0); every other 0/0 is ``nan`` with a reason. RVE is in percent.
    """
    tp, fp, fn, tn, n = float(c.tp), float(c.fp), float(c.fn), float(c.tn), float(c.n)
    out = Scores()
    se = out.ratio("se", tp, tp + fn, EMPTY_REFERENCE)
    sp = out.ratio("sp", tn, tn + fp, NO_BACKGROUND)
    out.ratio("acc", tp + tn, n, "the FOV is empty")
    out.ratio("fpr", fp, fp + tn, NO_BACKGROUND)
    out.ratio("precision", tp, tp + fp, EMPTY_CANDIDATE)
    both_empty = tp + fp + fn == 0
    out.set("dice", 1.0 if both_empty else 2 * tp / (2 * tp + fp + fn))
    out.set("jaccard", 1.0 if both_empty else tp / (tp + fp + fn))
    _kappa(out, tp, fp, fn, tn, n)
    mcc_denominator = math.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    out.ratio("mcc", tp * tn - fp * fn, mcc_denominator,
              "a row or column of the confusion matrix is empty (a mask is constant in the FOV)")
    out.derived("gmean", math.sqrt(se * sp), "se", "sp")
    if both_empty:
        out.set("tversky", 1.0)
    else:
        out.ratio("tversky", tp, tp + tversky_alpha * fp + tversky_beta * fn,
                  "the weighted denominator TP + a·FP + b·FN is 0")
    out.ratio("rve", abs((tp + fp) - (tp + fn)) * 100.0, tp + fn, EMPTY_REFERENCE)
    # p(err) = p(v)·p(bg|v) + p(bg)·p(v|bg) with priors from G in F reduces to (FN + FP) / N.
    out.ratio("perr", fn + fp, n, "the FOV is empty")
    out.ratio("npv", tn, tn + fn, "the candidate leaves no FOV pixel as background")
    out.derived("balanced_acc", (se + sp) / 2.0, "se", "sp")
    return out


def _kappa(out: Scores, tp: float, fp: float, fn: float, tn: float, n: float) -> None:
    """Cohen's kappa: (p_o - p_e) / (1 - p_e)."""
    if n == 0:
        out.undefined("kappa", "the FOV is empty")
        return
    p_o = (tp + tn) / n
    p_e = ((tp + fp) * (tp + fn) + (fn + tn) * (fp + tn)) / (n * n)
    out.ratio("kappa", p_o - p_e, 1.0 - p_e,
              "chance agreement is 1 (both masks are constant and equal in the FOV)")


def _info(key: str, name: str, definition: str, unit: str = "",
          direction: Literal["higher", "lower"] = "higher", short: str = "",
          value_range: tuple[float, float] = UNIT_RANGE) -> MetricInfo:
    """A confusion ratio (in [0, 1] unless ``value_range`` says otherwise)."""
    return MetricInfo(key, name, unit, definition + " (inside F)",
                      "classic confusion metric, docs/metrics.md §1", direction, short=short,
                      kind="ratio", value_range=value_range)


METRICS = (
    _info("se", "Sensitivity (Se)", "TP / (TP + FN): share of reference vessel found", short="Se"),
    _info("sp", "Specificity (Sp)", "TN / (TN + FP): share of background kept clear", short="Sp"),
    _info("acc", "Accuracy", "(TP + TN) / #F", short="Acc"),
    _info("fpr", "False positive rate", "FP / (FP + TN)", direction="lower", short="FPR"),
    _info("precision", "Precision (PPV)", "TP / (TP + FP): share of candidate that is vessel",
          short="PPV"),
    _info("dice", "Dice (F1)", "2TP / (2TP + FP + FN)", short="Dice"),
    _info("jaccard", "Jaccard (IoU)", "TP / (TP + FP + FN)", short="Jaccard"),
    _info("kappa", "Cohen's kappa", "(p_o − p_e) / (1 − p_e): agreement beyond chance",
          short="Kappa", value_range=SIGNED_UNIT_RANGE),
    _info("mcc", "Matthews correlation", "(TP·TN − FP·FN) / √((TP+FP)(TP+FN)(TN+FP)(TN+FN))",
          short="MCC", value_range=SIGNED_UNIT_RANGE),
    _info("gmean", "G-mean", "√(Se · Sp)"),
    _info("tversky", "Tversky index", "TP / (TP + a·FP + b·FN), a, b = Tversky α, β",
          short="Tversky"),
    _info("rve", "Relative vessel-area error", "|#S − #G| / #G · 100", "%", "lower", short="RVE %",
          value_range=NON_NEGATIVE),
    _info("perr", "p(error)", "Bayesian error probability, equals 1 − Acc", direction="lower"),
    _info("npv", "Negative predictive value", "TN / (TN + FN): share of candidate background "
          "that is background", short="NPV"),
    _info("balanced_acc", "Balanced accuracy", "(Se + Sp) / 2", short="Bal. Acc"),
)


@stage("confusion", needs=(candidate_mask,))
def confusion_counts(ctx: StageContext) -> Confusion:
    """TP, FP, FN, TN inside the FOV."""
    return confusion(ctx.get(candidate_mask), ctx.case.reference, ctx.case.fov)


@stage("pixel", params=("tversky_alpha", "tversky_beta"), needs=(confusion_counts,))
def pixel_metrics(ctx: StageContext) -> Scores:
    """Every pixel metric from the confusion counts."""
    return pixel_scores(ctx.get(confusion_counts), ctx.params.tversky_alpha,
                        ctx.params.tversky_beta)


@layer("fov", kind="area", stacking="region", explained_by="inside_fov")
def fov_layer(ctx: StageContext) -> Layer:
    """The pixels outside the field of view."""
    return classes_layer("fov", "Outside field of view", [(~ctx.case.fov, "outside FOV", "grey")])


@layer("ignore", kind="area", stacking="region")
def ignore_layer(ctx: StageContext) -> Layer:
    """The ignored ("don't care") pixels, left out of every metric."""
    ignore = ctx.case.ignore if ctx.case.ignore is not None else np.zeros(ctx.case.shape, bool)
    return classes_layer("ignore", "Ignored region (don't care)",
                         [(ignore, "ignored by every metric", "reddish_purple")])


@layer("confusion", kind="thin", stacking="strict", same_pixels="agreement",
        needs=(candidate_mask,))
def confusion_layer(ctx: StageContext) -> Layer:
    """TP / FP / FN inside the FOV."""
    fov = ctx.case.fov
    return rule_layer("confusion", "Pixel agreement (strict)", [
        ctx.get(candidate_mask) & fov, ctx.case.reference & fov], [
        (lambda s, g: s and g, "TP: both", "white"),
        (lambda s, g: s and not g, "FP: candidate only", "blue"),
        (lambda s, g: g and not s, "FN: reference only", "vermillion"),
    ])


FAMILY = Family(name="pixel", title="Pixel agreement", metrics=METRICS, scores=(pixel_metrics,),
                layers=(fov_layer, ignore_layer, confusion_layer))
