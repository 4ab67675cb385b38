"""Lengths in µm and % FOV become pixels once per case, when its evaluation starts."""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest

import vesselview as vv
from vesselview.engine.case import Case
from vesselview.engine.length_scope import length_provenance, resolved_lengths
from vesselview.engine.lengths import fov_diameter_px
from vesselview.engine.params import LENGTH_KEYS, Params
from vesselview.errors import ParamsError
from vesselview.synth import demo_case


def _case(spacing_um: float | None = None, fov_columns: slice = slice(None),
          shape: tuple[int, int] = (12, 40)) -> Case:
    reference = np.zeros(shape, bool)
    reference[5, 4:36] = True
    candidate = np.roll(reference, 2, axis=0)
    fov = np.zeros(shape, bool)
    fov[:, fov_columns] = True
    sources = {"candidate": "cand.png", "reference": "ref.png"}
    if spacing_um is not None:
        sources["spacing"] = "manifest"
    return Case(reference, candidate, fov, sources=sources, spacing_um=spacing_um)


def test_fov_diameter_is_the_longer_side_of_the_fov_bounding_box() -> None:
    fov = np.zeros((9, 20), bool)
    assert fov_diameter_px(fov) == 0
    fov[4, 3] = True
    fov[2:6, 7:15] = True  # columns 3..14: 12 columns, gaps between them included
    assert fov_diameter_px(fov) == 12
    assert fov_diameter_px(np.ones((5, 33), bool)) == 33
    assert fov_diameter_px(np.ones((40, 33), bool)) == 40


def test_a_case_measures_its_fov_diameter_once(monkeypatch: pytest.MonkeyPatch) -> None:
    case = _case(fov_columns=slice(3, 31))
    calls = []
    monkeypatch.setattr("vesselview.engine.lengths.fov_diameter_px",
                        lambda fov: calls.append(fov) or fov_diameter_px(fov))
    assert [case.fov_diameter_px for _ in range(3)] == [28, 28, 28]
    assert len(calls) == 1
    assert pickle.loads(pickle.dumps(case)).fov_diameter_px == 28  # sent to batch workers
    assert case.without_ignored().fov_diameter_px == 28


def test_micrometres_use_the_spacing_and_percent_fov_the_fov_diameter() -> None:
    case = _case(spacing_um=10.0, fov_columns=slice(5, 25))  # D = 20 px
    resolved = resolved_lengths(Params(t="35um", nsd_tau="10%fov", cal_alpha=2), case)
    assert (resolved.t, resolved.nsd_tau, resolved.cal_alpha) == (3.5, 2.0, 2)


def test_pixels_need_nothing_and_stay_as_given() -> None:
    params = Params(t=3, nsd_tau=2.5)
    assert resolved_lengths(params, _case()) is params


def test_micrometres_without_a_spacing_name_the_case_and_the_fix() -> None:
    with pytest.raises(ParamsError, match=r"t = 30um needs the pixel spacing of the case of "
                                          r"cand\.png.*spacing_um.*or give t in px or %fov"):
        vv.evaluate(_case(), Params(t="30um"))
    # % FOV needs no spacing
    assert vv.evaluate(_case(), Params(t="10%fov")).params.t == 4.0


def test_whole_pixel_lengths_round_half_up() -> None:
    case = _case(spacing_um=10.0)
    resolved = resolved_lengths(Params(ss_R="25um", ss_min_length="34um",
                                       ss_max_length="150um"), case)
    assert (resolved.ss_R, resolved.ss_min_length, resolved.ss_max_length) == (3, 3, 15)
    assert all(isinstance(value, int) for value in (resolved.ss_R, resolved.ss_max_length))


def test_converted_values_out_of_range_name_the_case() -> None:
    with pytest.raises(ParamsError, match=r"t: .*out of range \[0, 50\] on the case of "
                                          r"cand\.png \(converted to pixels: t = 600um -> 60 px"):
        resolved_lengths(Params(t="600um"), _case(spacing_um=10.0))
    with pytest.raises(ParamsError, match=r"ss_max_length .* must be >= ss_min_length"):
        resolved_lengths(Params(ss_min_length=10, ss_max_length="50um"), _case(spacing_um=10.0))


def test_result_records_pixels_and_the_lengths_as_given() -> None:
    result = vv.evaluate(_case(spacing_um=10.0), Params(t="20um", nsd_tau="2.5%fov"))
    assert result.params.t == 2 and result.params.nsd_tau == 1.0
    assert result.lengths.spacing_um == 10.0 and result.lengths.spacing_source == "manifest"
    assert result.lengths.given["t"] == "20um" and result.lengths.given["nsd_tau"] == "2.5%fov"
    assert result.lengths.given["cal_alpha"] == "2px"
    assert set(result.lengths.given) == set(LENGTH_KEYS)
    unknown = length_provenance(Params(), _case())
    assert (unknown.spacing_um, unknown.spacing_source) == (None, None)


def test_lengths_equal_to_whole_pixels_give_todays_numbers_exactly() -> None:
    case = demo_case((120, 110), seed=3)
    spaced = Case(case.reference, case.candidate, case.fov, spacing_um=5.0)
    pixels = vv.evaluate(case, Params()).metrics
    physical = Params(**{key: f"{5.0 * getattr(Params(), key)}um" for key in LENGTH_KEYS})
    micrometres = vv.evaluate(spaced, physical).metrics
    for key, value in pixels.items():
        assert micrometres[key] == value or (math.isnan(value) and math.isnan(micrometres[key]))


def test_equal_physical_tolerances_share_their_stages() -> None:
    evaluator = vv.Evaluator(_case(spacing_um=10.0))
    evaluator.evaluate(Params(t=2))
    runs = evaluator.stage_runs["tolerance_match"]
    evaluator.evaluate(Params(t="20um"))
    evaluator.evaluate(Params(t="25um"))  # 2.5 px: a new key (same pixels, other value)
    assert evaluator.stage_runs["tolerance_match"] == runs + 1


def _upscaled(case: Case, factor: int, spacing_um: float) -> Case:
    def grow(mask: np.ndarray) -> np.ndarray:
        return np.kron(mask, np.ones((factor, factor), bool)).astype(bool)
    return Case(grow(case.reference), grow(case.candidate), grow(case.fov),
                spacing_um=spacing_um / factor)


def test_same_physical_tolerance_scores_alike_at_twice_the_resolution() -> None:
    # The 2x test on one small synthetic case: the masks upscaled 2x
    # (nearest neighbour) with half the spacing, evaluated with the same lengths in µm.
    case = demo_case((150, 140), seed=5)
    physical = Params(**{key: f"{10.0 * getattr(Params(), key)}um" for key in LENGTH_KEYS})
    keys = ["f1_t", "cal_a", "cal_l", "ss", "dice", "hausdorff"]
    once = vv.evaluate(_upscaled(case, 1, 10.0), physical, metrics=keys)
    twice = vv.evaluate(_upscaled(case, 2, 10.0), physical, metrics=keys)
    assert twice.params.t == 2 * once.params.t == 4
    for key in ("f1_t", "cal_a", "cal_l", "ss", "dice"):
        assert abs(twice.metrics[key] - once.metrics[key]) <= 0.05, key
    # in pixels: twice as many (percentiles of so few distances are too coarse to compare;
    # benchmarks/bench_scale_consistency.py measures them at DRIVE's size)
    assert twice.metrics["hausdorff"] / 2 == pytest.approx(once.metrics["hausdorff"], rel=0.1)
