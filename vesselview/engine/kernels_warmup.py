"""The first start: every kernel compiled at once, in parallel processes, into the cache.

numba compiles a kernel at its first call, one after the other and mostly in Python:
about 5 s of one core for all of them, once per installation. With a cold cache,
`start_compiling` shares the kernels out to fresh low-priority processes that compile
them into the on-disk cache (`vesselview.engine.kernels_cache`) at the same time, while
the caller goes on without them (`vesselview.engine.kernels_choice` picks the no-compile
path while `compiling`); `wait_for_kernels` waits for them, and the kernels then load
from the cache. The compiling processes (`vesselview.engine.kernels_compile`) mark each
kernel done with an empty file in a folder named after these exact kernel sources, so
later starts skip all of this at the cost of a few ``stat`` calls, even when the process
that started them has exited. Only one process compiles at a time
(`vesselview.engine.compile_lock`): one started meanwhile takes the no-compile path until
the markers are complete.

`vesselview.engine.kernels_list` names every kernel and the argument types a full
evaluation calls it with (binary and probability-map candidates, every layer);
``tests/packaging`` checks it against the kernels an evaluation actually compiles.
"""

from __future__ import annotations

import atexit
import hashlib
import importlib
import importlib.util
import multiprocessing
import os
import subprocess
import sys
import threading
import warnings
from pathlib import Path
from typing import Any

from vesselview.engine import compile_lock, kernels_cache, kernels_compile, kernels_list
from vesselview.engine.kernels_compile import all_marked, start_processes
from vesselview.engine.kernels_list import KERNELS, signatures

_lock = threading.Lock()
_loading = threading.Lock()
_exiting = threading.Event()
#: Set once every kernel is loaded into this process (`loaded`).
_loaded = threading.Event()
_checked = False
_loading_started = False
#: Load the kernels once the compile another process runs is done (`load_in_background`).
_load_wanted = False
_compiling: list[subprocess.Popen[str]] = []
#: The markers folder of a compile another process runs (at most one entry).
_elsewhere: list[Path] = []


def start_compiling(processes: int | None = None) -> bool:
    """Start compiling every kernel into the on-disk cache in parallel; do not wait.

    Does nothing (returns False) when the markers say the cache is complete, when the
    cache is in memory only, in a worker process (its parent compiles), on a single core
    (nothing to gain), or after the first call in this process. In a frozen program (the
    bundle) the compiling processes are the program itself, started again with
    `COMPILE_ENV` set (`vesselview.engine.kernels_compile`; its entry script calls
    `compile_if_asked` first). Until
    `compiling` says they are done, run no kernel: `vesselview.engine.kernels_choice.
    use_compiled` picks the no-compile path, or calls `wait_for_kernels` first.

    Parameters
    ----------
    processes : int, optional
        Compiling processes; default one per CPU core.

    Returns
    -------
    bool
        Whether this call started compiling.
    """
    global _checked
    cores = os.cpu_count() or 1
    with _lock:
        if (_checked or not kernels_cache.CACHING or multiprocessing.parent_process()
                or (processes or cores) < 2):
            return False
        _checked = True
        markers = kernels_cache.cache_dir() / f"compiled-{_sources_digest()}"
        if all_marked(markers):
            return False
        try:
            if not compile_lock.claim(markers):  # another process compiles them now
                _elsewhere.append(markers)
                return False
            _compiling.extend(start_processes(processes or cores, markers))
            compile_lock.record(markers, [child.pid for child in _compiling])
        except OSError as error:
            warnings.warn(f"vesselview: cannot start compiling the kernels in parallel "
                          f"({error}); they compile at first use", RuntimeWarning, stacklevel=2)
            return False
        _start_loading(_load_when_compiled)
        return True


def load_in_background() -> bool:
    """Load every kernel from a complete cache in a background thread; do not wait.

    For a process that evaluates again and again (the window after its first result, a
    batch run, its workers): once `loaded`, `vesselview.engine.kernels_choice` runs the
    compiled kernels at every image size. Does nothing (returns False) when the cache
    is in memory only, or after the first call in this process. When the cache is not
    complete, returns False too: a compile this process started loads them when it is
    done; one another process runs (the parent of a batch's worker) is followed, so that
    `compiling` is True here until it is done and the kernels load then.
    """
    global _load_wanted
    with _lock:
        if _loading_started or _compiling or not kernels_cache.CACHING:
            return False
        markers = kernels_cache.cache_dir() / f"compiled-{_sources_digest()}"
        if not all_marked(markers):
            if not _elsewhere and compile_lock.held(markers):
                _elsewhere.append(markers)
                _load_wanted = True
            return False
        _start_loading(_load_every_kernel)
        return True


