"""`vesselview.cli.arguments`: flags; `vesselview.cli.parameter_grid`: ``--set`` and ``--sweep``."""

from __future__ import annotations

import pytest

from vesselview.cli.arguments import (
    MAX_COMBINATIONS,
    MAX_WORKERS,
    UsageError,
    build_parser,
    parameter_epilog,
    parameter_grid,
    parse_arguments,
)
from vesselview.engine.params import ALIASES, PARAM_SPECS, Params
from vesselview.engine.sweep import MAX_SWEEP_VALUES
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
        (["t=1"], ["t=2,3"], "more than once"),
        ([], ["t=1,2", "t=3"], "more than once"),
    ],
)
def test_malformed_settings_are_usage_errors(settings, sweeps, match):
    with pytest.raises(UsageError, match=match):
        parameter_grid(settings, sweeps)


def test_an_old_key_is_set_and_swept_as_the_new_one(monkeypatch):
    monkeypatch.setitem(ALIASES, "tolerance_radius", "t")
    with pytest.warns(DeprecationWarning, match="'tolerance_radius' is now called 't'"):
        base, grid = parameter_grid(["tolerance_radius=3"], [])
    assert base == Params(t=3) and grid == [base]
    with pytest.warns(DeprecationWarning):
        _, grid = parameter_grid([], ["tolerance_radius=0:1"])
    assert grid == [Params(t=0), Params(t=1)]
    with pytest.warns(DeprecationWarning), pytest.raises(UsageError, match="more than once"):
        parameter_grid(["t=1"], ["tolerance_radius=2,3"])


def test_sweeps_take_the_range_grammar():
    _, grid = parameter_grid(["ss_max_length=30"], ["t=0:4:2", "ss_min_length=20:21"])
    assert [(p.t, p.ss_min_length) for p in grid] == [
        (0, 20), (0, 21), (2, 20), (2, 21), (4, 20), (4, 21)]
    with pytest.raises(ParamsError, match="ss_max_length"):  # checked with the other keys
        parameter_grid([], ["ss_min_length=20:21"])


def test_sweep_combinations_are_capped():
    _, grid = parameter_grid([], ["t=0:49", "cal_alpha=0:49", "cal_beta=0:3"])
    assert len(grid) == MAX_COMBINATIONS == 50 * 50 * 4
    with pytest.raises(UsageError, match=r"12500 parameter combinations \(50 x 50 x 5\); "
                       r"at most 10000"):
        parameter_grid([], ["t=0:49", "cal_alpha=0:49", "cal_beta=0:4"])


def test_help_states_both_sweep_limits():
    text = " ".join(parameter_epilog().split())
    assert f"at most {MAX_SWEEP_VALUES} values per sweep and {MAX_COMBINATIONS} combinations" \
        in text
    with pytest.raises(ParamsError, match=r"1001 values; 1 to 1000 allowed"):
        parameter_grid([], ["t=0:1000"])


def test_cli_and_gui_share_one_sweep_grammar():
    pytest.importorskip("PySide6")
    from vesselview.cli import parameter_grid
    from vesselview.engine import sweep
    from vesselview.gui.research import sweep_controls
    assert parameter_grid.parse_sweep_values is sweep.parse_sweep_values
    assert sweep_controls.parse_sweep_values is sweep.parse_sweep_values


@pytest.mark.parametrize(
    ("settings", "sweeps", "match"),
    [
        (["tt=3"], [], "unknown parameter 'tt'"),
        (["t=two"], [], "parameter t: expected a number"),
        (["ss_R=2.5"], [], "parameter ss_R: expected a whole number"),
        (["t=30mm"], [], "parameter t: expected a number of pixels"),
        ([], ["ss_alpha=0.5,1.5"], "ss_alpha.*out of range"),
        (["ss_min_length=20"], [], "ss_max_length"),
        ([], ["t=1,,2"], "an empty value"),
        ([], ["t=3:1"], "gives 0 values"),
    ],
)
def test_bad_parameters_are_params_errors(settings, sweeps, match):
    with pytest.raises(ParamsError, match=match):
        parameter_grid(settings, sweeps)


