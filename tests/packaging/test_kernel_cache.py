"""Where compiled kernels are cached (vesselview.engine.kernels_cache).

The rule: ``NUMBA_CACHE_DIR`` if the user set it, else the user's cache folder per numba
version (per executable in a frozen bundle); never the installed package. An unwritable
folder compiles in memory after exactly one warning. The subprocess tests run a copy of
the package, so a cache written beside its sources would show.
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from vesselview.engine import kernels_cache

ROOT = Path(__file__).resolve().parents[2]
NUMBA = importlib.metadata.version("numba")
#: Compiles and runs two small kernels (the distance transform's two passes).
RUN_A_KERNEL = """
import numpy as np
from vesselview.engine import kernels_cache
from vesselview.engine.edt import euclidean_distance_to
mask = np.zeros((4, 4), bool)
mask[0, 0] = True
print(kernels_cache.CACHING, euclidean_distance_to(mask)[3, 0])
"""


LINUX_ONLY = pytest.mark.skipif(sys.platform != "linux", reason="XDG_CACHE_HOME is Linux's")


@LINUX_ONLY
def test_default_folder_is_the_user_cache_per_numba_version(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    expected = tmp_path / "vesselview" / "numba" / NUMBA
    assert kernels_cache.default_cache_dir() == expected
    assert kernels_cache.cache_dir({}) == expected


@LINUX_ONLY
def test_a_frozen_program_caches_per_executable(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "bundle" / "vesselview-eval"))
    assert kernels_cache.default_cache_dir() == (
        tmp_path / "vesselview" / "numba" / NUMBA / "vesselview-eval")


def test_the_users_numba_cache_dir_wins(tmp_path):
    assert kernels_cache.cache_dir({"NUMBA_CACHE_DIR": str(tmp_path / "mine")}) == (
        tmp_path / "mine")


def test_writable_folder_is_created_and_an_unusable_one_explained(tmp_path):
    assert kernels_cache.writable_folder(tmp_path / "new" / "folder") is None
    assert (tmp_path / "new" / "folder").is_dir()
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert kernels_cache.writable_folder(blocker / "below") == "Not a directory"


@pytest.fixture
def package_copy(tmp_path) -> Path:
    """A copy of the vesselview sources without any cache files."""
    shutil.copytree(ROOT / "vesselview", tmp_path / "src" / "vesselview",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    return tmp_path / "src"


def run_kernel(source: Path, **env: str) -> subprocess.CompletedProcess:
    """`RUN_A_KERNEL` in a fresh interpreter importing ``source``, warnings shown."""
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("NUMBA_", "VESSELVIEW_"))}
    # forced: so small an image takes the no-compile path by default
    environment.update(PYTHONPATH=str(source), PYTHONWARNINGS="default",
                       VESSELVIEW_KERNELS="compiled", **env)
    return subprocess.run([sys.executable, "-c", RUN_A_KERNEL], env=environment, cwd=source,
                          capture_output=True, text=True, timeout=300)


def cache_files(folder: Path) -> list[Path]:
    return [*folder.rglob("*.nbi"), *folder.rglob("*.nbc")]


@LINUX_ONLY
def test_kernels_are_cached_in_the_user_cache_not_the_package(package_copy, tmp_path):
    result = run_kernel(package_copy, XDG_CACHE_HOME=str(tmp_path / "cache"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "3.0"]
    assert cache_files(tmp_path / "cache" / "vesselview" / "numba" / NUMBA)
    assert not cache_files(package_copy)
    assert "Warning" not in result.stderr


def test_an_unwritable_cache_compiles_in_memory_with_one_warning(package_copy, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")  # nothing can be created below a file
    result = run_kernel(package_copy, XDG_CACHE_HOME=str(blocker), HOME=str(blocker))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "3.0"]
    warnings = [line for line in result.stderr.splitlines() if "Warning" in line]
    assert len(warnings) == 1, result.stderr
    assert "cannot write the kernel cache" in warnings[0]
    assert "NUMBA_CACHE_DIR" in warnings[0]
    assert not cache_files(package_copy)
    assert not cache_files(blocker.parent)


def test_an_unwritable_numba_cache_dir_of_the_user_falls_back_too(package_copy, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    result = run_kernel(package_copy, NUMBA_CACHE_DIR=str(blocker / "cache"),
                        XDG_CACHE_HOME=str(tmp_path / "cache"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "3.0"]
    assert result.stderr.count("cannot write the kernel cache") == 1
    assert not cache_files(tmp_path)


#: A cold start: compile in parallel, then evaluate a binary and a soft case, every layer.
COLD_START = """
import sys
from numba.core.registry import CPUDispatcher
import vesselview as vv
from vesselview.engine import kernels_warmup
from vesselview.synth import demo_case

