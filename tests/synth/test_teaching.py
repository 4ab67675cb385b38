"""Teaching cases: registry, validation, reproducibility, monotone severities."""

import cv2
import numpy as np
import pytest

from vesselview.engine.case import Case
from vesselview.engine.morphology import count_components, distance_to
from vesselview.errors import ParamsError
from vesselview.synth import TEACHING_CASES, TeachingCase, teaching_case
from vesselview.synth.teaching import _classes, base

HALF = (292, 282)  # half DRIVE size: pixel severities scale by 0.5


def _fn_fp(case: Case) -> tuple[int, int]:
    reference, candidate = case.reference, case.candidate
    missed = np.count_nonzero(reference & ~candidate)
    return int(missed), int(np.count_nonzero(candidate & ~reference))


def test_registry_lists_every_requested_case():
    assert set(TEACHING_CASES) == {
        "shift", "noise", "gap", "expansion", "branching_angle", "bifurcation_angle",
        "cal_wide_to_narrow", "cal_narrow_to_wide", "cal_narrow_to_noise",
    }
    for name, entry in TEACHING_CASES.items():
        assert isinstance(entry, TeachingCase) and entry.name == name
        assert entry.title and entry.unit and entry.explanation.endswith(".")
        low, high = entry.severity_range
        assert low == 0.0 < high


@pytest.mark.parametrize("name", sorted(TEACHING_CASES))
def test_lowest_severity_gives_back_the_reference(name):
    case = teaching_case(name, 0.0, HALF, seed=1)
    assert np.array_equal(case.candidate, case.reference)
    assert case.reference.dtype == bool and case.candidate.dtype == bool
    assert case.fundus.shape == (*HALF, 3)


@pytest.mark.parametrize("name", sorted(TEACHING_CASES))
def test_cases_are_seeded_reproducible_and_restricted_to_the_fov(name):
    high = TEACHING_CASES[name].severity_range[1]
    a = teaching_case(name, 0.5 * high, HALF, seed=2)
    b = teaching_case(name, 0.5 * high, HALF, seed=2)
    c = teaching_case(name, 0.5 * high, HALF, seed=3)
    assert np.array_equal(a.candidate, b.candidate)
    assert not np.array_equal(a.candidate, c.candidate)
    assert not np.array_equal(a.candidate, a.reference)
    assert not (a.candidate & ~a.fov).any()
    assert a.sources["candidate"] == f"synthetic:{name}(severity={0.5 * high:g}, seed=2)"
    assert a.sources["reference"] == "synthetic:teaching-reference(seed=2)"


def test_unknown_case_and_bad_severities_raise_params_error():
    with pytest.raises(ParamsError, match=r"unknown teaching case .twist.*shift"):
        teaching_case("twist", 1.0)
    for bad in (-0.1, 9.0, float("nan"), True, "2"):
        with pytest.raises(ParamsError, match="severity of 'shift'"):
            teaching_case("shift", bad)


def test_shift_moves_the_whole_tree_by_the_severity():
    measured = []
    for severity in (1.0, 3.0, 6.0):
        case = teaching_case("shift", severity, seed=0)  # full size: no pixel scaling
        (dx, dy), _ = cv2.phaseCorrelate(case.reference.astype(np.float32),
                                         case.candidate.astype(np.float32))
        measured.append(np.hypot(dx, dy))
        assert measured[-1] == pytest.approx(severity, abs=0.1)
    assert np.all(np.diff(measured) > 0)


def test_noise_density_is_monotone_and_nested():
    changed = [teaching_case("noise", d, HALF).candidate ^ base(HALF, 0).reference
               for d in (0.01, 0.03, 0.05)]
    fov_pixels = np.count_nonzero(base(HALF, 0).fov)
    for flips, density in zip(changed, (0.01, 0.03, 0.05), strict=True):
        assert np.count_nonzero(flips) / fov_pixels == pytest.approx(density / 2, rel=0.15)
    assert not (changed[0] & ~changed[1]).any() and not (changed[1] & ~changed[2]).any()


