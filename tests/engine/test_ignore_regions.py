"""Ignore regions ("don't care" pixels), ``docs/metrics.md`` section 0, family by family.

The rule: ignored pixels count as outside F for every pixel-count metric (F := F & ~I)
and are removed from both masks before the distance, contour, tolerance, CAL, SS and
topology families. So an evaluation with an ignore mask equals the evaluation of the
case (S & ~I, G & ~I, F & ~I), and its pixel-count metrics equal those of the original
masks with the FOV F & ~I.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.masks import grid, vessel_pairs
from vesselview.engine.case import Case
from vesselview.engine.families import FAMILIES, family_of
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.errors import InputError

#: Pixel-count metrics whose value depends only on (S, G, F) counts, not on widths.
PIXEL_COUNTS = ("se", "sp", "acc", "fpr", "precision", "dice", "jaccard", "kappa", "mcc",
                "gmean", "tversky", "rve", "perr", "npv", "balanced_acc")


def same(a: float, b: float) -> bool:
    """Equal values, nan equal to nan."""
    return (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b, rel=1e-12, abs=1e-12)


def cleaned(case: Case) -> Case:
    """The case with the ignored pixels removed from both masks and from the FOV."""
    keep = ~case.ignore
    soft = None if case.candidate_soft is None else np.where(keep, case.candidate_soft, 0.0)
    return Case(reference=case.reference & keep, candidate=case.candidate & keep,
                fov=case.fov & keep, candidate_soft=soft, threshold=case.threshold)


# 7x9 hand-made case: a vessel each side; the candidate has a spurious blob in the middle
# that the reader marked as "don't care" (the ignore region is columns 3..5).
REFERENCE = grid([
    "#.......#",
    "#.......#",
    "#...#...#",
    "#...#...#",
    "#...#...#",
    "#.......#",
    "#.......#",
])
CANDIDATE = grid([
    "#.......#",
    "#.......#",
    "#..###..#",
    "#..###..#",
    "#..###..#",
    "#.......#",
    "........#",
])
IGNORE = np.zeros(REFERENCE.shape, bool)
IGNORE[:, 3:6] = True


def test_pixel_metrics_by_hand() -> None:
    # F & ~I has 7·6 = 42 pixels. Outside I: G = both side columns (14 px), S = the same
    # minus (6, 0): TP = 13, FN = 1, FP = 0, TN = 42 - 14 = 28.
    result = evaluate(Case(REFERENCE, CANDIDATE, np.ones(REFERENCE.shape, bool), ignore=IGNORE))
    metrics = result.metrics
    assert metrics["se"] == pytest.approx(13 / 14)
    assert metrics["sp"] == 1.0 and metrics["precision"] == 1.0
    assert metrics["acc"] == pytest.approx(41 / 42)
    assert metrics["npv"] == pytest.approx(28 / 29)
    # the blob and the reference's middle vessel are gone from every family
    assert metrics["hausdorff"] == 1.0  # only (6, 0) is off: 1 px from (5, 0)
    assert metrics["betti0_error"] == 0.0
    # F1_t: every S pixel is within t = 2 of G and vice versa, but M = min(13, 14) = 13
    assert metrics["f1_t"] == pytest.approx(2 * 13 / (13 + 14))


def test_no_ignore_changes_nothing() -> None:
    fov = np.ones(REFERENCE.shape, bool)
    plain = evaluate(Case(REFERENCE, CANDIDATE, fov))
    empty = evaluate(Case(REFERENCE, CANDIDATE, fov, ignore=np.zeros(fov.shape, bool)))
    assert all(same(plain.metrics[k], empty.metrics[k]) for k in plain.metrics)


PROPERTY = settings(max_examples=12, deadline=None)


@st.composite
def ignored_cases(draw) -> Case:
    """A vessel pair with FOV and a random rectangular ignore region (maybe soft)."""
    candidate, reference, fov = draw(vessel_pairs())
    h, w = reference.shape
    r0, c0 = draw(st.integers(0, h - 1)), draw(st.integers(0, w - 1))
    r1, c1 = draw(st.integers(r0, h)), draw(st.integers(c0, w))
    ignore = np.zeros((h, w), bool)
    ignore[r0:r1 + 1, c0:c1 + 1] = True
    soft = None
    if draw(st.booleans()):
        rng = np.random.default_rng(draw(st.integers(0, 2**16)))
        soft = np.where(candidate, rng.uniform(0.3, 1.0, (h, w)),
                        rng.uniform(0.0, 0.7, (h, w))).astype(np.float32)
        candidate = soft > 0.5
    return Case(reference, candidate, fov, candidate_soft=soft, ignore=ignore)


PARAMS = [Params(), Params(distance_fov=True, cal_fov=True, contour_gamma=1, t=1,
                           threshold=0.4)]


@PROPERTY
@given(ignored_cases(), st.sampled_from(PARAMS))
def test_every_family_sees_the_masks_without_the_region(case: Case, params: Params) -> None:
    with_ignore = evaluate(case, params).metrics
    without = evaluate(cleaned(case), params).metrics
    for family in FAMILIES:
        for key in family.keys:
            assert same(with_ignore[key], without[key]), (family.name, key)


@PROPERTY
@given(ignored_cases(), st.sampled_from(PARAMS))
def test_pixel_counts_use_fov_and_not_ignore(case: Case, params: Params) -> None:
    # The original masks with FOV F & ~I give the same pixel metrics.
    with_ignore = evaluate(case, params).metrics
    reduced = Case(case.reference, case.candidate, case.fov & ~case.ignore,
                   candidate_soft=case.candidate_soft, threshold=case.threshold)
    reference = evaluate(reduced, params).metrics
    for key in PIXEL_COUNTS:
        assert family_of(key).name == "pixel"  # se_thin/se_thick: their own family
        assert same(with_ignore[key], reference[key]), key


def test_the_ignore_layer_shows_the_region() -> None:
    result = evaluate(Case(REFERENCE, CANDIDATE, np.ones(REFERENCE.shape, bool), ignore=IGNORE))
    layer = result.layers["ignore"]
    assert layer.count(1) == int(IGNORE.sum())
    assert np.array_equal(layer.data == 1, IGNORE)


def test_a_case_without_ignore_has_an_empty_ignore_layer() -> None:
    result = evaluate(Case(REFERENCE, CANDIDATE, np.ones(REFERENCE.shape, bool)))
    assert result.layers["ignore"].count(1) == 0


@pytest.mark.parametrize(("ignore", "problem"), [
    (np.zeros((3, 3), bool), "shape"),
    (np.zeros(REFERENCE.shape, np.uint8), "bool"),
])
def test_a_bad_ignore_mask_is_refused(ignore: np.ndarray, problem: str) -> None:
    with pytest.raises(InputError, match=f"ignore.*{problem}"):
        Case(REFERENCE, CANDIDATE, np.ones(REFERENCE.shape, bool), ignore=ignore)
