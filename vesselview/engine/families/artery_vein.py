"""Artery/vein family: per-class vessel metrics, A/V classification and the multiclass
confusion matrix (``docs/metrics.md`` §11).

Read from `Case.labels` (reference) and `Case.candidate_labels` as `av_classes` puts
them on one scale; every value is undefined, with the reason, when the reference has no
artery/vein classes, and all but none when the candidate is a vessel mask. The counted
region is the FOV without the reference's uncertain pixels; crossings belong to both
classes' masks (`av_classes.class_mask`) and to neither side of the classification (the
rules `av_crossing` and `av_uncertain` switch these conventions).

* Per class (``_artery``, ``_vein``): the pixel family's confusion metrics and the
  tolerance family's F1_t on that class's masks, computed by those families' functions.
* A/V classification on the vessel pixels both maps call artery or vein (`av_acc`,
  `av_se_artery`, `av_se_vein`), and on those of them on the reference's centre line
  (``_centreline``), the two conventions A/V papers report.
* The confusion matrix of background, artery and vein over the pixels both maps give
  one of these three classes (`av_cm_<reference>_<candidate>`), with the multiclass
  type I error of class k (share of the reference's k pixels called another class) and
  type II error (share of the other pixels called k), as Koltsov et al.'s review
  defines them (`KOLTSOV_REVIEW`).
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from vesselview.engine.av_classes import ARTERY, BACKGROUND, VEIN, class_mask
from vesselview.engine.av_weights import weights_rows
from vesselview.engine.families.av_agreement import av_agreement_layer, av_class_labels
from vesselview.engine.families.base import (
    NON_NEGATIVE,
    UNIT_RANGE,
    MetricInfo,
    StageContext,
    stage,
)
from vesselview.engine.families.family import Family
from vesselview.engine.families.pixel import confusion, pixel_scores
from vesselview.engine.families.shared import reference_skeleton
from vesselview.engine.families.sources import AV_PAPER, KOLTSOV_REVIEW, TOLERANCE_PAPER
from vesselview.engine.families.tolerance import tolerance_match, tolerance_scores
from vesselview.engine.lengths import in_pixels
from vesselview.engine.scores import Scores

CLASSES = {"artery": ARTERY, "vein": VEIN}
#: The matrix's classes, in row/column order.
MATRIX_CLASSES = {"background": BACKGROUND, "artery": ARTERY, "vein": VEIN}
#: The pixel family's metrics computed per class.
PIXEL_KEYS = ("se", "sp", "acc", "precision", "dice", "jaccard")
_NONE_CLASSIFIED = "no vessel pixel is called artery or vein by both maps"


def _undefined(keys: list[str], problem: str) -> Scores:
    out = Scores()
    for key in keys:
        out.undefined(key, problem)
    return out


def _class_keys(keys: tuple[str, ...]) -> list[str]:
    return [f"{key}_{name}" for name in CLASSES for key in keys]


@stage("av_class_pixel", needs=(av_class_labels,))
def class_pixel_metrics(ctx: StageContext) -> Scores:
    """The pixel family's metrics on each class's masks (keys ``se_artery``...)."""
    labels = ctx.get(av_class_labels)
    if labels.problem:
        return _undefined(_class_keys(PIXEL_KEYS), labels.problem)
    assert labels.reference is not None and labels.candidate is not None
    assert labels.region is not None
    out = Scores()
    for name, code in CLASSES.items():
        scores = pixel_scores(confusion(class_mask(labels.candidate, code),
                                        class_mask(labels.reference, code), labels.region))
        for key in PIXEL_KEYS:
            _copy(scores, key, out, f"{key}_{name}", name)
    return out


@stage("av_class_tolerance", params=("t",), needs=(av_class_labels,))
def class_tolerance_metrics(ctx: StageContext) -> Scores:
    """The tolerance family's F1_t on each class's masks (``f1_t_artery``...)."""
    labels, t = ctx.get(av_class_labels), in_pixels(ctx.params.t)
    if labels.problem:
        return _undefined(_class_keys(("f1_t",)), labels.problem)
    assert labels.reference is not None and labels.candidate is not None
    assert labels.region is not None
    out = Scores()
    for name, code in CLASSES.items():
        scores = tolerance_scores(tolerance_match(class_mask(labels.candidate, code),
                                                  class_mask(labels.reference, code),
                                                  labels.region, t))
        _copy(scores, "f1_t", out, f"f1_t_{name}", name)
    return out


def _copy(scores: Scores, key: str, out: Scores, renamed: str, name: str) -> None:
    """``scores[key]`` as ``out[renamed]``, its reason said of class ``name``."""
    if key in scores.reasons:
        out.undefined(renamed, f"{name}: {scores.reasons[key]}")
    else:
        out.set(renamed, scores.values[key])


def classification_scores(reference: np.ndarray, candidate: np.ndarray, where: np.ndarray,
                          suffix: str = "") -> Scores:
    """``av_acc``, ``av_se_artery``, ``av_se_vein`` (plus ``suffix``) over the pixels of
    ``where`` both code maps call artery or vein."""
    both = where & np.isin(reference, (ARTERY, VEIN)) & np.isin(candidate, (ARTERY, VEIN))
    ref, cand = reference[both], candidate[both]
    out = Scores()
    reason = _NONE_CLASSIFIED + (" on the reference's centre line" if suffix else "")
    out.ratio(f"av_acc{suffix}", int(np.count_nonzero(ref == cand)), ref.size, reason)
    for name, code in CLASSES.items():
        out.ratio(f"av_se_{name}{suffix}",
                  int(np.count_nonzero((ref == code) & (cand == code))),
                  int(np.count_nonzero(ref == code)), f"{reason} whose reference class is {name}")
    return out


_CLASSIFICATION_KEYS = [f"av_{key}{suffix}" for suffix in ("", "_centreline")
                        for key in ("acc", "se_artery", "se_vein")]


@stage("av_classification", needs=(av_class_labels, reference_skeleton))
def classification_metrics(ctx: StageContext) -> Scores:
    """A/V accuracy and per-class sensitivity, on vessel pixels and on the centre line."""
    labels, skeleton = ctx.get(av_class_labels), ctx.get(reference_skeleton)
    if labels.problem:
        return _undefined(_CLASSIFICATION_KEYS, labels.problem)
    assert labels.reference is not None and labels.candidate is not None
    assert labels.region is not None
    out = classification_scores(labels.reference, labels.candidate, labels.region)
    centre = labels.region & skeleton
    return out.merge(classification_scores(labels.reference, labels.candidate, centre,
                                           "_centreline"))


def confusion_matrix(reference: np.ndarray, candidate: np.ndarray,
                     region: np.ndarray) -> np.ndarray:
    """Counts ``C[r, c]`` of pixels of ``region`` the reference calls `MATRIX_CLASSES` r
    and the candidate c (int64, shape (3, 3)); pixels of other codes are not counted."""
    codes = list(MATRIX_CLASSES.values())
    kept = region & np.isin(reference, codes) & np.isin(candidate, codes)
    pairs = reference[kept].astype(np.int64) * 3 + candidate[kept]
    return np.bincount(pairs, minlength=9).reshape(3, 3)


def matrix_scores(matrix: np.ndarray) -> Scores:
    """The counts ``av_cm_<r>_<c>`` and each class's type I and type II errors."""
    out = Scores()
    names = list(MATRIX_CLASSES)
    for row, reference in enumerate(names):
        for column, candidate in enumerate(names):
            out.set(f"av_cm_{reference}_{candidate}", int(matrix[row, column]))
    total = int(matrix.sum())
    for k, name in enumerate(names):
        truly, called, correct = int(matrix[k].sum()), int(matrix[:, k].sum()), int(matrix[k, k])
        out.ratio(f"av_type1_{name}", truly - correct, truly,
                  f"the reference has no {name} pixel counted")
        out.ratio(f"av_type2_{name}", called - correct, total - truly,
                  f"the reference has no pixel of another class than {name} counted")
    return out


