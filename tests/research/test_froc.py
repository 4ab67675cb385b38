"""FROC of probability maps: segment and component points against a direct computation
at each threshold (the full evaluation pipeline for segments, scipy labelling written
here for components), the step-interpolated summary by hand, and the undefined cases."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import ndimage

from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.errors import InputError
from vesselview.research.froc import FP_RATES, MAX_FALSE_POSITIVES, FrocCurve, froc_curves


def soft_case(soft: np.ndarray, reference: np.ndarray) -> Case:
    soft = soft.astype(np.float32)
    return Case(reference=reference, candidate=soft > 0.5, fov=np.ones(soft.shape, bool),
                candidate_soft=soft, sources={"candidate": "soft.png"})


def hand_map() -> Case:
    """A reference with a T (3 segments) and a lone blob; the map finds them at
    different confidences and adds two false blobs and a false line."""
    reference = np.zeros((40, 40), bool)
    reference[10, 5:35] = True      # horizontal bar of the T
    reference[10:30, 20] = True     # stem
    reference[33:36, 33:36] = True  # lone component
    soft = np.zeros((40, 40), np.float32)
    soft[10, 5:35] = 0.9
    soft[11:30, 20] = 0.6
    soft[33:36, 33:36] = 0.4
    soft[2:4, 2:4] = 0.7            # false blob
    soft[36:38, 2:4] = 0.3          # false blob
    soft[25, 2:12] = 0.5            # false line
    return soft_case(soft, reference)


def direct_components(case: Case, threshold: float, overlap: float) -> tuple[float, int]:
    """Component recall and false components at one threshold, by scipy labelling."""
    candidate = case.candidate_soft > np.float32(threshold)
    eight = np.ones((3, 3), bool)

    def found(mask: np.ndarray, other: np.ndarray) -> list[bool]:
        labels, count = ndimage.label(mask, structure=eight)
        return [bool((other[labels == k]).mean() >= overlap and other[labels == k].any())
                for k in range(1, count + 1)]

    detected = found(case.reference, candidate)
    false = sum(not hit for hit in found(candidate, case.reference))
    return (sum(detected) / len(detected) if detected else math.nan), false


def test_points_match_a_direct_computation_at_every_threshold() -> None:
    case, params = hand_map(), Params(segment_tol=1.0, segment_share=0.5,
                                      component_overlap=0.5)
    segments, components = froc_curves(case, params)
    assert segments.objects == "segments" and components.objects == "components"
    # an 8-level map: every operating point is a threshold (nothing is thinned away)
    np.testing.assert_array_equal(
        segments.thresholds, np.float32([0.9, 0.7, 0.6, 0.5, 0.4, 0.3, 0.0, -np.inf]))
    for k, threshold in enumerate(segments.thresholds):
        binary = Case(reference=case.reference, candidate=case.candidate_soft > threshold,
                      fov=case.fov)
        values = evaluate(binary, params).metrics
        assert segments.sensitivity[k] == pytest.approx(values["segment_recall"], nan_ok=True)
        assert segments.false_positives[k] == values["false_segments"]
        recall, false = direct_components(case, threshold, 0.5)
        assert components.sensitivity[k] == pytest.approx(recall, nan_ok=True)
        assert components.false_positives[k] == false


def test_thresholds_are_added_where_a_summary_rate_is_crossed() -> None:
    case, params = hand_map(), Params(segment_tol=1.0)
    full = dict(zip(("segments", "components"), froc_curves(case, params), strict=True))
    for coarse in froc_curves(case, params, max_points=2):  # the ROC gives only the ends
        every = full[coarse.objects]
        assert coarse.thresholds.size > 2
        kept = np.isin(every.thresholds, coarse.thresholds)
        np.testing.assert_array_equal(coarse.false_positives, every.false_positives[kept])
        np.testing.assert_array_equal(coarse.sensitivity, every.sensitivity[kept])
        np.testing.assert_array_equal(coarse.sensitivity_at(), every.sensitivity_at())


def test_component_curve_of_the_hand_map_by_hand() -> None:
    _, components = froc_curves(hand_map(), Params(component_overlap=0.5))
    # > 0.9: nothing; > 0.7: the T bar; > 0.6: + false blob; > 0.5: + stem (T whole);
    # > 0.4: + false line; > 0.3: + lone blob; > 0: + false blob; > -inf: one image-wide
    # component that holds both reference components (share of it in G is small: false)
    np.testing.assert_allclose(components.sensitivity, [0, .5, .5, .5, .5, 1, 1, 1])
    np.testing.assert_array_equal(components.false_positives, [0, 0, 1, 1, 2, 2, 3, 1])


def test_summary_is_the_mean_step_interpolated_sensitivity() -> None:
    curve = FrocCurve("segments", np.array([0.9, 0.5, 0.2, -np.inf]),
                      np.array([0.0, 0.4, 0.8, 1.0]), np.array([0.0, 0.3, 1.5, 20.0]))
    # rates 1/8 1/4: only the first point (0); 1/2, 1: up to 0.3 FP (0.4); 2, 4, 8: 0.8
    np.testing.assert_allclose(curve.sensitivity_at(), [0, 0, .4, .4, .8, .8, .8])
    assert curve.score() == pytest.approx((2 * 0.4 + 3 * 0.8) / len(FP_RATES))


def test_a_curve_turning_back_to_few_false_positives_does_not_count_below_its_peak() -> None:
    # merging false pieces at a lower threshold can lower the false positives again: the
    # last point (1 FP) comes after 3 FP, so it counts only for rates of 3 and more
    curve = FrocCurve("segments", np.array([0.9, 0.5, 0.2]), np.array([0.2, 0.5, 0.9]),
                      np.array([0.0, 3.0, 1.0]))
    np.testing.assert_allclose(curve.sensitivity_at((0.5, 1.0, 4.0)), [0.2, 0.2, 0.9])


def test_the_descent_stops_past_the_false_positive_cap() -> None:
    reference = np.zeros((64, 64), bool)
    reference[1, 2:60] = True
    soft = np.zeros((64, 64), np.float32)
    soft[1, 2:60] = 0.9
    soft[8:64:4, 0:60:5] = 0.2  # 14 x 12 = 168 false pieces of 3 pixels at > 0.1
    soft[8:64:4, 1:60:5] = 0.2
    soft[8:64:4, 2:60:5] = 0.2
    soft[60:62, 62:64] = 0.05
    segments, components = froc_curves(soft_case(soft, reference))
    np.testing.assert_array_equal(segments.thresholds, np.float32([0.9, 0.2, 0.05]))
    assert min(segments.false_positives[-1], components.false_positives[-1]) > \
        MAX_FALSE_POSITIVES
    assert components.false_positives[-1] == 168


def test_no_reference_objects_leave_the_sensitivity_and_summary_undefined() -> None:
    soft = np.zeros((12, 12), np.float32)
    soft[3:6, 3:6] = 0.8
    segments, components = froc_curves(soft_case(soft, np.zeros((12, 12), bool)))
    for curve in (segments, components):
        assert np.isnan(curve.sensitivity).all()
        assert math.isnan(curve.score())
    assert components.false_positives[1] == 1  # the blob at > 0 is a false component


def test_a_binary_candidate_is_refused() -> None:
    reference = np.eye(8, dtype=bool)
    case = Case(reference=reference, candidate=reference, fov=np.ones((8, 8), bool))
    with pytest.raises(InputError, match="probability map"):
        froc_curves(case)
