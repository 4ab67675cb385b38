"""Empty and nearly empty candidates are flagged (< 0.5 % of the evaluated FOV marked)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from vesselview.engine.case import Case
from vesselview.io.candidate_flags import (
    EMPTY,
    NEARLY_EMPTY,
    NEARLY_EMPTY_FRACTION,
    candidate_flags,
    flagged_summary,
    marked_fraction,
)


def _case(candidate: np.ndarray, fov: np.ndarray | None = None,
          ignore: np.ndarray | None = None, **soft) -> Case:
    reference = np.zeros(candidate.shape, bool)
    reference[5, :] = True
    return Case(reference, candidate.copy(), np.ones(candidate.shape, bool) if fov is None else fov,
                ignore=ignore, **soft)


def test_the_threshold_is_half_a_percent_of_the_field_of_view():
    assert NEARLY_EMPTY_FRACTION == 0.005
    candidate = np.zeros((20, 20), bool)  # 400 pixels in the FOV: 2 pixels are 0.5 %
    assert candidate_flags(_case(candidate)) == EMPTY
    candidate[3, 3] = True
    assert (marked_fraction(_case(candidate)), candidate_flags(_case(candidate))) == \
        (1 / 400, NEARLY_EMPTY)
    candidate[3, 4] = True
    assert candidate_flags(_case(candidate)) is None


def test_only_the_evaluated_field_of_view_counts():
    candidate = np.zeros((20, 20), bool)
    candidate[0, :] = True  # 20 pixels, all outside the FOV or ignored
    fov = np.ones((20, 20), bool)
    fov[0, :10] = False
    ignore = np.zeros((20, 20), bool)
    ignore[0, 10:] = True
    assert candidate_flags(_case(candidate, fov, ignore)) == EMPTY
    assert candidate_flags(_case(candidate, fov)) is None  # 10 of 390 inside


def test_a_soft_candidate_is_flagged_at_the_evaluated_threshold():
    soft = np.zeros((20, 20), np.float32)
    soft[4, :] = 0.3
    case = _case(soft > 0.5, candidate_soft=soft)
    assert candidate_flags(case) == EMPTY and candidate_flags(case, 0.2) is None


@settings(max_examples=60, deadline=None)
@given(arrays(bool, (12, 9)), arrays(bool, (12, 9)), arrays(bool, (12, 9)))
def test_flags_equal_a_count_over_the_evaluated_pixels(candidate, fov, ignore):
    if not fov.any():
        fov[0, 0] = True
    evaluated = [c for c, f, i in zip(candidate.ravel(), fov.ravel(), ignore.ravel(),
                                      strict=True) if f and not i]
    flag = candidate_flags(_case(candidate, fov, ignore))
    if not evaluated:
        assert flag is None
    elif sum(evaluated) == 0:
        assert flag == EMPTY
    elif sum(evaluated) / len(evaluated) < 0.005:
        assert flag == NEARLY_EMPTY
    else:
        assert flag is None


@given(st.lists(st.tuples(st.sampled_from(["01", "02"]), st.sampled_from(["a", None]))))
def test_the_summary_names_each_row_once(flagged):
    summary = flagged_summary(flagged)
    distinct = set(flagged)
    if not distinct:
        assert summary is None
        return
    assert summary.startswith("1 prediction is " if len(distinct) == 1 else
                              f"{len(distinct)} predictions are ")
    assert "less than 0.5 % of the field of view marked; flags column" in summary
    for case_id, method in distinct:
        assert (case_id if method is None else f"{case_id} ({method})") in summary