def loaded() -> bool:
    """Whether every kernel is loaded into this process (from the cache); never waits."""
    return _loaded.is_set()


def _start_loading(target: Any) -> None:
    """Run ``target`` (it loads the kernels) in a daemon thread; call with `_lock` held."""
    global _loading_started
    _loading_started = True
    threading.Thread(target=target, name="vesselview-kernels", daemon=True).start()


def wait_for_kernels() -> None:
    """Wait until the compiling processes `start_compiling` started are done.

    Thread-safe and cheap once they are. When one failed, the kernels compile at first
    use instead, after a warning.
    """
    with _lock:
        if not _compiling:
            return
        failures = [child.communicate()[1] for child in _compiling]
        failed = [(child, failure) for child, failure in zip(_compiling, failures, strict=True)
                  if child.returncode != 0]
        _compiling.clear()
        if failed:
            child, failure = failed[0]
            reason = (failure.strip().splitlines()[-1] if failure.strip()
                      else f"exit status {child.returncode}")
            warnings.warn(f"vesselview: compiling the kernels in parallel failed ({reason}); "
                          "they compile at first use instead", RuntimeWarning, stacklevel=2)


def _load_when_compiled() -> None:
    """Wait for the compiling processes, then load every kernel from the cache, so that
    the first evaluation after the compile (a slider moved in the inspector, the next
    case of a batch) does not pay for it (numba's import and the loading, ~0.5 s).

    Kernel by kernel, and never once the interpreter exits (`_stop_loading`): a daemon
    thread stopped inside numba's compiler could crash the exit.
    """
    for child in list(_compiling):
        child.wait()
    wait_for_kernels()
    _load_every_kernel()


def _load_every_kernel() -> None:
    """Load every kernel from the cache, kernel by kernel, then set `loaded`."""
    for module, name in KERNELS:
        with _loading:
            if _exiting.is_set():
                return
            kernel = getattr(importlib.import_module(module), name)
            for signature in signatures()[module, name]:
                kernel.compile(signature)
    _loaded.set()


@atexit.register
def _stop_loading() -> None:
    """At exit: let `_load_when_compiled` finish the kernel it loads, and no other."""
    _exiting.set()
    with _loading:
        pass


def compiling() -> bool:
    """Whether the processes `start_compiling` started, or those another process started
    into the same cache (`vesselview.engine.compile_lock`), still run; never waits.

    Once they are all done, finishes like `wait_for_kernels` (a warning if one failed)
    and returns False from then on; the kernels then load in the background when
    `load_in_background` followed that compile.
    """
    global _load_wanted
    with _lock:
        running = any(child.poll() is None for child in _compiling)
        if _elsewhere and (all_marked(_elsewhere[0]) or not compile_lock.held(_elsewhere[0])):
            if _load_wanted and all_marked(_elsewhere[0]) and not _loading_started:
                _start_loading(_load_every_kernel)
            _load_wanted = False
            _elsewhere.clear()
        running = running or bool(_elsewhere)
    if not running:
        wait_for_kernels()
    return running


def compile_kernels(processes: int | None = None) -> bool:
    """`start_compiling`, then `wait_for_kernels`; whether this call compiled them."""
    started = start_compiling(processes)
    wait_for_kernels()
    return started


def _sources_digest() -> str:
    """Hash of the kernel sources (paths and contents), this module's, the compiling
    processes' (`vesselview.engine.kernels_compile`), the signatures', the cache folder
    (numba's version) and Python's version."""
    digest = hashlib.sha256(Path(__file__).read_bytes())
    digest.update(Path(kernels_compile.__file__).read_bytes())
    digest.update(Path(kernels_list.__file__).read_bytes())
    digest.update(f"{kernels_cache.cache_dir()} {sys.version}".encode())
    for module in sorted({module for module, _ in KERNELS}):
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.origin is not None:
            # numba files its cache by the source's folder and stamps it with the content
            digest.update(spec.origin.encode())
            digest.update(Path(spec.origin).read_bytes())
    return digest.hexdigest()[:16]