print(kernels_warmup.compile_kernels(processes=2))
for soft in (False, True):
    result = vv.Evaluator(demo_case(shape=(96, 96), soft=soft)).evaluate(vv.Params())
    for name in result.layers:
        result.layers[name]
for module in [m for m in sys.modules if m.startswith("vesselview")]:
    for name, kernel in vars(sys.modules[module]).items():
        if isinstance(kernel, CPUDispatcher) and kernel.__module__ == module:
            for signature in kernel.signatures:
                hit = kernel.stats.cache_hits[signature] > 0
                print(module, name, repr(signature), hit)
"""


def test_a_cold_start_compiles_every_kernel_an_evaluation_needs_in_parallel(
        package_copy, tmp_path):
    from vesselview.engine.kernels_warmup import signatures

    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("NUMBA_", "VESSELVIEW_"))}
    # The compiled kernels at this small size too (by default it takes the no-compile
    # path): any signature the list misses is compiled here, and shows.
    env.update(PYTHONPATH=str(package_copy), NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               VESSELVIEW_KERNELS="compiled")
    result = subprocess.run([sys.executable, "-c", COLD_START], env=env, cwd=package_copy,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    first, *compiled = result.stdout.splitlines()
    assert first == "True"
    # Exactly the listed signatures, each loaded from the cache the helpers wrote.
    expected = {(module, name, repr(signature))
                for (module, name), listed in signatures().items()
                for signature in listed}
    assert {tuple(line.rsplit(" ", 1)[0].split(" ", 2)) for line in compiled} == expected
    assert all(line.endswith(" True") for line in compiled), compiled
    assert list((tmp_path / "cache").glob("compiled-*"))
    again = subprocess.run([sys.executable, "-c", COLD_START.split("for soft")[0]], env=env,
                           cwd=package_copy, capture_output=True, text=True, timeout=600)
    assert again.stdout.split() == ["False"]


#: A first evaluation on an empty cache: which kernels this process compiled or loaded.
EVALUATE_COLD = """
import sys
from numba.core.registry import CPUDispatcher
import vesselview as vv
from vesselview.engine import kernels_warmup
from vesselview.synth import demo_case

result = vv.Evaluator(demo_case(shape=(96, 96))).evaluate(vv.Params())
for name in result.layers:
    result.layers[name]
still_compiling = kernels_warmup.compiling()
used = [name for module in list(sys.modules) if module.startswith("vesselview")
        for name, kernel in vars(sys.modules[module]).items()
        if isinstance(kernel, CPUDispatcher) and kernel.signatures]
