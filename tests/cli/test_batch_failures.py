"""Batches never lose work: bad rows, dead workers and SIGTERM fail only what they hit."""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from tests.cli import worker_hooks
from tests.mask_files import save_mask, vessel_mask
from vesselview.cli import batch
from vesselview.cli import main as cli_main
from vesselview.cli.main import main
from vesselview.cli.pool import DIED, ItemFailure, run_in_processes
from vesselview.cli.runner import run_pairs
from vesselview.engine.params import Params
from vesselview.io.loader import load_case
from vesselview.io.manifest import read_manifest_rows
from vesselview.io.pair_evaluation import Job

REPOSITORY = Path(__file__).resolve().parents[2]


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _corrupt_and_missing(dataset: Path) -> None:
    """Row 2 (line 4) gets a broken PNG; row 3 (line 5) names a file that is gone."""
    (dataset.parent / "masks" / "2_pred.png").write_bytes(b"\x89PNG broken")
    (dataset.parent / "masks" / "3_pred.png").unlink()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_good_rows_are_written_and_bad_rows_reported(capsys, dataset, workers):
    _corrupt_and_missing(dataset)
    code, out, err = _run(capsys, "--manifest", str(dataset), "--workers", workers,
                          "--sweep", "t=1,2")
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 2 and "Traceback" not in err
    assert lines[0].startswith(f"vesselview-eval: error: {dataset} line 4, id 'case2': ")
    assert "2_pred.png" in lines[0]
    assert lines[1].startswith(f"vesselview-eval: error: {dataset} line 5, id 'case3': ")
    assert "candidate file" in lines[1] and "3_pred.png not found" in lines[1]
    document = json.loads(out)
    results = document["results"]
    assert [(r["id"], r["params"]["t"]) for r in results] == [
        (f"case{i}", t) for i in range(4) for t in (1, 2)]
    good, bad = results[:4], results[4:]
    assert all(r["error"] is None and r["metrics"]["dice"] is not None for r in good)
    assert all(r["error"] and set(r["metrics"].values()) == {None} for r in bad)
    assert bad[0]["error"] == lines[0].removeprefix("vesselview-eval: error: ")
    assert [group["n"] for group in document["summary"]] == [2, 2]


def test_csv_has_the_error_column(capsys, dataset, tmp_path):
    _corrupt_and_missing(dataset)
    output = tmp_path / "out.csv"
    code, out, _ = _run(capsys, "--manifest", str(dataset), "--format", "csv",
                        "--output", str(output), "--workers", "1")
    assert (code, out) == (2, "")
    rows = list(csv.DictReader(io.StringIO(output.read_text())))
    assert [row["id"] for row in rows] == ["case0", "case1", "case2", "case3"]
    assert [bool(row["error"]) for row in rows] == [False, False, True, True]
    assert "line 4, id 'case2'" in rows[2]["error"] and rows[2]["dice"] == ""
    assert rows[0]["dice"] != ""


def test_all_rows_failing_still_writes_every_row(capsys, dataset):
    for path in (dataset.parent / "masks").glob("*_pred.png"):
        path.write_bytes(b"GIF89a")
    code, out, err = _run(capsys, "--manifest", str(dataset), "--workers", "1")
    document = json.loads(out)
    assert code == 2 and len(err.splitlines()) == 4
    assert len(document["results"]) == 4 and document["summary"] == []


def test_a_duplicated_column_stops_before_any_work(capsys, tmp_path, pair):
    manifest = tmp_path / "m.csv"
    manifest.write_text(f"id,reference,candidate,reference\na,{pair[0]},{pair[1]},{pair[1]}\n")
    code, out, err = _run(capsys, "--manifest", str(manifest))
    assert (code, out) == (2, "")
    assert "m.csv line 1, columns 2 and 4: column 'reference' appears twice" in err


def test_a_dying_worker_fails_only_its_item():
    results = run_in_processes(worker_hooks.square_or_die, [1, 2, -1, 3, 4, -2, 5], 2,
                               lambda: None)
    assert results == [1, 4, ItemFailure(DIED), 9, 16, ItemFailure(DIED), 25]


def test_a_dying_worker_fails_only_its_pair(dataset):
    doomed = dataset.parent / "masks" / "doomed_pred.png"
    save_mask(doomed, vessel_mask(1))
    pairs = read_manifest_rows(str(dataset))
    pairs.insert(2, dataclasses.replace(pairs[1], id="doomed", candidate=str(doomed)))
    advanced = []
    job = Job((Params(),), load=worker_hooks.die_on_doomed)
    outcomes = run_pairs(pairs, job, workers=2, advance=lambda: advanced.append(1))
    assert len(outcomes) == len(advanced) == 5
    failures = [outcome.failure for outcome in outcomes]
    assert [failure is None for failure in failures] == [True, True, False, True, True]
    assert failures[2].message == (f"{pairs[2].label}: {DIED} while evaluating "
                                   f"{pairs[2].reference}, {doomed}, {pairs[2].fov}")
    serial = run_pairs(pairs[:2] + pairs[3:], Job((Params(),)), workers=1)
    assert [o.records for o in outcomes[:2] + outcomes[3:]] == [o.records for o in serial]


