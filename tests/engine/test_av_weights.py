"""The weighted A/V confusion matrix: the ``av_weights`` table, its checks, and
``av_weighted_error`` against hand counts and an independent numpy sum."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import vesselview as vv
from tests.engine.av_maps import CANDIDATE, REFERENCE, A, B, V, av_case, draw_maps
from vesselview.engine.av_weights import weights_table


def _error(weights: str | None, reference=REFERENCE, candidate=CANDIDATE) -> vv.Result:
    return vv.evaluate(av_case(reference, candidate), vv.Params(av_weights=weights),
                       metrics=["av_weighted_error"])


def test_unit_costs_off_the_diagonal_give_the_share_of_wrong_pixels():
    # the matrix is [[2, 1, 0], [1, 1, 1], [0, 1, 3]]: 4 of its 10 pixels off the diagonal
    assert _error("0,1,1;1,0,1;1,1,0").metrics["av_weighted_error"] == pytest.approx(4 / 10)


def test_a_swap_of_artery_and_vein_can_cost_more_than_a_miss():
    # wrong cells: bg->artery 1, artery->bg 1, artery->vein 1, vein->artery 1
    weights = "0,1,1;1,0,5;1,5,0"
    assert _error(weights).metrics["av_weighted_error"] == pytest.approx((1 + 1 + 5 + 5) / 10)
    # rewarding nothing but one cell: the artery row's correct pixel costs 2
    assert _error("0,0,0;0,2,0;0,0,0").metrics["av_weighted_error"] == pytest.approx(2 / 10)


def test_without_a_table_or_classes_the_value_is_undefined_with_the_reason():
    result = _error(None)
    assert np.isnan(result.metrics["av_weighted_error"])
    assert "--av-weights" in result.undefined["av_weighted_error"]
    binary = vv.evaluate(av_case(REFERENCE, None), vv.Params(av_weights="0,1,1;1,0,1;1,1,0"),
                         metrics=["av_weighted_error"])
    assert binary.undefined["av_weighted_error"] == (
        "the candidate has no artery/vein classes (a vessel mask)")


def test_the_table_is_written_canonically_and_recorded_in_the_params():
    params = vv.Params(av_weights=" 0 1 1; 1 0 2.50 ;1,2,0")
    assert params.av_weights == "0,1,1;1,0,2.5;1,2,0"
    assert params.to_dict()["av_weights"] == "0,1,1;1,0,2.5;1,2,0"
    assert weights_table([[0, 1, 1], [1, 0, 2.5], [1, 2, 0]]) == params.av_weights


@pytest.mark.parametrize(("text", "problem"), [
    ("0,1;1,0", "expected 3 rows of 3 numbers"),
    ("0,1,1;1,0,1;1,1,0;0,0,0", "expected 3 rows of 3 numbers"),
    ("0,1,1;1,0,nan;1,1,0", "'nan' is not a finite number >= 0"),
    ("0,1,1;1,0,-1;1,1,0", "'-1' is not a finite number >= 0"),
    ("0,1,1;1,0,x;1,1,0", "'x' is not a finite number >= 0"),
    ("0,0,0;0,0,0;0,0,0", "every weight is 0"),
])
def test_a_bad_table_is_refused_naming_the_parameter_and_the_fix(text, problem):
    with pytest.raises(vv.ParamsError, match="parameter av_weights") as error:
        vv.Params(av_weights=text)
    assert problem in str(error.value) and "e.g. '0,1,1;1,0,2;1,2,0'" in str(error.value)


def test_changing_the_table_reuses_the_confusion_matrix():
    evaluator = vv.Evaluator(av_case(REFERENCE, CANDIDATE))
    evaluator.evaluate(vv.Params(av_weights="0,1,1;1,0,1;1,1,0"))
    evaluator.evaluate(vv.Params(av_weights="0,1,1;1,0,3;1,3,0"))
    assert evaluator.stage_runs["av_matrix"] == 1 and evaluator.stage_runs["av_weighted"] == 2


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_equal_to_an_independent_sum_over_pixels(data):
    reference, candidate = draw_maps(data)
    weights = data.draw(arrays(np.float64, (3, 3), elements=st.floats(0, 10, width=32)))
    if not weights.any():
        weights[0, 1] = 1.0
    # every pixel both maps give background, artery or vein, the reference's uncertain
    # and crossing pixels left out (the default rules): its cost, averaged
    costs = [weights[r, c] for r, c in zip(reference.ravel(), candidate.ravel(), strict=True)
             if r in (B, A, V) and c in (B, A, V)]
    value = _error(weights_table(weights), reference, candidate).metrics["av_weighted_error"]
    assert value == pytest.approx(np.mean(costs) if costs else np.nan, nan_ok=True)
