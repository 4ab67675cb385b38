"""A batch run keeps the memory one pair frees for the next (issue 28, item 3).

glibc maps every array above 32 MiB afresh and unmaps it when freed, so each pair of a
large-image batch faulted all its pages in again (a third of the CPU time at 10000² on a
virtual machine). Every process of a local batch run, serial or not, of one pair or
many, now keeps its freed memory (`vesselview.cli.allocator.keep_freed_memory`); the
values do not change (`tests/cli/test_main.py` compares serial, pooled and Dask records
bit for bit).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.cli import allocator_probe
from vesselview.cli.pool import run_in_processes

glibc_only = pytest.mark.skipif(not allocator_probe.GLIBC, reason="glibc's malloc settings")
#: Faults per 64 MiB array: at least 32 (huge pages) when mapped afresh, ~0 reused.
FRESH_MAPPING = 16
REUSED = 2

PROBE = """
import sys
from tests.cli.allocator_probe import page_faults_per_large_array
from vesselview.cli.allocator import keep_freed_memory
if sys.argv[1] == "keep":
    print(keep_freed_memory(), end=" ")
elif sys.argv[1] != "leave":
    from vesselview.cli.main import main
    code = main(["--manifest", sys.argv[1], "--workers", "1", "--output", sys.argv[2]])
    print(code == 0, end=" ")
print(page_faults_per_large_array())
"""


def _probe(*arguments: str) -> list[str]:
    """The probe's output in a fresh process with glibc's default settings."""
    plain = {key: value for key, value in os.environ.items() if not key.startswith("MALLOC_")}
    return subprocess.run([sys.executable, "-c", PROBE, *arguments], env=plain, check=True,
                          capture_output=True, text=True).stdout.split()


@glibc_only
def test_kept_memory_serves_the_next_large_array_without_faulting_its_pages_in() -> None:
    (fresh,) = _probe("leave")
    assert float(fresh) > FRESH_MAPPING  # the cost, reproduced
    applied, kept = _probe("keep")
    assert applied == "True" and float(kept) < REUSED


@glibc_only
def test_a_serial_batch_keeps_its_freed_memory(dataset, tmp_path) -> None:
    succeeded, faults = _probe(str(dataset), str(tmp_path / "records.json"))
    assert succeeded == "True" and float(faults) < REUSED


@glibc_only
def test_a_run_of_one_pair_keeps_its_freed_memory(dataset, tmp_path) -> None:
    one = dataset.parent / "one.csv"  # the header and the first pair
    one.write_text("".join(dataset.read_text().splitlines(keepends=True)[:2]))
    succeeded, faults = _probe(str(one), str(tmp_path / "records.json"))
    assert succeeded == "True" and float(faults) < REUSED


@glibc_only
def test_every_worker_process_keeps_its_freed_memory() -> None:
    faults = run_in_processes(allocator_probe.page_faults_per_large_array, [0, 1], 2,
                              lambda: None)
    assert len(faults) == 2 and max(faults) < REUSED