@pytest.mark.parametrize("shape", [HALF, (584, 565)])
def test_gap_only_removes_and_removes_more_as_it_grows(shape):
    missing = []
    for severity in (0.6, 4.0, 10.0, 20.0, 30.0):
        fn, fp = _fn_fp(teaching_case("gap", severity, shape))
        missing.append(fn)
        assert fp == 0  # a gap lesson shows missed vessel and nothing else
    assert np.all(np.diff(missing) > 0)
    # 8 gaps of 30 px (15 px at half size) across vessels >= 1 px wide
    assert missing[-1] >= 8 * 15


def test_expansion_only_adds_and_grows_with_the_width():
    added = []
    for severity in (1.0, 2.0, 4.0):
        fn, fp = _fn_fp(teaching_case("expansion", severity, HALF))
        assert fn <= 0.005 * fp  # rasterisation may drop a stray edge pixel
        added.append(fp)
    assert np.all(np.diff(added) > 0)


@pytest.mark.parametrize("name", ["branching_angle", "bifurcation_angle"])
def test_angle_changes_move_pixels_further_as_the_angle_grows(name):
    reference = base(HALF, 0).reference
    distance = distance_to(reference)
    drift = []
    for degrees in (5.0, 15.0, 30.0, 45.0):
        candidate = teaching_case(name, degrees, HALF).candidate
        drift.append(float(distance[candidate].sum()))  # how far the moved pixels went
    assert drift[0] > 0 and np.all(np.diff(drift) > 0)


CAL_CASES = ("cal_wide_to_narrow", "cal_narrow_to_wide", "cal_narrow_to_noise")


@pytest.mark.parametrize("name", CAL_CASES)
def test_cal_redistributions_move_exactly_n_pixels_nested(name):
    reference = base(HALF, 0).reference
    n_vessel = np.count_nonzero(reference)
    previous_removed = previous_added = np.zeros_like(reference)
    for fraction in (0.02, 0.05, 0.1):
        case = teaching_case(name, fraction, HALF)
        removed, added = reference & ~case.candidate, case.candidate & ~reference
        n = round(fraction * n_vessel)
        assert np.count_nonzero(removed) == n == np.count_nonzero(added)
        assert not (previous_removed & ~removed).any() and not (previous_added & ~added).any()
        previous_removed, previous_added = removed, added


def test_cal_cases_share_se_sp_acc_but_not_structure():
    cases = {n: teaching_case(n, 0.1) for n in CAL_CASES}
    counts = {n: _fn_fp(c) for n, c in cases.items()}
    assert len(set(counts.values())) == 1  # same FN and FP, hence same Se, Sp, Acc
    components = {n: count_components(c.candidate) for n, c in cases.items()}
    reference_components = count_components(cases["cal_wide_to_narrow"].reference)
    # (b) and (c) keep the tree connected (CAL paper: C = 1); (d) scatters noise
    assert components["cal_wide_to_narrow"] <= reference_components + 5
    assert components["cal_narrow_to_wide"] <= reference_components + 2
    assert components["cal_narrow_to_noise"] > reference_components + 100


def test_cal_cases_take_and_give_pixels_where_the_paper_says():
    classes = _classes(HALF, 0)
    distance_to_narrow, distance_to_wide = distance_to(classes.narrow), distance_to(classes.wide)
    for name, taken_from, given_near in (
        ("cal_wide_to_narrow", classes.wide, distance_to_narrow),
        ("cal_narrow_to_wide", classes.narrow, distance_to_wide),
    ):
        case = teaching_case(name, 0.05, HALF)
        removed, added = case.reference & ~case.candidate, case.candidate & ~case.reference
        assert not (removed & ~taken_from).any()
        assert given_near[added].max() <= 2.0  # hugging the other class's edges
    noise = teaching_case("cal_narrow_to_noise", 0.05, HALF)
    added = noise.candidate & ~noise.reference
    assert np.median(distance_to(noise.reference)[added]) >= 3  # scattered, not at edges


def test_too_severe_for_a_tiny_image_raises_params_error():
    with pytest.raises(ParamsError, match="lower the severity"):
        teaching_case("cal_wide_to_narrow", 0.15, (146, 141), seed=2)
