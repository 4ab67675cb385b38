"""Small pages for the arrays of a large evaluation: numpy's transparent-huge-page advice
is turned off while the engine computes on a case of `SMALL_PAGES_FROM` pixels or more.

numpy asks Linux to back every array of 4 MiB or more with transparent huge pages
(``madvise(MADV_HUGEPAGE)``). With the kernel's default ``defrag`` setting (``madvise``),
a fault in such an array compacts memory until a free 2 MiB page exists, and zeroes it
whole. An evaluation allocates full-size arrays (distance maps, skeletons, label images)
and writes each once or a few times. On the 2-core VM of our benchmarks, with glibc's
default allocator:

- one fresh-process evaluation at 10000x10000 spent 6.0-6.2 s of system CPU with numpy's
  advice and 2.2-2.3 s without it, for the same user CPU (7.7-8.6 s): 13.0-13.7 s of
  wall time against 9.0-9.2 s;
- in a warm process (``benchmarks/bench_scaling.py``, the fastest of three evaluations,
  alternating runs), the advice no longer cost anything at 6000x6000 (4.04 and 5.09 s of
  CPU with it, 4.01 and 4.28 s without), and below that it saved a little: 1.45-1.62 s
  against 1.59-1.69 s at 4096x4096, 0.39 s against 0.41-0.43 s at 2048x2048, because
  huge pages freed by the evaluation before are at hand again.

So the advice is turned off from 25 Mpx (between 4096² and 6000²) only; smaller cases,
DRIVE to HRF size, keep numpy's behaviour. The metric values do not depend on the pages.

numpy has no public switch for this at run time, only its private
``_set_madvise_hugepage`` (numpy 1.19 and later; found by name, and without it nothing is
changed: ``tests/engine/test_huge_page_advice.py`` fails on Linux then) and the
environment variable ``NUMPY_MADVISE_HUGEPAGE``, read when numpy is imported. A user who
set that variable chose: then the engine leaves numpy's setting alone. The setting is
process-wide: while a large evaluation runs, every thread's new arrays get small pages.
The setting from before is restored once no large evaluation is running.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import threading
from collections.abc import Callable, Iterator
from typing import cast

#: Set by the user: numpy's advice is then theirs, and the engine does not touch it.
USER_CHOICE = "NUMPY_MADVISE_HUGEPAGE"
#: Cases of at least this many pixels are evaluated with small pages (see the module).
SMALL_PAGES_FROM = 25_000_000


def _numpy_setter() -> Callable[[bool], bool] | None:
    """numpy's ``_set_madvise_hugepage`` (returns the previous setting), or None."""
    for module in ("numpy._core.multiarray", "numpy.core.multiarray"):  # numpy 2, numpy 1
        try:
            setter = getattr(importlib.import_module(module), "_set_madvise_hugepage", None)
        except ImportError:
            continue
        if setter is not None:
            return cast(Callable[[bool], bool], setter)
    return None


class _Advice:
    """numpy's huge-page advice, off while at least one evaluation runs (any thread)."""

    def __init__(self) -> None:
        self._set = None if USER_CHOICE in os.environ else _numpy_setter()
        self._lock = threading.Lock()
        self._running = 0
        self._before = True

    @contextlib.contextmanager
    def off(self) -> Iterator[None]:
        """Turn the advice off for the ``with`` block (nested and concurrent blocks count)."""
        if self._set is None:
            yield
            return
        with self._lock:
            if self._running == 0:
                self._before = self._set(False)
            self._running += 1
        try:
            yield
        finally:
            with self._lock:
                self._running -= 1
                if self._running == 0:
                    self._set(self._before)


_ADVICE = _Advice()


def small_pages(pixels: int) -> contextlib.AbstractContextManager[None]:
    """A context in which numpy does not advise huge pages for new arrays, when the case
    has ``pixels`` >= `SMALL_PAGES_FROM` (see the module); else one that changes nothing."""
    return _ADVICE.off() if pixels >= SMALL_PAGES_FROM else contextlib.nullcontext()
