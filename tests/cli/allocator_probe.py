"""A probe that runs inside worker processes (travels by name): how the allocator behaves."""

from __future__ import annotations

import os
import platform
import resource

import numpy as np

#: Whether this Python runs on glibc, whose malloc settings the allocator tests check
#: (``os.confstr`` raises on musl rather than answering None).
GLIBC = platform.libc_ver()[0] == "glibc"
#: Bytes of each probe array: above glibc's 128 KiB starting mmap threshold.
ARRAY_BYTES = 1_000_000
ARRAYS = 100


def page_faults_per_array(array_bytes: int = ARRAY_BYTES, arrays: int = ARRAYS,
                          who: int = resource.RUSAGE_SELF) -> float:
    """Minor page faults per allocation of a fresh array, filled and freed (1 MB by default).

    With glibc's fixed 128 KiB mmap threshold each 1 MB array is a new mapping whose ~245
    pages all fault in; an array reused from the heap faults in none. ``who`` counts the
    faults of the process (`resource.RUSAGE_SELF`) or of this thread only.
    """
    np.ones(array_bytes, np.uint8)  # one untimed: the heap grows once
    before = resource.getrusage(who).ru_minflt
    for _ in range(arrays):
        np.ones(array_bytes, np.uint8)
    return (resource.getrusage(who).ru_minflt - before) / arrays


def trim_threshold_variable() -> str | None:
    """This process's ``MALLOC_TRIM_THRESHOLD_`` (Dask's nanny sets it in its workers)."""
    return os.environ.get("MALLOC_TRIM_THRESHOLD_")


#: Bytes of each large probe array: above glibc's 32 MiB ceiling of the mmap threshold.
LARGE_ARRAY_BYTES = 64 * 1024 * 1024
LARGE_ARRAYS = 4


def page_faults_per_large_array(_item: object = None) -> float:
    """`page_faults_per_array` of 64 MiB arrays, this thread's faults only (a batch
    process loads the compiled kernels meanwhile).

    Above the mmap threshold's ceiling glibc maps each such array afresh: its pages
    (16384 of 4 KiB, or 32 huge pages) fault in every time; kept in the heap, none do.
    ``_item`` lets a worker pool map it over items.
    """
    return page_faults_per_array(LARGE_ARRAY_BYTES, LARGE_ARRAYS, resource.RUSAGE_THREAD)