kernels_warmup.wait_for_kernels()
print(still_compiling, len(used))
"""


def test_a_cold_start_evaluates_without_waiting_for_the_compile(package_copy, tmp_path):
    from vesselview.engine.kernels_warmup import KERNELS

    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("NUMBA_", "VESSELVIEW_"))}
    env.update(PYTHONPATH=str(package_copy), NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    cold = subprocess.run([sys.executable, "-c", EVALUATE_COLD], env=env, cwd=package_copy,
                          capture_output=True, text=True, timeout=600)
    assert cold.returncode == 0, cold.stderr
    # The evaluation finished while the kernels were still compiling, and used none.
    assert cold.stdout.split() == ["True", "0"]
    # The compiling processes marked every kernel done.
    markers = {path.name for path in (tmp_path / "cache").glob("compiled-*/*")}
    assert markers == {f"{module}.{name}" for module, name in KERNELS}
    warm = subprocess.run([sys.executable, "-c", EVALUATE_COLD], env=env, cwd=package_copy,
                          capture_output=True, text=True, timeout=600)
    assert warm.returncode == 0, warm.stderr
    # Warm, one small evaluation still runs none: loading them would cost more than
    # they save (`kernels_choice.SMALL_PIXELS`), so a warm start costs what a cold one does.
    assert warm.stdout.split() == ["False", "0"]
    loaded = subprocess.run([sys.executable, "-c", LOAD_IN_BACKGROUND], env=env,
                            cwd=package_copy, capture_output=True, text=True, timeout=600)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.split() == ["False", "True", "False", "True"]


#: A process that evaluates again and again loads the kernels meanwhile, then uses them
#: at every size; it loads them once.
LOAD_IN_BACKGROUND = """
import time
from vesselview.engine import kernels_choice, kernels_warmup

before = kernels_choice.use_compiled(1)
started = kernels_warmup.load_in_background()
while not kernels_warmup.loaded():
    time.sleep(0.01)
print(before, started, kernels_warmup.load_in_background(), kernels_choice.use_compiled(1))
"""


#: A frozen program's first start: the compiling processes are the program itself.
FROZEN_START = """
import sys
sys.frozen = True
sys.executable = sys.argv[1]
from vesselview.engine import kernels_warmup
print(kernels_warmup.start_compiling(processes=2))
kernels_warmup.wait_for_kernels()
"""


@LINUX_ONLY
def test_a_frozen_program_compiles_by_starting_itself_again(package_copy, tmp_path):
    from vesselview.engine.kernels_warmup import KERNELS

    program = tmp_path / "vesselview-bundle"  # stands for the bundle's executable
    program.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m vesselview "$@"\n')
    program.chmod(0o755)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("NUMBA_", "VESSELVIEW_"))}
    env.update(PYTHONPATH=str(package_copy), NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    started = subprocess.run([sys.executable, "-c", FROZEN_START, str(program)], env=env,
                             cwd=package_copy, capture_output=True, text=True, timeout=600)
    assert started.returncode == 0, started.stderr
    assert started.stdout.split() == ["True"]
    assert "Warning" not in started.stderr
    markers = {path.name for path in (tmp_path / "cache").glob("compiled-*/*")}
    assert markers == {f"{module}.{name}" for module, name in KERNELS}


#: A start while another process compiles into the same cache: it compiles nothing itself
#: and takes the no-compile path until that compile is over.
START_WHILE_ANOTHER_COMPILES = """
import os
from vesselview.engine import compile_lock, kernels_cache, kernels_warmup
markers = kernels_cache.cache_dir() / f"compiled-{kernels_warmup._sources_digest()}"
assert compile_lock.claim(markers)
compile_lock.record(markers, [os.getppid()])  # the test process: alive
print(kernels_warmup.start_compiling(processes=2), kernels_warmup.compiling(),
      len(kernels_warmup._compiling))
(markers / compile_lock.LOCK_NAME).unlink()  # that compile died without finishing
print(kernels_warmup.compiling())
"""


def test_a_start_while_another_process_compiles_starts_no_compile(package_copy, tmp_path):
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("NUMBA_", "VESSELVIEW_"))}
    env.update(PYTHONPATH=str(package_copy), NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    run = subprocess.run([sys.executable, "-c", START_WHILE_ANOTHER_COMPILES], env=env,
                         cwd=package_copy, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["False", "True", "0", "False"]
