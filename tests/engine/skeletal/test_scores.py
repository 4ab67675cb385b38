"""Scores, SS, revised counts, confidence and R_nc (steps 9j-12) on hand-made tables."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vesselview.engine.families.skeletal import FAMILY as SKELETAL
from vesselview.engine.skeletal import MATCH_DTYPE, RevisedCounts, revised_counts, skeletal_scores


def _table(rows: list[tuple]) -> np.ndarray:
    """Rows (label, length, n_s, cs, ts, valid); thickness columns are not used here."""
    table = np.zeros(len(rows), MATCH_DTYPE)
    for k, (label, length, n_s, cs, ts, valid) in enumerate(rows):
        table[k] = (label, length, n_s, 0.0, 0.0, 1.0, cs, ts, valid)
    return table


TABLE = _table([(1, 10, 9, 0.9, 0.5, True), (2, 20, 20, 1.0, 0.8, True),
                (3, 10, 5, 0.99, 1.0, False), (5, 10, 0, math.nan, math.nan, False)])
COUNTS = RevisedCounts(positive=100, false_positive=20, true_negative=380, fov=500,
                       outside_search=6, ref_skeleton=60)


def test_ss_and_its_parts_worked_by_hand():
    result = skeletal_scores(TABLE, COUNTS, 0.9, 0.2)
    # ss_k: 0.8*0.9 + 0.2*0.5 = 0.82; 0.8*1.0 + 0.2*0.8 = 0.96; invalid -> 0.
    np.testing.assert_allclose(result.score, [0.82, 0.96, 0.0, 0.0])
    ss = (10 * 0.82 + 20 * 0.96) / 50
    m = result.metrics
    assert m["ss"] == pytest.approx(ss) and m["rse"] == m["ss"]
    assert m["ss_cs"] == pytest.approx((10 * 0.9 + 20 * 1.0) / 30)
    assert m["ss_ts"] == pytest.approx((10 * 0.5 + 20 * 0.8) / 30)
    assert m["rsp"] == pytest.approx(380 / 400)
    assert m["racc"] == pytest.approx((ss * 100 + 380) / 500)
    assert m["ss_confidence"] == 0.9 and m["rnc"] == pytest.approx(6 / 60)
    assert dict(result.undefined) == {} and set(m) == set(SKELETAL.keys)


def test_alpha_zero_and_one_isolate_curve_and_thickness():
    cs_only = skeletal_scores(TABLE, COUNTS, 1.0, 0.0).metrics["ss"]
    ts_only = skeletal_scores(TABLE, COUNTS, 1.0, 1.0).metrics["ss"]
    assert cs_only == pytest.approx((10 * 0.9 + 20 * 1.0) / 50)
    assert ts_only == pytest.approx((10 * 0.5 + 20 * 0.8) / 50)


def test_no_valid_segment_scores_zero_and_leaves_the_means_undefined():
    table = _table([(1, 10, 2, 0.9, 0.5, False), (2, 8, 0, math.nan, math.nan, False)])
    result = skeletal_scores(table, COUNTS, 1.0, 0.2)
    assert result.metrics["ss"] == 0.0 and result.metrics["rse"] == 0.0
    assert math.isnan(result.metrics["ss_cs"]) and math.isnan(result.metrics["ss_ts"])
    assert result.undefined["ss_cs"] == "no segment is valid"
    assert set(result.undefined) == {"ss_cs", "ss_ts"}


def test_empty_reference_skeleton_gives_reasons_for_every_nan():
    counts = RevisedCounts(positive=10, false_positive=3, true_negative=87, fov=100,
                           outside_search=4, ref_skeleton=0)
    result = skeletal_scores(_table([]), counts, math.nan, 0.2)
    m, why = result.metrics, result.undefined
    for key in ("ss", "rse", "racc", "ss_cs", "ss_ts", "ss_confidence", "rnc"):
        assert math.isnan(m[key]) and why[key] == "reference skeleton is empty"
    assert m["rsp"] == pytest.approx(87 / 90) and "rsp" not in why


def test_no_segment_inside_the_fov_and_empty_fov():
    counts = RevisedCounts(positive=0, false_positive=0, true_negative=40, fov=40,
                           outside_search=9, ref_skeleton=9)
    result = skeletal_scores(_table([]), counts, 0.0, 0.2)
    assert result.undefined["ss"].startswith("no reference segment inside the FOV")
    assert result.metrics["ss_confidence"] == 0.0 and result.metrics["rnc"] == 1.0
    empty_fov = RevisedCounts(0, 0, 0, 0, 9, 9)
    result = skeletal_scores(_table([]), empty_fov, 0.0, 0.2)
    assert result.undefined["ss"] == "FOV is empty" and result.undefined["rsp"] == "FOV is empty"
    assert math.isnan(result.metrics["racc"])


def test_every_fov_pixel_positive_leaves_rsp_undefined():
    counts = RevisedCounts(positive=50, false_positive=0, true_negative=0, fov=50,
                           outside_search=0, ref_skeleton=5)
    table = _table([(1, 5, 5, 1.0, 1.0, True)])
    result = skeletal_scores(table, counts, 1.0, 0.2)
    assert math.isnan(result.metrics["rsp"]) and "search range" in result.undefined["rsp"]
    assert result.metrics["racc"] == 1.0


def test_revised_counts_worked_by_hand():
    reference = np.zeros((4, 5), bool)
    reference[0, 0:2] = True
    search = np.zeros_like(reference)
    search[1, 0:3] = True
    candidate = np.zeros_like(reference)
    candidate[1, 2] = candidate[3, 4] = candidate[2, 0] = True
    fov = np.ones_like(reference)
    fov[3, :] = False
    ref_skeleton = reference.copy()
    cand_skeleton = candidate.copy()
    counts = revised_counts(reference, candidate, fov, ref_skeleton, cand_skeleton, search)
    # P = (search | G) & F = 5 pixels; F has 15; F \ P = 10 of which (2,0) is candidate.
    assert counts == RevisedCounts(positive=5, false_positive=1, true_negative=9, fov=15,
                                   outside_search=2, ref_skeleton=2)
