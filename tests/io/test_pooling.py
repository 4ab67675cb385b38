"""`vesselview.io.pooling`: metrics measured in pixels are not pooled over cases of
different resolution (spacing, else FOV diameter), within a 5 % tolerance."""

from __future__ import annotations

import pytest

from vesselview.engine.params import Params
from vesselview.engine.pixel_lengths import pixel_length_metrics, pixel_lengths
from vesselview.io.pooling import POOLING_TOLERANCE, pooling_problem


def _records(*cases: tuple[str, float | None, int | None], error: str | None = None,
             methods=("unet", "observer2")) -> list[dict]:
    return [{"id": case, "method": method, "spacing_um": spacing, "fov_diameter_px": diameter,
             "error": error} for case, spacing, diameter in cases for method in methods]


def test_the_length_parameters_and_pixel_metrics_are_the_declared_ones() -> None:
    every = pixel_lengths(None)
    assert {"t", "cal_alpha", "cal_beta", "ss_R", "nsd_tau", "thin_width"} <= every
    assert "ss_alpha" not in every and "threshold" not in every
    assert pixel_lengths(Params()) == every == pixel_lengths(Params(t="2px"))
    assert pixel_lengths(Params(t="30um", cal_alpha="1%fov")) == every - {"t", "cal_alpha"}
    assert pixel_length_metrics(["dice", "se", "sp", "cldice", "betti0_error"]) == ()
    assert pixel_length_metrics(["hd95", "f1_t", "cal", "ss", "nsd", "se_thin"]) == (
        "hd95", "f1_t", "cal", "ss", "nsd", "se_thin")


def test_cases_of_one_resolution_pool() -> None:
    records = _records(("01", 24.0, 540), ("02", 24.0 * (1 + POOLING_TOLERANCE), 540))
    assert pooling_problem(records, ["f1_t", "hd95"], "--compare") is None


def test_spacings_further_apart_than_the_tolerance_are_refused_naming_the_cases() -> None:
    records = _records(("01", 24.0, 540), ("02", 24.2, 536), ("im0001", 19.0, 650))
    problem = pooling_problem(records, ["dice", "f1_t", "hd95"], "--compare")
    assert problem == (
        "--compare would pool metrics measured in pixels (f1_t, hd95) over cases of "
        "different resolution: cases im0001 at 19 µm per pixel and 01, 02 at 24-24.2, "
        "1.27x apart (more than the 5% tolerance), and a pixel is not the same length on "
        "them; give the lengths in µm or % FOV (e.g. --set t=30um or t=0.5%fov), compare "
        "the cases of one resolution at a time (one dataset or manifest each), or keep to "
        "metrics that do not depend on the pixel size (e.g. dice, se, sp, cldice; "
        "distances in pixels always do)")


@pytest.mark.parametrize("length", ["30um", "0.5%fov"])
def test_lengths_in_micrometres_or_fov_percent_pool(length) -> None:
    records = _records(("01", 24.0, 540), ("im0001", 7.0, 650))
    physical = Params(t=length, cal_alpha=length, cal_beta=length)
    assert pooling_problem(records, ["f1_t", "cal"], "x", physical) is None
    assert "(ss)" in pooling_problem(records, ["f1_t", "ss"], "x", physical)
    assert "(f1_t)" in pooling_problem(records, ["f1_t"], "x", Params(t="2px"))
    # distances are in pixels whatever the lengths
    assert "(hd95)" in pooling_problem(records, ["hd95"], "x", physical)


def test_metrics_that_do_not_depend_on_the_pixel_size_always_pool() -> None:
    records = _records(("01", 24.0, 540), ("im0001", 7.0, 650))
    assert pooling_problem(records, ["dice", "se", "cldice"], "--compare") is None


def test_an_unknown_spacing_falls_back_to_the_fov_diameters() -> None:
    same_fov = _records(("01", 24.0, 540), ("02", None, 545))
    assert pooling_problem(same_fov, ["f1_t"], "x") is None
    other_fov = _records(("01", 24.0, 540), ("02", None, 3300))
    assert "cases 01 at 540 px FOV diameter and 02 at 3300, 6.11x apart" in \
        pooling_problem(other_fov, ["f1_t"], "x")


def test_failed_and_unmeasured_records_are_left_out() -> None:
    records = _records(("01", 24.0, 540)) + _records(("02", 7.0, 900), error="damaged")
    assert pooling_problem(records, ["f1_t"], "x") is None
    assert pooling_problem(_records(("01", None, None), ("02", None, None)), ["f1_t"],
                           "x") is None


@pytest.mark.parametrize("count", [5, 9])
def test_long_lists_of_cases_are_cut_short(count) -> None:
    records = _records(*((f"{i:02d}", 24.0, 540) for i in range(count)), ("im0001", 7.0, 650))
    problem = pooling_problem(records, ["f1_t"], "x")
    more = f" and {count - 4} more" if count > 4 else ""
    assert f"and 00, 01, 02, 03{more} at 24," in problem
