"""Dask workers evaluate with glibc's allocator as a plain process has it (issue 28, item 4).

Dask's nanny fixes ``MALLOC_TRIM_THRESHOLD_`` in its workers, which pins glibc's mmap
threshold at 128 KiB: every array above it faults all its pages in again. Each
vesselview task on a cluster restores the dynamic rule's thresholds first.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.cli import allocator_probe
from vesselview.cli.main import main

glibc_only = pytest.mark.skipif(not allocator_probe.GLIBC, reason="glibc's malloc thresholds")
#: Faults per 1 MB array: ~245 when every array is a fresh mapping, ~0 reused from the heap.
FRESH_MAPPING = 100

PROBE = """
import sys
from tests.cli.allocator_probe import page_faults_per_array
from vesselview.cli.allocator import restore_dynamic_thresholds
applied = restore_dynamic_thresholds() if sys.argv[1] == "restore" else None
print(applied, page_faults_per_array())
"""


def _probe(mode: str, environment: dict[str, str]) -> tuple[str, float]:
    """(whether the thresholds were set, faults per array) in a fresh process."""
    out = subprocess.run([sys.executable, "-c", PROBE, mode], env=environment, check=True,
                         capture_output=True, text=True).stdout.split()
    return out[0], float(out[1])


@glibc_only
def test_restoring_the_thresholds_undoes_the_fixed_trim_threshold():
    plain = {key: value for key, value in os.environ.items() if not key.startswith("MALLOC_")}
    nanny_like = {**plain, "MALLOC_TRIM_THRESHOLD_": "65536"}
    assert _probe("leave", nanny_like)[1] > FRESH_MAPPING  # the problem, reproduced
    assert _probe("restore", nanny_like) == ("True", pytest.approx(0, abs=FRESH_MAPPING / 10))
    applied, faults = _probe("restore", plain)  # nothing fixed: nothing to undo
    assert applied == "False" and faults < FRESH_MAPPING / 10


@glibc_only
def test_a_dask_worker_evaluates_with_the_thresholds_restored(capsys, dataset):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        (variable,) = client.run(allocator_probe.trim_threshold_variable).values()
        (before,) = client.run(allocator_probe.page_faults_per_array).values()
        code = main(["--manifest", str(dataset), "--scheduler", cluster.scheduler_address])
        (after,) = client.run(allocator_probe.page_faults_per_array).values()
    capsys.readouterr()
    assert code == 0
    assert variable is not None and before > FRESH_MAPPING  # the nanny's setting, in effect
    assert after < FRESH_MAPPING / 10