_HANGING_RUN = """
import functools, sys
from vesselview.cli import batch, main
from tests.cli import worker_hooks
batch.Job = functools.partial(batch.Job, load=worker_hooks.hang)
sys.exit(main.main(sys.argv[1:]))
"""


def test_sigterm_stops_the_workers(dataset, tmp_path):
    command = [sys.executable, "-c", _HANGING_RUN, "--manifest", str(dataset), "--workers",
               "2", "--output", str(tmp_path / "out.json")]
    run = subprocess.Popen(command, cwd=REPOSITORY, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        started = _wait_for_started(dataset.parent / "masks", count=2, process=run)
        workers = [psutil.Process(pid) for pid in started]
        assert all(worker.ppid() == run.pid for worker in workers)
        everyone = psutil.Process(run.pid).children(recursive=True)
        run.send_signal(signal.SIGTERM)
        _, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 143
    assert "terminated by signal SIGTERM" in err and "Traceback" not in err
    _gone, alive = psutil.wait_procs(everyone, timeout=15)
    assert alive == []
    assert not (tmp_path / "out.json").exists()
    assert [name for name in tmp_path.iterdir() if name.suffix == ".tmp"] == []


def test_workers_exit_when_the_main_process_is_killed(dataset):
    """SIGKILL cannot be caught: the workers notice that their parent is gone."""
    command = [sys.executable, "-c", _HANGING_RUN, "--manifest", str(dataset), "--workers",
               "2"]
    run = subprocess.Popen(command, cwd=REPOSITORY, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        workers = [psutil.Process(pid) for pid in
                   _wait_for_started(dataset.parent / "masks", count=2, process=run)]
    finally:
        run.kill()
        run.wait(timeout=60)
    _, alive = psutil.wait_procs(workers, timeout=15)
    assert alive == []


def _wait_for_started(folder: Path, count: int, process: subprocess.Popen) -> list[int]:
    """Pids of the workers that wrote their ``.started`` marker (polls up to 2 minutes)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        markers = sorted(folder.glob("*.started"))
        if len(markers) >= count:
            return [int(marker.read_text()) for marker in markers]
        assert process.poll() is None, process.communicate()
        time.sleep(0.1)
    raise AssertionError("the workers did not start within 2 minutes")


def test_dask_reports_bad_rows_like_the_local_backends(capsys, dataset):
    distributed = pytest.importorskip("dask.distributed")
    _corrupt_and_missing(dataset)
    serial = _run(capsys, "--manifest", str(dataset), "--workers", "1")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        on_dask = _run(capsys, "--manifest", str(dataset), "--scheduler",
                       cluster.scheduler_address)
    assert serial[0] == on_dask[0] == 2
    dask_document, serial_document = json.loads(on_dask[1]), json.loads(serial[1])
    # the provenance differs only by the command line, which names the backend
    assert dask_document.pop("provenance")["command"][2:] == ["--scheduler",
                                                              cluster.scheduler_address]
    assert serial_document.pop("provenance")["command"][2:] == ["--workers", "1"]
    assert dask_document == serial_document
    assert on_dask[2].splitlines() == serial[2].splitlines()


def test_an_interrupted_run_writes_the_pairs_that_finished(dataset, tmp_path, monkeypatch,
                                                           capsys):
    """Ctrl-C (or SIGTERM, the same path) after two of four pairs: both are written beside
    the output (an earlier complete output stays), the other two are error rows saying they
    were not evaluated, the exit code is 130."""
    def interrupt_third(reference, candidate, *args, **kwargs):
        if Path(candidate).name.startswith("2_"):
            raise KeyboardInterrupt
        return load_case(reference, candidate, *args, **kwargs)

    monkeypatch.setattr(batch, "Job", functools.partial(batch.Job, load=interrupt_third))
    output = tmp_path / "out.csv"
    output.write_text("the complete output of an earlier run\n")
    code = cli_main.main(["--manifest", str(dataset), "--workers", "1", "--format", "csv",
                          "--output", str(output)])
    rows = list(csv.DictReader((tmp_path / "out.interrupted.csv").open()))
    assert code == 130
    assert output.read_text() == "the complete output of an earlier run\n"
    assert [row["id"] for row in rows] == ["case0", "case1", "case2", "case3"]
    assert [row["error"] for row in rows[:2]] == ["", ""] and rows[0]["dice"] != ""
    assert all("not evaluated: the run was interrupted" in row["error"] for row in rows[2:])
    assert (f"the 2 of 4 pairs that finished were written to {tmp_path / 'out.interrupted.csv'}"
            in capsys.readouterr().err)


def test_output_to_dev_null_leaves_the_device_alone(dataset):
    assert main(["--manifest", str(dataset), "--workers", "1", "--output", os.devnull]) == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
