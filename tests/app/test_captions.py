"""Captions of exported images speak the window's language, not code names."""

from __future__ import annotations

import dataclasses

import pytest

from tests.demo_dataset import write_demo_drive
from vesselview.app.captions import (
    caption_lines,
    case_line,
    dataset_method,
    teaching_of,
    window_title,
)
from vesselview.app.dataset_position import DatasetPosition
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.io.dataset import open_dataset
from vesselview.synth import TEACHING_CASES, demo_case, teaching_case

SHAPE = (120, 116)
#: Code names an exported caption must never show.
CODE_NAMES = ("synthetic:", "severity=", "ss_R", "cal_alpha", "tversky_", "=True", "None")


@pytest.fixture(scope="module")
def gap_case():
    return teaching_case("gap", 20, SHAPE)


@pytest.fixture(scope="module")
def gap_result(gap_case):
    return Evaluator(gap_case).evaluate(Params())


def test_a_teaching_case_is_captioned_by_its_title_and_severity(gap_case, gap_result):
    case, params, metrics = caption_lines(gap_result, gap_case)
    assert case == "Teaching case: vessel gap, severity 20 px"
    assert not [name for name in CODE_NAMES if name in case + params + metrics]


def test_parameters_are_named_as_in_the_parameters_panel(gap_result):
    _, params, _ = caption_lines(gap_result, teaching_case("gap", 0, SHAPE))
    assert params.startswith("Parameters: t (tolerance, px) = 2; ")
    for shown in ("α (area tolerance, px) = 2", "R (max search radius, px) = 2",
                  "SS weight α (thickness) = 0.2", "distance transform = euclidean",
                  "probability threshold = 0.5", "distance metrics inside the FOV only = no"):
        assert shown in params


def test_metrics_have_their_display_names_and_units(gap_result):
    _, _, metrics = caption_lines(gap_result, teaching_case("gap", 0, SHAPE))
    assert f"Dice (F1) {gap_result.metrics['dice']:.3f}," in metrics
    assert "Skeletal similarity" in metrics and "ss" not in metrics.split(":")[0]


@pytest.mark.parametrize("name", list(TEACHING_CASES))
def test_every_teaching_case_is_recognised(name):
    entry = TEACHING_CASES[name]
    low, high = entry.severity_range
    severity = low + (high - low) / 10
    case = teaching_case(name, severity, SHAPE)
    assert teaching_of(case) == (entry, pytest.approx(severity, rel=1e-5))
    assert case_line(case).startswith("Teaching case: ")
    assert f"{entry.unit}" in case_line(case) and "_" not in case_line(case)


def test_a_method_output_named_after_its_case_is_named_by_its_folder():
    case = dataclasses.replace(demo_case(SHAPE), sources={
        "reference": "/data/DRIVE/test/1st_manual/01_manual1.gif",
        "candidate": "/results/unet/01_test.png"})
    assert case_line(case) == ("Case 01, method unet: candidate /results/unet/01_test.png, "
                               "reference /data/DRIVE/test/1st_manual/01_manual1.gif")
    assert case_line(case, "U-Net v2").startswith("Case 01, method U-Net v2: ")


def test_any_other_file_case_is_named_by_its_files():
    case = dataclasses.replace(demo_case(SHAPE), sources={
        "reference": "/home/me/manual.png", "candidate": "/home/me/Downloads/mine.png"})
    assert case_line(case) == ("Case mine: candidate /home/me/Downloads/mine.png, "
                               "reference /home/me/manual.png")
    assert case_line(case, "otsu").startswith("Case mine, method otsu: ")
    assert case_line(demo_case(SHAPE)).startswith("Synthetic demonstration case")


def test_the_dataset_method_names_the_dataset_case(tmp_path):
    root, predictions = write_demo_drive(tmp_path, cases=2)
    position = DatasetPosition.first(open_dataset(root, predictions))
    shown = position.case.load(position.method)
    assert dataset_method(position, shown) == position.method
    assert dataset_method(position, demo_case(SHAPE)) is None
    assert dataset_method(None, shown) is None


def test_the_window_title_names_case_and_method_never_a_path():
    case = dataclasses.replace(demo_case(SHAPE), sources={
        "reference": "/data/DRIVE/test/1st_manual/01_manual1.gif",
        "candidate": "/results/2004_Staal/01_test.png"})
    assert window_title(case) == "Case 01, method 2004_Staal \N{EM DASH} vesselview"
    assert window_title(case, "Staal 2004") == "Case 01, method Staal 2004 \N{EM DASH} vesselview"
    assert window_title(demo_case(SHAPE)).startswith("Synthetic demonstration case")
    gap = teaching_case("gap", 20.0, SHAPE)
    assert window_title(gap) == "Teaching case: vessel gap, severity 20 px \N{EM DASH} vesselview"
    for title in (window_title(case), window_title(demo_case(SHAPE)), window_title(gap)):
        assert "/" not in title and "synthetic:" not in title
