"""``--workers`` is budgeted per worker: fewer run when that many would not fit in memory;
without ``--workers``, a small run is serial."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from vesselview.cli import batch
from vesselview.cli import main as cli_main
from vesselview.cli.arguments import default_workers
from vesselview.cli.memory_budget import (
    BYTES_PER_PIXEL,
    WORKER_BASE_BYTES,
    budget_workers,
    largest_image_pixels,
    runs_serially,
    worker_bytes,
)
from vesselview.io.pair import Pair

LARGE = 3504 * 3390


def test_a_worker_needs_its_libraries_and_a_share_per_pixel():
    assert worker_bytes(0) == WORKER_BASE_BYTES
    assert worker_bytes(LARGE) == WORKER_BASE_BYTES + BYTES_PER_PIXEL * LARGE
    # bench_memory.py: the CLI's path peaked at 0.65 GB at 3504x3390 (3.86 GB at 10000²)
    assert 0.65e9 < worker_bytes(LARGE) < 0.75e9
    assert 3.86e9 < worker_bytes(10000 * 10000) < 4.5e9


@pytest.mark.parametrize(("available", "workers"), [
    (None, 4),                        # unknown: as asked
    (100e9, 4),                       # plenty
    (3 * worker_bytes(LARGE), 3),     # three fit
    (worker_bytes(LARGE) - 1, 1),     # not even one: still one, serially
])
def test_workers_that_fit(available, workers):
    budget = budget_workers(4, LARGE, None if available is None else int(available))
    assert budget.workers == workers
    assert "0.7 GB per worker for 11.9 Mpx images" in budget.note
    assert ("lowered to" in budget.note) == (workers < 4)


def test_largest_image_from_headers(tmp_path):
    Image.new("L", (30, 20)).save(tmp_path / "small.png")
    np.save(tmp_path / "large.npy", np.zeros((40, 50), bool))
    (tmp_path / "broken.png").write_bytes(b"not a png")
    paths = [str(tmp_path / name) for name in ("small.png", "large.npy", "broken.png")]
    assert largest_image_pixels(paths) == 40 * 50
    assert largest_image_pixels([]) == 0


def test_the_cli_runs_fewer_workers_and_says_so(capsys, monkeypatch, tmp_path):
    mask = np.zeros((16, 16), np.uint8)
    mask[4:8] = 255
    Image.fromarray(mask).save(tmp_path / "ref.png")
    Image.fromarray(mask).save(tmp_path / "cand.png")
    (tmp_path / "pairs.csv").write_text("id,reference,candidate\na,ref.png,cand.png\n"
                                        "b,ref.png,cand.png\n")
    monkeypatch.setattr(batch, "available_memory", lambda: 1)
    code = cli_main.main(["--manifest", str(tmp_path / "pairs.csv"), "--workers", "2"])
    out, err = capsys.readouterr()
    assert code == 0
    assert [record["metrics"]["dice"] for record in json.loads(out)["results"]] == [1.0, 1.0]
    assert err.splitlines() == ["vesselview-eval: warning: --workers 2 lowered to 1: about "
                                "0.2 GB per worker for 0.0 Mpx images and 0.0 GB available"]


def test_a_small_run_is_serial_unless_workers_are_asked_for(tmp_path):
    drive = 584 * 565
    assert runs_serially(60, 1, drive) and not runs_serially(61, 1, drive)
    assert not runs_serially(20, 4, drive)  # a sweep multiplies the work
    assert not runs_serially(2, 1, LARGE)
    Image.new("L", (16, 16)).save(tmp_path / "small.png")
    pairs = [Pair(id=str(index), reference=str(tmp_path / "small.png"),
                  candidate=str(tmp_path / "small.png")) for index in range(3)]
    assert batch._budgeted_workers(None, None, pairs, 1) == 1
    assert batch._budgeted_workers(2, None, pairs, 1) == 2
    assert batch._budgeted_workers(None, None, pairs[:1], 1) == 1


def test_a_large_run_gets_the_default_workers(tmp_path, monkeypatch):
    Image.new("L", (3504, 3390)).save(tmp_path / "large.png")
    pairs = [Pair(id=str(index), reference=str(tmp_path / "large.png"),
                  candidate=str(tmp_path / "large.png")) for index in range(8)]
    monkeypatch.setattr(batch, "available_memory", lambda: None)
    assert batch._budgeted_workers(None, None, pairs, 1) == default_workers()


def test_help_states_the_budget_per_worker(capsys):
    assert cli_main.main(["--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert ("each needs about 0.2 GB + 40 bytes per pixel of the largest image (0.7 GB at "
            "3504x3390): fewer run") in text
