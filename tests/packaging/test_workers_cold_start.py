"""A batch's worker processes start at once on a cold kernel cache (issue 28, item 1).

`vesselview.cli.pool.run_in_processes` starts the compile and its workers without
waiting for it: the workers follow the parent's compile (`kernels_warmup.
load_in_background`), take the no-compile path while it runs, even on images large
enough for the compiled kernels, and load the kernels once it is done.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINUX_ONLY = pytest.mark.skipif(sys.platform != "linux", reason="process ids via os.kill(0)")

#: Runs in each worker: what the kernel rule says there, for a 10 Mpx image.
WORKER_MODULE = """
from vesselview.engine import kernels_choice, kernels_warmup


def state(_item):
    return kernels_warmup.compiling(), kernels_choice.use_compiled(10_000_000)
"""
#: Two items in two workers on a cold cache; then the parent's compile state.
BATCH_ON_A_COLD_CACHE = """
import cold_worker
from vesselview.cli.pool import run_in_processes
from vesselview.engine import kernels_warmup

results = run_in_processes(cold_worker.state, [0, 1], 2, lambda: None)
print(len(kernels_warmup._compiling) > 0, *(value for pair in results for value in pair))
kernels_warmup.wait_for_kernels()
"""
#: A process following another one's compile: no-compile meanwhile, loads when complete.
FOLLOW_ANOTHER_COMPILE = """
import os
from vesselview.engine import compile_lock, kernels_cache, kernels_choice, kernels_warmup
from vesselview.engine.kernels_compile import marker_name
markers = kernels_cache.cache_dir() / f"compiled-{kernels_warmup._sources_digest()}"
assert compile_lock.claim(markers)
compile_lock.record(markers, [os.getppid()])  # the test process: alive
print(kernels_warmup.load_in_background(), kernels_warmup.compiling(),
      kernels_choice.use_compiled(10_000_000))
for kernel in kernels_warmup.KERNELS:  # that compile completes
    (markers / marker_name(kernel)).touch()
compile_lock.release(markers)
print(kernels_warmup.compiling(), kernels_warmup._loading_started)
"""


def run(script: str, folder: Path) -> subprocess.CompletedProcess:
    """``script`` in a fresh interpreter importing a cache-free copy of the package,
    with an empty kernel cache of its own."""
    import shutil

    source = folder / "src"
    shutil.copytree(ROOT / "vesselview", source / "vesselview",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    (source / "cold_worker.py").write_text(WORKER_MODULE)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("NUMBA_", "VESSELVIEW_"))}
    env.update(PYTHONPATH=str(source), NUMBA_CACHE_DIR=str(folder / "cache"))
    return subprocess.run([sys.executable, "-c", script], env=env, cwd=source,
                          capture_output=True, text=True, timeout=600)


@LINUX_ONLY
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core compiles nothing in parallel")
def test_workers_start_while_the_parent_compiles(tmp_path):
    batch = run(BATCH_ON_A_COLD_CACHE, tmp_path)
    assert batch.returncode == 0, batch.stderr
    # The parent started the compile; both workers ran during it, without the kernels.
    assert batch.stdout.split() == ["True", "True", "False", "True", "False"]


@LINUX_ONLY
def test_a_follower_takes_the_no_compile_path_then_loads_the_kernels(tmp_path):
    follow = run(FOLLOW_ANOTHER_COMPILE, tmp_path)
    assert follow.returncode == 0, follow.stderr
    assert follow.stdout.split() == ["False", "True", "False", "False", "True"]
