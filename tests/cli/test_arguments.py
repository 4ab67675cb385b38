"""`vesselview.cli.arguments`: flags, ``--set`` and ``--sweep``."""

from __future__ import annotations

import pytest

from vesselview.cli.arguments import UsageError, parameter_grid, parse_arguments
from vesselview.engine.params import Params
from vesselview.errors import ParamsError


def test_no_settings_give_defaults():
    base, grid = parameter_grid([], [])
    assert base == Params() and grid == [Params()]


def test_set_values_are_parsed_and_the_last_wins():
    base, grid = parameter_grid(["t=3", "distance=cityblock", "cal_fov=true", "t=4",
                                 "fom_k=1/9"], [])
    assert (base.t, base.distance, base.cal_fov, base.fom_k) == (4, "cityblock", True, 1 / 9)
    assert grid == [base]


def test_sweeps_give_every_combination_first_slowest():
    base, grid = parameter_grid(["ss_R=3"], ["t=0,1", "distance=euclidean,chessboard"])
    assert base.ss_R == 3
    assert [(p.t, p.distance, p.ss_R) for p in grid] == [
        (0, "euclidean", 3), (0, "chessboard", 3), (1, "euclidean", 3), (1, "chessboard", 3)]


@pytest.mark.parametrize(
    ("settings", "sweeps", "match"),
    [
        (["t"], [], "--set expects KEY=VALUE"),
        (["=3"], [], "--set expects KEY=VALUE"),
        ([], ["t=1,,2"], "no empty value"),
        (["t=1"], ["t=2,3"], "more than once"),
        ([], ["t=1,2", "t=3"], "more than once"),
    ],
)
def test_malformed_settings_are_usage_errors(settings, sweeps, match):
    with pytest.raises(UsageError, match=match):
        parameter_grid(settings, sweeps)


@pytest.mark.parametrize(
    ("settings", "sweeps", "match"),
    [
        (["tt=3"], [], "unknown parameter 'tt'"),
        (["t=two"], [], "parameter t: expected a number"),
        (["t=2.5"], [], "parameter t: expected a whole number"),
        ([], ["ss_alpha=0.5,1.5"], "ss_alpha.*out of range"),
        (["ss_min_length=20"], [], "ss_max_length"),
    ],
)
def test_bad_parameters_are_params_errors(settings, sweeps, match):
    with pytest.raises(ParamsError, match=match):
        parameter_grid(settings, sweeps)


@pytest.mark.parametrize(
    ("argv", "match"),
    [
        (["--manifest", "m.csv", "--reference", "r.png"], "not both"),
        (["--reference", "r.png"], "--reference and --candidate"),
        ([], "--reference and --candidate"),
        (["--manifest", "m.csv", "--workers", "0"], "at least 1"),
        (["--manifest", "m.csv", "--workers", "two"], "whole number"),
        (["--manifest", "m.csv", "--format", "xml"], "invalid choice"),
        (["--manifest", "m.csv", "--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_usage_errors(argv, match):
    with pytest.raises(UsageError, match=match):
        parse_arguments(argv)


def test_defaults():
    options = parse_arguments(["--reference", "r.png", "--candidate", "c.png"])
    assert options.format == "json" and options.output is None and options.scheduler is None
    assert 1 <= options.workers <= 4
    assert options.set == [] and options.sweep == [] and not options.summary