_MATRIX_KEYS = [f"av_cm_{r}_{c}" for r in MATRIX_CLASSES for c in MATRIX_CLASSES] + [
    f"av_type{n}_{k}" for k in MATRIX_CLASSES for n in (1, 2)]


@stage("av_matrix", needs=(av_class_labels,))
def av_matrix(ctx: StageContext) -> np.ndarray | None:
    """The counts of `confusion_matrix` (None when the A/V metrics are undefined)."""
    labels = ctx.get(av_class_labels)
    if labels.problem:
        return None
    assert labels.reference is not None and labels.candidate is not None
    assert labels.region is not None
    return confusion_matrix(labels.reference, labels.candidate, labels.region)


@stage("av_confusion", needs=(av_class_labels, av_matrix))
def confusion_metrics(ctx: StageContext) -> Scores:
    """The background/artery/vein confusion matrix and the type I and II errors."""
    matrix = ctx.get(av_matrix)
    if matrix is None:
        return _undefined(_MATRIX_KEYS, ctx.get(av_class_labels).problem)
    return matrix_scores(matrix)


_NO_WEIGHTS = ("no A/V weight table given (the parameter av_weights; CLI: --av-weights "
               "FILE)")


@stage("av_weighted", params=("av_weights",), needs=(av_class_labels, av_matrix))
def weighted_metrics(ctx: StageContext) -> Scores:
    """``av_weighted_error``: ``Σ W C / N`` of the table ``av_weights`` (W) and the
    confusion matrix (C, N pixels), the mean cost per counted pixel."""
    matrix, weights = ctx.get(av_matrix), ctx.params.av_weights
    out = Scores()
    if matrix is None:
        out.undefined("av_weighted_error", ctx.get(av_class_labels).problem)
    elif weights is None:
        out.undefined("av_weighted_error", _NO_WEIGHTS)
    elif not matrix.any():
        out.undefined("av_weighted_error", "no pixel is counted in the confusion matrix")
    else:
        cost = float((np.array(weights_rows(weights)) * matrix).sum())
        out.set("av_weighted_error", cost / int(matrix.sum()))
    return out


