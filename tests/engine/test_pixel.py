"""Pixel (confusion) metrics, ``metrics.md`` sections 0 and 1, on hand-made masks."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.masks import NAN, check_scores, grid, pixels
from vesselview.engine.families.pixel import Confusion, confusion, pixel_scores
from vesselview.engine.keys import METRIC_FAMILIES

# G and S on a 2x5 image, F = whole image:
#   G  ###..     S  .###.
#      .....        ....#
# TP = #{(0,1),(0,2)} = 2; FP = #{(0,3),(1,4)} = 2; FN = #{(0,0)} = 1; TN = 10 - 5 = 5; N = 10.
REFERENCE = grid(["###..", "....."])
CANDIDATE = grid([".###.", "....#"])
WHOLE = np.ones((2, 5), bool)


def test_confusion_counts_by_hand() -> None:
    c = confusion(CANDIDATE, REFERENCE, WHOLE)
    assert c == Confusion(tp=2, fp=2, fn=1, tn=5)
    assert c.n == 10


def test_every_pixel_metric_by_hand() -> None:
    scores = pixel_scores(Confusion(tp=2, fp=2, fn=1, tn=5))
    assert set(scores.values) == set(METRIC_FAMILIES["pixel"])
    check_scores(scores, {
        "se": 2 / 3,                 # TP/(TP+FN) = 2/3
        "sp": 5 / 7,                 # TN/(TN+FP) = 5/7
        "acc": 7 / 10,               # (2+5)/10
        "fpr": 2 / 7,                # FP/(FP+TN) = 2/7
        "precision": 1 / 2,          # 2/(2+2)
        "dice": 4 / 7,               # 2·2/(4+2+1)
        "jaccard": 2 / 5,            # 2/(2+2+1)
        # p_o = 0.7; p_e = ((TP+FP)(TP+FN) + (FN+TN)(FP+TN))/N² = (4·3 + 6·7)/100 = 0.54;
        # kappa = 0.16/0.46 = 8/23
        "kappa": 8 / 23,
        # (TP·TN - FP·FN)/sqrt(4·3·7·6) = (10-2)/sqrt(504) = 8/sqrt(504)
        "mcc": 8 / math.sqrt(504),
        "gmean": math.sqrt(2 / 3 * 5 / 7),
        "tversky": 4 / 7,            # 2/(2 + 0.5·2 + 0.5·1) = 2/3.5
        "rve": 100 / 3,              # |#S - #G|/#G·100 = |4-3|/3·100
        "perr": 3 / 10,              # (FN+FP)/N = 1 - Acc
        "npv": 5 / 6,                # TN/(TN+FN) = 5/(5+1)
        "balanced_acc": (2 / 3 + 5 / 7) / 2,
    })


@pytest.mark.parametrize(("alpha", "beta", "expected"), [
    (0.5, 0.5, 4 / 7),   # Dice
    (1.0, 1.0, 2 / 5),   # Jaccard
    (1.0, 0.0, 1 / 2),   # 2/(2+2): precision (a weights candidate-only pixels FP)
    (0.0, 1.0, 2 / 3),   # 2/(2+1): recall (b weights reference-only pixels FN)
    (0.3, 0.7, 20 / 33),  # 2/(2 + 0.6 + 0.7) = 2/3.3
])
def test_tversky_weights_by_hand(alpha: float, beta: float, expected: float) -> None:
    scores = pixel_scores(Confusion(tp=2, fp=2, fn=1, tn=5), alpha, beta)
    check_scores(scores, {"tversky": expected})


def test_pixels_outside_fov_are_ignored() -> None:
    # F drops column 4; G gains (0,4) and S keeps (1,4), both outside F. Inside F (8 px):
    #   G  ###.      S  .###
    #      ....         ....
    # TP = 2, FP = 1 (0,3), FN = 1 (0,0), TN = 4 (row 1).
    fov = grid(["####.", "####."])
    reference = REFERENCE | pixels((2, 5), (0, 4))
    c = confusion(CANDIDATE, reference, fov)
    assert c == Confusion(tp=2, fp=1, fn=1, tn=4)
    check_scores(pixel_scores(c), {
        "se": 2 / 3, "sp": 4 / 5, "acc": 6 / 8, "fpr": 1 / 5, "precision": 2 / 3,
        "dice": 4 / 6,   # 2·2/(4+1+1)
        "jaccard": 2 / 4,
        "rve": 0.0,      # #S = #G = 3 inside F
        "perr": 2 / 8,
    })


def test_both_empty() -> None:
    # 2x2, S = G = empty, F whole: TP = FP = FN = 0, TN = 4.
    scores = pixel_scores(confusion(np.zeros((2, 2), bool), np.zeros((2, 2), bool),
                                    np.ones((2, 2), bool)))
    check_scores(scores, {
        "se": NAN,          # 0/0, reference empty
        "sp": 1.0,          # 4/4
        "acc": 1.0,
        "fpr": 0.0,
        "precision": NAN,   # 0/0, candidate empty
        "dice": 1.0,        # section 0: both empty scores as perfect
        "jaccard": 1.0,     # section 0
        "kappa": NAN,       # p_o = 1, p_e = (0 + 4·4)/16 = 1: 0/0
        "mcc": NAN,         # 0/sqrt(0·0·4·4)
        "gmean": NAN,       # Se undefined
        "tversky": 1.0,     # section 0: both empty scores as perfect, as Dice
        "rve": NAN,         # |0-0|/0
        "perr": 0.0,
        "npv": 1.0,         # 4/(4+0)
        "balanced_acc": NAN,  # Se undefined
    })


def test_reference_empty() -> None:
    # 2x2, S = {(0,0)}, G empty: TP = 0, FP = 1, FN = 0, TN = 3.
    c = confusion(pixels((2, 2), (0, 0)), np.zeros((2, 2), bool), np.ones((2, 2), bool))
    assert c == Confusion(0, 1, 0, 3)
    check_scores(pixel_scores(c), {
        "se": NAN,          # 0/0
        "sp": 3 / 4,
        "acc": 3 / 4,
        "fpr": 1 / 4,
        "precision": 0.0,   # 0/1
        "dice": 0.0,        # 0/(0+1+0)
        "jaccard": 0.0,
        "kappa": 0.0,       # p_o = 3/4, p_e = (1·0 + 3·4)/16 = 3/4: 0/(1/4)
        "mcc": NAN,         # (0·3 - 1·0)/sqrt(1·0·4·3) = 0/0
        "gmean": NAN,       # Se undefined
        "tversky": 0.0,     # 0/(0 + 0.5)
        "rve": NAN,         # |1-0|/0
        "perr": 1 / 4,
        "npv": 1.0,         # 3/(3+0)
        "balanced_acc": NAN,  # Se undefined
    })


def test_candidate_empty() -> None:
    # 2x2, S empty, G = {(1,1)}: TP = 0, FP = 0, FN = 1, TN = 3.
    c = confusion(np.zeros((2, 2), bool), pixels((2, 2), (1, 1)), np.ones((2, 2), bool))
    assert c == Confusion(0, 0, 1, 3)
    check_scores(pixel_scores(c), {
        "se": 0.0, "sp": 1.0, "acc": 3 / 4, "fpr": 0.0,
        "precision": NAN,   # 0/0
        "dice": 0.0, "jaccard": 0.0,
        "kappa": 0.0,       # p_e = (0·1 + 4·3)/16 = 3/4 = p_o
        "mcc": NAN,         # 0/sqrt(0·1·3·4)
        "gmean": 0.0,       # sqrt(0·1)
        "tversky": 0.0,     # 0/(0 + 0.5·1)
        "rve": 100.0,       # |0-1|/1·100
        "perr": 1 / 4,
        "npv": 3 / 4,       # 3/(3+1)
        "balanced_acc": 1 / 2,  # (0 + 1)/2
    })


def test_reference_fills_fov() -> None:
    # S = G = F = 2x2 all True: TP = 4, FP = FN = TN = 0.
    full = np.ones((2, 2), bool)
    check_scores(pixel_scores(confusion(full, full, full)), {
        "se": 1.0,
        "sp": NAN,          # 0/0, no background
        "acc": 1.0,
        "fpr": NAN,         # 0/0
        "precision": 1.0, "dice": 1.0, "jaccard": 1.0,
        "kappa": NAN,       # p_e = (4·4 + 0)/16 = 1
        "mcc": NAN,         # 16·0/sqrt(4·4·0·0)
        "gmean": NAN,       # Sp undefined
        "tversky": 1.0, "rve": 0.0, "perr": 0.0,
        "npv": NAN,         # 0/0: no candidate background
        "balanced_acc": NAN,  # Sp undefined
    })


def test_empty_fov() -> None:
    # N = 0: every count is 0. Dice, Jaccard and Tversky are 1 (both empty within F);
    # the rest 0/0.
    full = np.ones((2, 2), bool)
    c = confusion(full, full, np.zeros((2, 2), bool))
    assert c == Confusion(0, 0, 0, 0)
    expected = {key: NAN for key in METRIC_FAMILIES["pixel"]}
    expected.update(dice=1.0, jaccard=1.0, tversky=1.0)
    check_scores(pixel_scores(c), expected)


def test_tversky_zero_weights_with_no_true_positive_is_undefined() -> None:
    # a = b = 0, TP = 0, FP = 1: 0/(0 + 0·1 + 0·0) = 0/0.
    check_scores(pixel_scores(Confusion(0, 1, 0, 3), 0.0, 0.0), {"tversky": NAN})


counts = st.integers(0, 10_000)


@settings(max_examples=30, deadline=None)
@given(counts, counts, counts, counts)
def test_tversky_half_is_dice_and_one_is_jaccard(tp: int, fp: int, fn: int, tn: int) -> None:
    # Section 1: a = b = 0.5 is Dice, a = b = 1 is Jaccard, also when TP + FP + FN = 0
    # (all three are 1 by section 0).
    c = Confusion(tp, fp, fn, tn)
    half, one = pixel_scores(c, 0.5, 0.5).values, pixel_scores(c, 1.0, 1.0).values
    assert half["tversky"] == pytest.approx(half["dice"], rel=1e-12)
    assert one["tversky"] == pytest.approx(one["jaccard"], rel=1e-12)


@settings(max_examples=30, deadline=None)
@given(counts, counts, counts, counts)
def test_npv_and_balanced_accuracy(tp: int, fp: int, fn: int, tn: int) -> None:
    values = pixel_scores(Confusion(tp, fp, fn, tn)).values
    assert math.isnan(values["npv"]) == (tn + fn == 0)
    if tn + fn:
        assert values["npv"] == pytest.approx(tn / (tn + fn), rel=1e-12)
    if tp + fn and tn + fp:
        assert values["balanced_acc"] == pytest.approx((values["se"] + values["sp"]) / 2)
    else:
        assert math.isnan(values["balanced_acc"])


@settings(max_examples=30, deadline=None)
@given(counts, counts, counts, counts)
def test_perr_is_one_minus_accuracy(tp: int, fp: int, fn: int, tn: int) -> None:
    values = pixel_scores(Confusion(tp, fp, fn, tn)).values
    if tp + fp + fn + tn == 0:
        assert math.isnan(values["perr"])
    else:
        assert values["perr"] == pytest.approx(1.0 - values["acc"], abs=1e-12)
