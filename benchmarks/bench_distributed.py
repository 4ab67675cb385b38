"""Distributed benchmark (issue 28, item 4): cases/s of local workers and of a Dask cluster.

Writes ``--cases`` synthetic pairs (PNG files and a manifest, ``--shape`` pixels) and
runs ``vesselview-eval --manifest`` (in this process: `vesselview.cli.main.main`) with
``--workers N`` and with ``--scheduler`` on a Dask ``LocalCluster`` of N single-threaded
worker processes (nanny included, as ``dask worker`` starts them), for N = 1, 2 and the
number of cores. Each is run once untimed (kernels, file cache, the cluster's workers
loading vesselview), then timed; ``--workers N`` starts its processes in the timed run,
as a user's run does, while the cluster is already up.

For the cluster the user and system CPU seconds its workers spent in the timed run are
printed too: Dask's nanny sets ``MALLOC_TRIM_THRESHOLD_=65536``, which pins glibc's mmap
threshold and used to cost 4-5x the system CPU; each vesselview task now restores the
dynamic thresholds (`vesselview.cli.allocator`). ``--before`` adds a cluster run whose
tasks skip that (plain `evaluate_pair`), to show the difference.

Target (issue 28): a Dask cluster of N workers within 1.1x of ``--workers N``.

Usage: ``python benchmarks/bench_distributed.py [--cases 40] [--shape 1024x1024]
[--workers 1,2,4] [--before]``
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_throughput import write_cases
from dask.distributed import Client, LocalCluster

from vesselview.cli import runner
from vesselview.cli.main import main as cli_main
from vesselview.io.pair_evaluation import evaluate_pair


def run_cli(*argv: str) -> None:
    """``vesselview-eval`` in this process, its output dropped."""
    errors = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(errors):
        code = cli_main(list(argv))
    if code != 0:
        raise SystemExit(f"vesselview-eval {' '.join(argv)} exited {code}:\n{errors.getvalue()}")


def seconds(action: Callable[[], object]) -> float:
    """Wall seconds of one call of ``action``."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def own_cpu() -> tuple[float, float]:
    """(user, system) CPU seconds of this process and its finished children."""
    mine, children = (resource.getrusage(who) for who in
                      (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return mine.ru_utime + children.ru_utime, mine.ru_stime + children.ru_stime


def locally(manifest: Path, workers: int) -> tuple[float, float, float]:
    """Wall seconds of a timed ``--workers`` run and its (user, system) CPU seconds."""
    argv = ("--manifest", str(manifest), "--workers", str(workers))
    run_cli(*argv)
    before = own_cpu()
    wall = seconds(lambda: run_cli(*argv))
    after = own_cpu()
    return wall, after[0] - before[0], after[1] - before[1]


def worker_cpu() -> tuple[float, float]:
    """This process's (user, system) CPU seconds; runs inside each Dask worker."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime


@contextlib.contextmanager
def cluster_of(workers: int) -> Iterator[tuple[str, Client]]:
    """A LocalCluster of ``workers`` single-threaded worker processes and a client."""
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield cluster.scheduler_address, client


def on_cluster(manifest: Path, workers: int, tasks_restore: bool) -> tuple[float, float, float]:
    """Wall seconds of a timed ``--scheduler`` run and its workers' (user, system) CPU
    seconds (this process's, which only sends the tasks and writes, left out)."""
    patch = contextlib.nullcontext() if tasks_restore else \
        mock.patch.object(runner, "evaluate_on_dask_worker", evaluate_pair)
    with cluster_of(workers) as (address, client), patch:
        run_cli("--manifest", str(manifest), "--scheduler", address)
        before = client.run(worker_cpu)
        wall = seconds(lambda: run_cli("--manifest", str(manifest), "--scheduler", address))
        after = client.run(worker_cpu)
    user, system = (sum(after[w][kind] - before[w][kind] for w in after) for kind in (0, 1))
    return wall, user, system


def main() -> None:
    """Write the cases, then time each number of workers both ways."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=40)
    parser.add_argument("--shape", default="1024x1024")
    parser.add_argument("--workers", default=f"1,2,{os.cpu_count()}")
    parser.add_argument("--before", action="store_true",
                        help="also run the cluster with the nanny's allocator settings")
    args = parser.parse_args()
    rows, cols = (int(v) for v in args.shape.split("x"))
    counts = sorted({int(v) for v in args.workers.split(",")})
    with tempfile.TemporaryDirectory() as scratch:
        manifest = write_cases(Path(scratch), args.cases, (rows, cols))
        print(f"{args.cases} cases of {rows}x{cols}, all metrics "
              f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):", flush=True)
        for workers in counts:
            wall, user, system = locally(manifest, workers)
            print(f"  {f'--workers {workers}':<28} {args.cases / wall:6.2f} cases/s"
                  f"{'':<48}cpu user {user:5.1f} s, system {system:4.1f} s", flush=True)
            variants = [("Dask", True)] + ([("Dask, nanny's malloc", False)]
                                           if args.before else [])
            for label, restore in variants:
                dask_wall, user, system = on_cluster(manifest, workers, restore)
                verdict = "ok" if dask_wall <= 1.1 * wall else "MISSED"
                print(f"  {f'{label}, {workers} workers':<28} {args.cases / dask_wall:6.2f} "
                      f"cases/s  {dask_wall / wall:5.2f}x the time (target <= 1.1x: {verdict:<6}) "
                      f"cpu user {user:5.1f} s, system {system:4.1f} s", flush=True)
        print(f"  load average at the end {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