#: The review defining the multiclass type I and II errors (after its reference [15]).
_TYPE_ERRORS = f"{KOLTSOV_REVIEW} (multiclass type I and II errors, after its ref. [15])"
_PIXEL_NAMES = {"se": "Se", "sp": "Sp", "acc": "Acc", "precision": "PPV", "dice": "Dice",
                "jaccard": "Jaccard"}


def _info(key: str, name: str, definition: str, source: str, stage_name: str,
          direction: Literal["higher", "lower", "neither"] = "higher",
          count: bool = False) -> MetricInfo:
    return MetricInfo(key, name, "", definition, f"{source}; docs/metrics.md §11", direction,
                      kind="count" if count else "ratio",
                      value_range=NON_NEGATIVE if count else UNIT_RANGE, stage=stage_name)


METRICS = (
    *(_info(f"{key}_{name}", f"{label} ({name})", f"the pixel metric {key} on the {name} "
            "masks (crossings included) inside F without uncertain pixels",
            "pixel family per class", "av_class_pixel")
      for name in CLASSES for key, label in _PIXEL_NAMES.items()),
    *(_info(f"f1_t_{name}", f"Tolerance F1 ({name})", f"F1_t on the {name} masks",
            TOLERANCE_PAPER, "av_class_tolerance") for name in CLASSES),
    *(_info(f"av_{key}{suffix}", f"{label}{where}", f"{definition}{where}", AV_PAPER,
            "av_classification")
      for suffix, where in (("", ""), ("_centreline", " on the reference centre line"))
      for key, label, definition in (
          ("acc", "A/V accuracy", "share of pixels both call artery or vein given the same "
           "class"),
          ("se_artery", "Artery sensitivity", "share of those the reference calls artery "
           "that the candidate calls artery"),
          ("se_vein", "Vein sensitivity", "share of those the reference calls vein that the "
           "candidate calls vein"))),
    *(_info(f"av_cm_{r}_{c}", f"Pixels {r} called {c}", f"pixels the reference calls {r} "
            f"and the candidate {c}", _TYPE_ERRORS, "av_confusion", "neither", True)
      for r in MATRIX_CLASSES for c in MATRIX_CLASSES),
    *(_info(f"av_type{n}_{k}", f"Type {'I' * n} error ({k})", definition.format(k=k),
            _TYPE_ERRORS, "av_confusion", "lower")
      for k in MATRIX_CLASSES for n, definition in (
          (1, "share of the reference's {k} pixels the candidate calls another class"),
          (2, "share of the reference's other pixels the candidate calls {k}"))),
    MetricInfo("av_weighted_error", "Weighted A/V error", "",
               "sum of the av_weights table times the confusion matrix, over the pixels "
               "it counts (mean cost per pixel)", f"{_TYPE_ERRORS}; docs/metrics.md §11",
               "lower", kind="ratio", value_range=NON_NEGATIVE, stage="av_weighted"),
)

FAMILY = Family(name="artery_vein", title="Artery / vein", metrics=METRICS,
                scores=(class_pixel_metrics, class_tolerance_metrics, classification_metrics,
                        confusion_metrics, weighted_metrics), layers=(av_agreement_layer,))
