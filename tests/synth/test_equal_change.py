"""The equal-change set and its expected ranking."""

import numpy as np
import pytest

from vesselview.errors import ParamsError
from vesselview.synth import EXPECTED_RANKING, equal_change_set, expected_rank
from vesselview.synth.equal_change import TOLERANCE

HALF = (292, 282)


@pytest.fixture(scope="module")
def change_set():
    return equal_change_set(400, HALF, seed=0)


def test_every_case_changes_about_n_pixels(change_set):
    assert list(change_set) == [name for tier in EXPECTED_RANKING for name in tier]
    for name, case in change_set.items():
        changed = np.count_nonzero(case.reference ^ case.candidate)
        assert changed == pytest.approx(400, rel=TOLERANCE), name
        assert not (case.candidate & ~case.fov).any()
    assert np.count_nonzero(change_set["noise"].reference ^ change_set["noise"].candidate) == 400


def test_cases_share_the_reference_and_differ_from_each_other(change_set):
    reference = change_set["shift"].reference
    candidates = [case.candidate for case in change_set.values()]
    for case in change_set.values():
        assert np.array_equal(case.reference, reference)
    for i, a in enumerate(candidates):
        for b in candidates[i + 1:]:
            assert not np.array_equal(a, b)


def test_what_each_case_changes(change_set):
    def fn_fp(name):
        case = change_set[name]
        return (np.count_nonzero(case.reference & ~case.candidate),
                np.count_nonzero(case.candidate & ~case.reference))

    fn, fp = fn_fp("gap")
    assert fp <= 0.1 * fn  # a gap removes
    fn, fp = fn_fp("expansion")
    assert fn <= 0.01 * fp  # an expansion adds
    fn, fp = fn_fp("shift")
    assert fn == pytest.approx(fp, rel=0.3)  # a shift moves


def test_equal_change_set_is_reproducible():
    a, b = equal_change_set(200, (146, 141), seed=4), equal_change_set(200, (146, 141), seed=4)
    for name in a:
        assert np.array_equal(a[name].candidate, b[name].candidate)


@pytest.mark.parametrize("bad", [0, -5, 2.5, True])
def test_n_pixels_must_be_a_positive_integer(bad):
    with pytest.raises(ParamsError, match="n_pixels"):
        equal_change_set(bad, (146, 141))


def test_unreachable_n_pixels_raises_params_error():
    with pytest.raises(ParamsError, match="too many"):
        equal_change_set(20000, (146, 141))


def test_expected_ranking_follows_the_tolerance_f1_paper():
    assert EXPECTED_RANKING[0] == ("shift",) and EXPECTED_RANKING[1] == ("noise",)
    names = ("shift", "noise", "gap", "expansion", "branching_angle", "bifurcation_angle")
    assert [expected_rank(n) for n in names] == [1, 2, 3, 3, 3, 3]
    with pytest.raises(KeyError):
        expected_rank("twist")
