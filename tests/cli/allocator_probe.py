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


def page_faults_per_array() -> float:
    """Minor page faults per allocation of a fresh 1 MB array, filled and freed.

    With glibc's fixed 128 KiB mmap threshold each array is a new mapping whose ~245
    pages all fault in; an array reused from the heap faults in none.
    """
    np.ones(ARRAY_BYTES, np.uint8)  # one untimed: the heap grows once
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(ARRAYS):
        np.ones(ARRAY_BYTES, np.uint8)
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / ARRAYS


def trim_threshold_variable() -> str | None:
    """This process's ``MALLOC_TRIM_THRESHOLD_`` (Dask's nanny sets it in its workers)."""
    return os.environ.get("MALLOC_TRIM_THRESHOLD_")


#: Bytes of each large probe array: above glibc's 32 MiB ceiling of the mmap threshold.
LARGE_ARRAY_BYTES = 64 * 1024 * 1024
LARGE_ARRAYS = 4


def page_faults_per_large_array(_item: object = None) -> float:
    """Minor page faults per allocation of a fresh 64 MiB array, filled and freed.

    Above the mmap threshold's ceiling glibc maps each such array afresh: its pages
    (16384 of 4 KiB, or 32 huge pages) fault in every time; kept in the heap, none do.
    ``_item`` lets a worker pool map it over items.
    """
    np.ones(LARGE_ARRAY_BYTES, np.uint8)  # one untimed: the heap grows once
    # this thread's faults only: a batch process loads the compiled kernels meanwhile
    before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
    for _ in range(LARGE_ARRAYS):
        np.ones(LARGE_ARRAY_BYTES, np.uint8)
    return (resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - before) / LARGE_ARRAYS
