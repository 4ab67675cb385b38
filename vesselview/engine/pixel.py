"""Pixel (confusion) metrics inside the FOV (``metrics.md`` section 1).

Sources: the classic definitions surveyed by the tolerance-F1 paper (seed 000) and the
evaluation-metrics overview (seed 004: RVE, Tversky). Counts are taken inside the FOV
``F``; candidate and reference pixels outside it are ignored.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from vesselview.engine.scores import Scores

EMPTY_REFERENCE = "reference is empty inside the FOV"
EMPTY_CANDIDATE = "candidate is empty inside the FOV"
BOTH_EMPTY = "reference and candidate are both empty inside the FOV"
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
    """Every pixel metric of ``metrics.md`` section 1 from confusion counts.

    Keys ``se sp acc fpr precision dice jaccard kappa mcc gmean tversky rve perr``.
    Dice and Jaccard are 1.0 when both masks are empty inside the FOV (section 0);
    every other 0/0 is ``nan`` with a reason. RVE is in percent.
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
    out.ratio("tversky", tp, tp + tversky_alpha * fp + tversky_beta * fn,
              BOTH_EMPTY if both_empty else "the weighted denominator TP + a·FP + b·FN is 0")
    out.ratio("rve", abs((tp + fp) - (tp + fn)) * 100.0, tp + fn, EMPTY_REFERENCE)
    # p(err) = p(v)·p(bg|v) + p(bg)·p(v|bg) with priors from G in F reduces to (FN + FP) / N.
    out.ratio("perr", fn + fp, n, "the FOV is empty")
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
