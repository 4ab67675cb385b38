"""A probe that runs inside worker processes (travels by name): how the allocator behaves."""

from __future__ import annotations

import os
import resource

import numpy as np

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
