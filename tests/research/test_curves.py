"""ROC / PR / F1_t-against-threshold curves: hand-worked small maps (trapezoid rule by
hand), brute-force counts at every threshold, and the undefined / error cases."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from vesselview.engine.case import Case
from vesselview.engine.families.tolerance import tolerance_match, tolerance_scores
from vesselview.engine.params import Params
from vesselview.errors import InputError, ParamsError
from vesselview.research.curves import (
    F1Curve,
    along_curve,
    f1_t_curve,
    operating_points,
    pr_curve,
    roc_curve,
)


def soft_case(soft, reference, fov=None) -> Case:
    soft = np.atleast_2d(np.asarray(soft, np.float32))
    reference = np.atleast_2d(np.asarray(reference, bool))
    fov = np.ones(soft.shape, bool) if fov is None else np.atleast_2d(np.asarray(fov, bool))
    return Case(reference=reference, candidate=soft > 0.5, fov=fov, candidate_soft=soft,
                sources={"candidate": "soft.png"})


# Six pixels in the FOV (3 vessel, 3 background) and a 7th outside it that must not count.
HAND = soft_case([0.9, 0.8, 0.7, 0.6, 0.5, 0.2, 0.95],
                 [1, 1, 0, 1, 0, 0, 1], [1, 1, 1, 1, 1, 1, 0])
HAND_THRESHOLDS = np.float32([0.9, 0.8, 0.7, 0.6, 0.5, 0.2, -np.inf]).astype(np.float64)


def test_roc_of_a_hand_worked_map() -> None:
    curve = roc_curve(HAND)
    np.testing.assert_array_equal(curve.thresholds, HAND_THRESHOLDS)
    # soft > 0.9: nothing; > 0.8: {.9}; > 0.7: {.9 .8}; > 0.6: + .7 (bg); > 0.5: + .6;
    # > 0.2: + .5 (bg); > -inf: + .2 (bg)
    np.testing.assert_allclose(curve.y, [0, 1 / 3, 2 / 3, 2 / 3, 1, 1, 1])
    np.testing.assert_allclose(curve.x, [0, 0, 0, 1 / 3, 1 / 3, 2 / 3, 1])
    # trapezoids: 1/3 * 2/3 + 1/3 * 1 + 1/3 * 1 = 8/9 (= 8 of 9 vessel/background pairs ordered)
    assert curve.auc == pytest.approx(8 / 9)


def test_precision_recall_of_a_hand_worked_map() -> None:
    curve = pr_curve(HAND)
    np.testing.assert_allclose(curve.x, [0, 1 / 3, 2 / 3, 2 / 3, 1, 1, 1])
    np.testing.assert_allclose(curve.y, [1, 1, 1, 2 / 3, 3 / 4, 3 / 5, 3 / 6])
    # average precision: 1/3 * 1 + 1/3 * 1 + 1/3 * 3/4
    assert curve.auc == pytest.approx(11 / 12)


def test_tied_probabilities_share_one_operating_point() -> None:
    points = operating_points(soft_case([0.5, 0.5, 0.5, 0.1], [1, 0, 1, 0]))
    np.testing.assert_array_equal(points.true_positives, [0, 2, 2])
    np.testing.assert_array_equal(points.false_positives, [0, 1, 2])
    # trapezoids (0 -> 1/2 under 0 -> 1, then 1/2 -> 1 under 1): 1/4 + 1/2
    assert points.roc().auc == pytest.approx(0.75)
    assert points.pr().auc == pytest.approx(2 / 3)


def mann_whitney_auc(case: Case) -> float:
    """Probability that a vessel pixel outscores a background pixel (ties count 1/2)."""
    soft = case.candidate_soft[case.fov]
    vessel = case.reference[case.fov]
    above = soft[vessel][:, None] - soft[~vessel][None, :]
    return float(np.mean((above > 0) + 0.5 * (above == 0)))


small_maps = st.integers(2, 6).flatmap(lambda h: st.tuples(
    hnp.arrays(np.int8, (h, 5), elements=st.integers(0, 8)),
    hnp.arrays(bool, (h, 5)),
    hnp.arrays(bool, (h, 5)),
))


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(small_maps)
def test_every_operating_point_equals_brute_force_counts(arrays) -> None:
    levels, reference, fov = arrays
    case = soft_case(levels / np.float32(8), reference, fov)  # ties on a 1/8 grid
    points = operating_points(case)
    assert points.positives == np.count_nonzero(reference & fov)
    assert points.negatives == np.count_nonzero(~reference & fov)
    for k, threshold in enumerate(points.thresholds):
        candidate = case.candidate_at(threshold) & fov
        assert points.true_positives[k] == np.count_nonzero(candidate & reference)
        assert points.false_positives[k] == np.count_nonzero(candidate & ~reference)
    if points.positives and points.negatives:
        assert points.roc().auc == pytest.approx(mann_whitney_auc(case))


def brute_force_f1(case: Case, threshold: float, t: int) -> dict[str, float]:
    match = tolerance_match(case.candidate_at(threshold), case.reference, case.fov, t)
    return tolerance_scores(match).values


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(small_maps, st.integers(0, 2))
def test_f1_t_curve_equals_the_tolerance_metric_at_every_threshold(arrays, t) -> None:
    levels, reference, fov = arrays
    case = soft_case(levels / np.float32(8), reference, fov)
    curve = f1_t_curve(case, params=Params(t=t))
    assert curve.t == t
    assert np.all(np.diff(curve.thresholds) > 0)
    for k, threshold in enumerate(curve.thresholds):
        expected = brute_force_f1(case, threshold, t)
        assert curve.f1_t[k] == pytest.approx(expected["f1_t"])
        assert curve.precision[k] == pytest.approx(expected["f1_t_precision"], nan_ok=True)
        assert curve.recall[k] == pytest.approx(expected["f1_t_recall"], nan_ok=True)


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(small_maps, hnp.arrays(bool, 5), st.integers(0, 2))
def test_ignored_pixels_count_as_outside_the_fov(arrays, ignored_columns, t) -> None:
    # docs/metrics.md section 0: ROC/PR count inside F & ~I; F1_t sees the masks without I,
    # exactly as the tolerance family does.
    levels, reference, fov = arrays
    soft = levels / np.float32(8)
    ignore = np.broadcast_to(ignored_columns, soft.shape).copy()
    case = Case(reference=reference, candidate=soft > 0.5, fov=fov, candidate_soft=soft,
                ignore=ignore)
    reduced = soft_case(soft, reference, fov & ~ignore)
    with_ignore, without = operating_points(case), operating_points(reduced)
    np.testing.assert_array_equal(with_ignore.thresholds, without.thresholds)
    np.testing.assert_array_equal(with_ignore.true_positives, without.true_positives)
    np.testing.assert_array_equal(with_ignore.false_positives, without.false_positives)
    cleaned = case.without_ignored()
    curve = f1_t_curve(case, params=Params(t=t))
    for k, threshold in enumerate(curve.thresholds):
        expected = brute_force_f1(cleaned, threshold, t)
        assert curve.f1_t[k] == pytest.approx(expected["f1_t"])


def test_f1_t_curve_at_given_thresholds_compares_in_float32_like_candidate_at() -> None:
    case = soft_case(np.float32([[0.3, 0.6, 0.61], [0.0, 0.3, 0.9]]), [[1, 1, 0], [0, 1, 1]])
    thresholds = [0.0, 0.3, 0.6, 0.75]  # 0.3 and 0.6 equal pixel values (in float32)
    curve = f1_t_curve(case, thresholds, Params(t=0))
    np.testing.assert_array_equal(curve.thresholds, thresholds)
    for k, threshold in enumerate(thresholds):
        assert curve.f1_t[k] == pytest.approx(brute_force_f1(case, threshold, 0)["f1_t"])


def test_f1_t_curve_on_a_hand_worked_map() -> None:
    # columns 0-5: reference at {1, 4}, probabilities .2 .9 .1 .6 .4 0; t = 1
    case = soft_case([[0.2, 0.9, 0.1, 0.6, 0.4, 0.0]], [[0, 1, 0, 0, 1, 0]])
    curve = f1_t_curve(case, [0.5, 0.3], Params(t=1))
    # > 0.5: S = {1, 3}; S_G = {1, 3} (3 is next to 4); G_S = {1, 4}: M = 2, F1 = 4 / (2 + 2)
    # > 0.3: S = {1, 3, 4}; S_G = S, G_S = {1, 4}: M = min(3, 2) = 2, F1 = 4 / (3 + 2)
    np.testing.assert_allclose(curve.f1_t, [2 * 2 / (2 + 2), 2 * 2 / (3 + 2)])
    np.testing.assert_allclose(curve.precision, [1.0, 2 / 3])
    np.testing.assert_allclose(curve.recall, [1.0, 1.0])
    assert curve.best() == (0.5, 1.0)


def test_best_threshold_prefers_the_lowest_on_ties() -> None:
    curve = F1Curve(np.array([0.1, 0.2, 0.3]), np.array([0.5, 0.8, 0.8]),
                    np.zeros(3), np.zeros(3), t=2)
    assert curve.best() == (0.2, 0.8)


def test_empty_reference_leaves_roc_and_pr_undefined() -> None:
    case = soft_case([0.2, 0.7], [0, 0])
    assert math.isnan(roc_curve(case).auc)
    assert math.isnan(pr_curve(case).auc)
    assert np.isnan(roc_curve(case).y).all()
    f1 = f1_t_curve(case, [0.1, 0.5, 0.8])
    # both empty at 0.8 -> 1 (metrics.md section 0); a candidate alone -> 0
    np.testing.assert_array_equal(f1.f1_t, [0.0, 0.0, 1.0])
    assert np.isnan(f1.recall).all()


def test_all_vessel_fov_has_no_roc_but_perfect_precision() -> None:
    case = soft_case([0.2, 0.7], [1, 1])
    assert math.isnan(roc_curve(case).auc)
    assert pr_curve(case).auc == pytest.approx(1.0)


def test_binary_candidate_has_no_curves() -> None:
    case = Case(reference=np.eye(3, dtype=bool), candidate=np.eye(3, dtype=bool),
                fov=np.ones((3, 3), bool), sources={"candidate": "mask.png"})
    for function in (roc_curve, pr_curve, f1_t_curve):
        with pytest.raises(InputError, match=r"mask.png is a binary mask"):
            function(case)


@pytest.mark.parametrize("thresholds", [[0.5, math.nan], [[0.5]], [math.inf]])
def test_bad_thresholds(thresholds) -> None:
    with pytest.raises(ParamsError, match="finite"):
        f1_t_curve(HAND, thresholds)


def test_along_curve_spreads_points_by_arc_length() -> None:
    x = np.linspace(0.0, 1.0, 101)
    # a straight line: every tenth point
    np.testing.assert_array_equal(along_curve(x, x, 11), np.arange(0, 101, 10))
    # half the length is in the first two points: the marks crowd the long segment
    bent = np.array([0.0, 1.0, 1.0, 1.0, 1.0, 1.0])
    steps = np.array([0.0, 0.0, 0.25, 0.5, 0.75, 1.0])
    np.testing.assert_array_equal(along_curve(bent, steps, 3), [0, 1, 5])
    np.testing.assert_array_equal(along_curve(x[:5], x[:5], 10), np.arange(5))
    # undefined curve: spread by index
    np.testing.assert_array_equal(along_curve(np.full(9, np.nan), x[:9], 3), [0, 4, 8])
    with pytest.raises(ParamsError, match="at least 2"):
        along_curve(x, x, 1)


def test_thinned_curves_keep_their_ends_and_area() -> None:
    case = soft_case(np.linspace(0, 1, 60, dtype=np.float32).reshape(6, 10),
                     np.arange(60).reshape(6, 10) % 3 == 0)
    roc = roc_curve(case)
    thin = roc.thinned(7)
    assert 2 <= thin.x.size <= 7 and thin.auc == roc.auc
    assert (thin.thresholds[0], thin.thresholds[-1]) == (roc.thresholds[0], roc.thresholds[-1])
    assert np.isin(thin.thresholds, roc.thresholds).all()
    f1 = f1_t_curve(case)
    thin_f1 = f1.thinned(5)
    assert thin_f1.thresholds.size <= 5 and thin_f1.t == f1.t
    assert thin_f1.thresholds[0] == -np.inf and thin_f1.thresholds[-1] == f1.thresholds[-1]
    np.testing.assert_array_equal(thin_f1.f1_t, f1.f1_t[np.isin(f1.thresholds, thin_f1.thresholds)])