@pytest.mark.parametrize(
    ("argv", "match"),
    [
        (["--manifest", "m.csv", "--reference", "r.png"],
         "give only one of --manifest, --reference/--candidate"),
        (["--dataset", "d", "--manifest", "m.csv"], "give only one of --manifest, --dataset"),
        (["--dataset", "d", "--candidate", "c.png"], "only one of --dataset, --reference"),
        (["--dataset", "d", "--ignore", "i.png"],
         "--ignore go with one pair .* use the manifest's fov, fundus, ignore and "
         "reference_junctions columns"),
        (["--manifest", "m.csv", "--predictions", "a=b"], "go with --dataset"),
        (["--manifest", "m.csv", "--observer", "2"], "go with --dataset"),
        (["--dataset", "d", "--observer", "3"], "invalid choice: 3"),
        (["--dataset", "d", "--predictions", "a"], "expected NAME=DIR"),
        (["--dataset", "d", "--predictions", "=dir"], "expected NAME=DIR"),
        (["--dataset", "d", "--predictions", "a=x", "--predictions", "a=y"],
         "--predictions a=... is given twice"),
        (["--dataset", "d", "--curves"], "--curves takes one pair"),
        (["--reference", "r.png"], "--reference and --candidate"),
        ([], "--reference and --candidate"),
        (["--manifest", "m.csv", "--workers", "0"], "at least 1"),
        (["--manifest", "m.csv", "--workers", "two"], "whole number"),
        (["--manifest", "m.csv", "--workers", str(MAX_WORKERS + 1)],
         f"at most {MAX_WORKERS} worker processes"),
        (["--manifest", "m.csv", "--format", "xml"], "invalid choice"),
        (["--manifest", "m.csv", "--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_usage_errors(argv, match):
    with pytest.raises(UsageError, match=match):
        parse_arguments(argv)


def test_dataset_options():
    options = parse_arguments(["--dataset", "DRIVE", "--predictions", "Soares=soares/",
                               "--predictions", " unet = out/unet ", "--observer", "2"])
    assert options.dataset == "DRIVE" and options.observer == 2
    assert options.predictions == {"Soares": "soares/", "unet": "out/unet"}
    assert parse_arguments(["--dataset", "DRIVE"]).predictions == {}


def test_defaults():
    options = parse_arguments(["--reference", "r.png", "--candidate", "c.png"])
    assert options.format == "json" and options.output is None and options.scheduler is None
    assert options.workers is None  # chosen by the run's size (test_worker_count.py)
    assert options.set == [] and options.sweep == [] and not options.summary


def test_help_lists_every_parameter_with_default_range_and_meaning():
    epilog = parameter_epilog()
    entries = " ".join(epilog.split())  # undo the wrapping
    for key, spec in PARAM_SPECS.items():
        assert f"{key} (default " in entries and " ".join(spec.doc.split()) in entries, key
    assert "t (default 2; 0..50): tolerance F1: chessboard tolerance radius t (pixels)" in entries
    assert "fom_k (default 1/9; 0..1000):" in entries
    assert "threshold (default the case's threshold, 0.5 when it has none; 0..1):" in entries
    assert "distance_fov (default false; true/false):" in entries
    assert "Exit codes: 0 success" in entries
    assert "fov_source (file, estimated from the fundus, or none = whole image)" in entries
    assert "observer (whose annotation is the reference)" in entries
    assert max(len(line) for line in epilog.splitlines()) <= 79


def test_help_output_keeps_one_entry_per_parameter(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    lines = capsys.readouterr().out.splitlines()
    starts = [line.split(" ")[2] for line in lines
              if line.startswith("  ") and " (default " in line]
    assert starts == list(PARAM_SPECS)
