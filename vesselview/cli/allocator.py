"""glibc's allocator in a Dask worker: undo the fixed thresholds the nanny sets.

Dask's nanny starts its workers with ``MALLOC_TRIM_THRESHOLD_=65536``
(``distributed.nanny.pre-spawn-environ``). Setting any glibc malloc threshold turns
off glibc's dynamic thresholds, so the mmap threshold stays at its 128 KiB start: every
array above it (most of an evaluation's, from 150 KB at 584x565) is a fresh ``mmap``
whose pages fault in one by one and go back to the system when freed. An evaluation
then spends 4-5x the system CPU of the same work in a plain process (measured: 13-15 s
against 3 s for 400 cases at 2048²), and a Dask cluster ran slower than
``vesselview-eval --workers N``.

`restore_dynamic_thresholds` sets, once per process and only where the environment
fixed a threshold, what the dynamic rule reaches in a long run of large arrays: the
mmap threshold at its ceiling (32 MiB on 64-bit glibc) and the trim threshold at twice
that. Arrays up to 32 MiB are then reused from the heap; larger ones are still mapped
and unmapped, so a worker's memory still goes back to the system between cases.
Elsewhere (musl, macOS, Windows, or no threshold in the environment) it does nothing.
"""

from __future__ import annotations

import ctypes
import functools
import os
import sys

#: ``mallopt`` parameter numbers (glibc ``malloc.h``).
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
#: glibc's ceiling of the dynamic mmap threshold on 64-bit systems
#: (``DEFAULT_MMAP_THRESHOLD_MAX`` = 4 MiB * sizeof(long)), bytes.
MMAP_THRESHOLD = 32 * 1024 * 1024
#: The dynamic rule keeps the trim threshold at twice the mmap threshold, bytes.
TRIM_THRESHOLD = 2 * MMAP_THRESHOLD
#: Environment variables by which glibc fixes a threshold at start-up.
FIXING_VARIABLES = ("MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TOP_PAD_",
                    "MALLOC_MMAP_MAX_")


@functools.cache
def restore_dynamic_thresholds() -> bool:
    """Raise glibc's fixed malloc thresholds to the dynamic rule's ceiling, once.

    Returns
    -------
    bool
        Whether the thresholds were set: True only on glibc, in a process whose
        environment fixed one of them (`FIXING_VARIABLES`).
    """
    if not sys.platform.startswith("linux") or not any(
            name in os.environ for name in FIXING_VARIABLES):
        return False
    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
        libc.gnu_get_libc_version  # noqa: B018 - glibc only (musl has mallopt as a stub)
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
