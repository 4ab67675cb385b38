"""glibc's allocator in the processes that evaluate a batch of cases.

Two settings, both glibc only (elsewhere, musl, macOS or Windows, they do nothing):

`keep_freed_memory`, in every process of a local batch run (``--workers`` or serial,
one pair or many, `vesselview.cli.runner`): glibc hands each array above its mmap
threshold (at most 32 MiB) its own ``mmap`` and returns it to the system when freed, so
every full-size array of a large image is fresh memory whose pages the kernel zeroes as
they fault in, array after array. On the virtual machine of our benchmarks this cost
1.5-2.5 s of system CPU per GB of fresh memory with numpy's huge-page advice and 0.6 s
without it (`vesselview.engine.huge_pages`): at 10000² the reason the evaluation's time
grew faster than its pixel count (`benchmarks/bench_scaling.py`: time exponent 1.08
from 2048², about 1 with small pages, 0.93 with the setting as well). A run of one
6000x6000 pair spent 0.5-0.6 s of system CPU instead of 1.2-1.5 s (wall 4.7-6.2 s
against 6.1-7.3 s, runs overlapping), for a peak of 1.17 GB instead of 1.08 GB. The
setting serves every allocation of the main thread (where a batch evaluates) from the
heap and never gives freed memory back, so the next case reuses the pages of the last;
other threads' arrays above 64 MiB are still mapped afresh. A batch process keeps the
memory of its largest case until it exits, which it would have needed again anyway; for
pairs of one size its peak stays the same (1.16-1.17 GB either way for four 6000x6000
pairs); six pairs of mixed sizes (2048² to 6000²) peaked at 1.17 GB too.

`restore_dynamic_thresholds`, in a Dask worker: Dask's nanny starts its workers with
``MALLOC_TRIM_THRESHOLD_=65536`` (``distributed.nanny.pre-spawn-environ``). Setting any
glibc malloc threshold turns off glibc's dynamic thresholds, so the mmap threshold stays
at its 128 KiB start: every array above it (most of an evaluation's, from 150 KB at
584x565) is a fresh ``mmap``. An evaluation then spent 4-5x the system CPU of the same
work in a plain process (13-15 s against 3 s for 400 cases at 2048²). The setting is
what the dynamic rule reaches in a long run of large arrays: the mmap threshold at its
ceiling (32 MiB) and the trim threshold at twice that. A worker's larger arrays still go
back to the system between cases, which Dask's memory monitor expects.
"""

from __future__ import annotations

import ctypes
import functools
import os
import sys
from typing import Any

#: ``mallopt`` parameter numbers (glibc ``malloc.h``).
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
M_MMAP_MAX = -4
#: glibc's ceiling of the dynamic mmap threshold on 64-bit systems
#: (``DEFAULT_MMAP_THRESHOLD_MAX`` = 4 MiB * sizeof(long)), bytes.
MMAP_THRESHOLD = 32 * 1024 * 1024
#: The dynamic rule keeps the trim threshold at twice the mmap threshold, bytes.
TRIM_THRESHOLD = 2 * MMAP_THRESHOLD
#: ``M_TRIM_THRESHOLD`` value that turns trimming off (``mallopt(3)``).
NEVER_TRIM = -1
#: Environment variables by which glibc fixes a threshold at start-up.
FIXING_VARIABLES = ("MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TOP_PAD_",
                    "MALLOC_MMAP_MAX_")


def _glibc_mallopt() -> Any | None:
    """glibc's ``mallopt``, or None off glibc."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
        libc.gnu_get_libc_version  # noqa: B018 - glibc only (musl has mallopt as a stub)
    except (OSError, AttributeError):
        return None
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return mallopt


@functools.cache
def keep_freed_memory() -> bool:
    """Serve every allocation from the heap and keep freed memory for the next, once.

    Returns
    -------
    bool
        Whether it was set: True only on glibc.
    """
    mallopt = _glibc_mallopt()
    return mallopt is not None and bool(mallopt(M_MMAP_MAX, 0)) and bool(
        mallopt(M_TRIM_THRESHOLD, NEVER_TRIM))


@functools.cache
def restore_dynamic_thresholds() -> bool:
    """Raise glibc's fixed malloc thresholds to the dynamic rule's ceiling, once.

    Returns
    -------
    bool
        Whether the thresholds were set: True only on glibc, in a process whose
        environment fixed one of them (`FIXING_VARIABLES`).
    """
    if not any(name in os.environ for name in FIXING_VARIABLES):
        return False
    mallopt = _glibc_mallopt()
    return mallopt is not None and bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
