"""``vesselview-eval`` end to end through `main`: output shapes, exit codes, backends."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.mask_files import save_mask, vessel_mask, write_manifest
from vesselview._version import __version__
from vesselview.cli.main import main
from vesselview.engine import pipeline
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import ALIASES, Params
from vesselview.io.writers import CSV_COLUMNS


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_single_pair_json(capsys, pair):
    reference, candidate = pair
    code, out, err = _run(capsys, "--reference", reference, "--candidate", candidate,
                          "--workers", "1")
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert list(document) == ["vesselview", "params", "results", "summary", "provenance"]
    assert document["vesselview"] == __version__
    assert document["params"] == Params().to_dict()
    (result,) = document["results"]
    assert list(result) == ["id", "method", "reference", "candidate", "fov", "fov_source",
                            "ignore", "observer", "references", "flags", "spacing_um",
                            "spacing_source", "fov_diameter_px", "junction_source", "params",
                            "lengths", "metrics", "metrics_um", "undefined", "error"]
    assert (result["id"], result["reference"], result["candidate"], result["fov"]) == (
        "pred", reference, candidate, None)
    assert (result["method"], result["fov_source"], result["observer"], result["error"]) == (
        None, "none", None, None)
    assert list(result["metrics"]) == list(METRIC_KEYS)
    # Hand count: the reference has 14 + 11 = 25 pixels, the candidate (moved one column
    # right, branch one shorter) 24; they share the 11 branch pixels: dice 22/49.
    assert result["metrics"]["dice"] == pytest.approx(22 / 49)
    (summary,) = document["summary"]
    assert summary["n"] == 1 and summary["mean"]["dice"] == pytest.approx(22 / 49)


def test_manifest_csv_with_sweep_and_summary(capsys, dataset, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(capsys, "--manifest", "data/pairs.csv", "--format", "csv",
                          "--sweep", "t=0,2", "--summary", "--workers", "1")
    assert (code, err) == (0, "")
    rows = list(csv.reader(io.StringIO(out)))
    assert tuple(rows[0]) == CSV_COLUMNS
    records = [dict(zip(CSV_COLUMNS, row, strict=True)) for row in rows[1:]]
    ids = [(record["id"], record["t"]) for record in records]
    assert ids == [(f"case{i}", t) for i in range(4) for t in ("0", "2")] + [
        (f"summary:{name}", t) for t in ("0", "2") for name in ("mean", "std", "median")]
    assert records[0]["reference"] == str(Path("data") / "masks" / "0_ref.png")
    assert {record["vesselview_version"] for record in records} == {__version__}
    # With t=2 a candidate shifted s <= 2 columns is all tolerated (#S = 25 - s pixels),
    # as is the whole reference (25): M = 25 - s, precision 1, recall (25 - s) / 25.
    f1 = {(record["id"], record["t"]): float(record["f1_t"]) for record in records}
    expected = [1.0, 48 / 49, 46 / 48, 1.0]
    assert [f1[f"case{i}", "2"] for i in range(4)] == pytest.approx(expected)
    assert f1["case0", "0"] == 1.0 and f1["case1", "0"] == pytest.approx(22 / 49)
    assert f1["summary:mean", "2"] == pytest.approx(np.mean(expected))
    assert f1["summary:median", "2"] == pytest.approx(np.median(expected))
    assert f1["summary:std", "2"] == pytest.approx(np.std(expected, ddof=1))


def test_json_summary_per_sweep_value_and_output_file(capsys, dataset, tmp_path):
    output = tmp_path / "out.json"
    code, out, err = _run(capsys, "--manifest", str(dataset), "--sweep", "t=0,1",
                          "--output", str(output), "--workers", "1")
    assert (code, out, err) == (0, "", "")
    document = json.loads(output.read_text())
    assert [r["params"]["t"] for r in document["results"]] == [0, 1] * 4
    assert [group["params"]["t"] for group in document["summary"]] == [0, 1]
    assert [group["n"] for group in document["summary"]] == [4, 4]
    assert document["results"][0]["fov"] is None
    assert document["results"][2]["fov"] == str(dataset.parent / "masks" / "fov.png")


def test_polarity_warning_is_one_line(capsys, tmp_path):
    reference = save_mask(tmp_path / "ref.png", vessel_mask(0))
    inverted = save_mask(tmp_path / "dark.png", ~vessel_mask(0))
    code, out, err = _run(capsys, "--reference", str(reference), "--candidate", str(inverted))
    assert code == 0
    assert _one_error_line(err).startswith("vesselview-eval: warning: ")
    assert "--invert-candidate" in err
    code, out, err = _run(capsys, "--reference", str(reference), "--candidate", str(inverted),
                          "--invert-candidate")
    assert (code, err) == (0, "")
    assert json.loads(out)["results"][0]["metrics"]["dice"] == 1.0


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (["--set", "tt=1"], "unknown parameter 'tt'"),
        (["--set", "t=-1"], "parameter t: -1"),
        (["--sweep", "distance=euclidean,manhattan"], "parameter distance: expected one of"),
        (["--sweep", "fom_k=0:1:1e-320"], "'1e-320' is too close to zero"),
        (["--sweep", "fom_k=-1e308:1e308"], "gives over a million values"),
        (["--sweep", "t=0:1e400"], "'1e400' is too large a number"),
        (["--sweep", "t=0:3:inf"], "got 'inf'"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--workers", "0"], "--workers"),
        (["--fov", "missing_fov.png"], "missing_fov.png"),
        (["--output", "no/such/folder/out.json"], "no/such/folder/out.json"),
    ],
)
def test_bad_usage_exits_2_with_one_line(capsys, pair, extra, expected):
    reference, candidate = pair
    code, out, err = _run(capsys, "--reference", reference, "--candidate", candidate, *extra)
    assert (code, out) == (2, "")
    line = _one_error_line(err)
    assert line.startswith("vesselview-eval: error: ") and expected in line


def test_an_old_parameter_key_runs_with_one_warning_line(capsys, pair, monkeypatch):
    monkeypatch.setitem(ALIASES, "tolerance_radius", "t")
    reference, candidate = pair
    code, out, err = _run(capsys, "--reference", reference, "--candidate", candidate,
                          "--set", "tolerance_radius=3")
    assert code == 0
    assert _one_error_line(err) == ("vesselview-eval: warning: parameter 'tolerance_radius' is "
                                    "now called 't'; it was read as 't', but the old name will "
                                    "be removed: use the new one")
    assert json.loads(out)["results"][0]["params"]["t"] == 3


def test_more_workers_than_cores_warns(capsys, pair, monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    reference, candidate = pair
    code, out, err = _run(capsys, "--reference", reference, "--candidate", candidate,
                          "--workers", "2")
    assert code == 0 and json.loads(out)["results"]
    assert "warning: --workers 2 exceeds the 1 CPU cores" in _one_error_line(err)


def test_bad_file_exits_2_naming_it(capsys, pair, tmp_path):
    reference, _ = pair
    (tmp_path / "notes.png").write_text("not pixels")
    code, _out, err = _run(capsys, "--reference", reference, "--candidate",
                          str(tmp_path / "notes.png"))
    assert code == 2 and "notes.png" in _one_error_line(err)




def test_shape_mismatch_exits_2(capsys, pair, tmp_path):
    reference, _ = pair
    small = save_mask(tmp_path / "small.png", np.zeros((5, 5), bool))
    code, _out, err = _run(capsys, "--reference", reference, "--candidate", str(small))
    line = _one_error_line(err)
    assert code == 2 and "16x20" in line and "5x5" in line and "small.png" in line


class _Broken:
    def __init__(self, case) -> None:
        raise RuntimeError("stage exploded")


def test_internal_error_exits_1_with_a_report_hint(capsys, pair, monkeypatch):
    monkeypatch.setattr(pipeline, "Evaluator", _Broken)
    reference, candidate = pair
    code, _, err = _run(capsys, "--reference", reference, "--candidate", candidate)
    line = _one_error_line(err)
    assert code == 1 and "RuntimeError: stage exploded" in line and "please report" in line
    code, _out, err = _run(capsys, "--reference", reference, "--candidate", candidate, "--debug")
    assert code == 1 and "Traceback" in err


def test_no_progress_bar_when_stderr_is_not_a_terminal(capsys, dataset):
    code, out, err = _run(capsys, "--manifest", str(dataset), "--workers", "1")
    assert code == 0 and len(json.loads(out)["results"]) == 4 and err == ""


def test_scheduler_without_dask_exits_2(capsys, pair, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import now fails
    reference, candidate = pair
    code, _out, err = _run(capsys, "--reference", reference, "--candidate", candidate,
                          "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 2 and "vesselview[distributed]" in _one_error_line(err)


def test_help_and_version_exit_0(capsys):
    assert main(["--help"]) == 0
    assert "--manifest" in capsys.readouterr().out
    assert main(["--version"]) == 0
    assert __version__ in capsys.readouterr().out


def test_processes_and_dask_equal_serial_bit_for_bit(capsys, dataset):
    distributed = pytest.importorskip("dask.distributed")
    argv = ["--manifest", str(dataset), "--sweep", "t=1,3", "--format", "json"]
    outputs = {}
    for name, backend in (("serial", ["--workers", "1"]), ("processes", ["--workers", "2"])):
        code, outputs[name], _ = _run(capsys, *argv, *backend)
        assert code == 0
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        code, outputs["dask"], _ = _run(capsys, *argv, "--scheduler", cluster.scheduler_address)
    assert code == 0
    documents = {name: json.loads(text) for name, text in outputs.items()}
    commands = {name: document.pop("provenance")["command"][len(argv):]
                for name, document in documents.items()}  # they name the backend
    assert commands["processes"] == ["--workers", "2"]
    assert documents["processes"] == documents["serial"]
    assert documents["dask"] == documents["serial"]


def test_installed_script(tmp_path, pair):
    script = Path(sys.executable).with_name("vesselview-eval")
    manifest = write_manifest(tmp_path / "m.csv", [
        {"id": "only", "reference": pair[0], "candidate": pair[1], "fov": "", "fundus": ""}])
    done = subprocess.run([str(script), "--manifest", str(manifest), "--format", "csv"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[0] == ",".join(CSV_COLUMNS)
    assert done.stdout.splitlines()[1].startswith("only,")
    bad = subprocess.run([str(script), "--manifest", str(tmp_path / "none.csv")],
                         capture_output=True, text=True, timeout=120, check=False)
    assert bad.returncode == 2 and "none.csv" in bad.stderr


def test_cli_and_io_import_no_qt():
    code = ("import sys, vesselview.cli.main, vesselview.io; "
            "sys.exit(any(name.split('.')[0] in ('PySide6', 'pyqtgraph', 'superqt') "
            "for name in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], timeout=120).returncode == 0
