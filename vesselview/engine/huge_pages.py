"""Small pages for the arrays of an evaluation: numpy's transparent-huge-page advice is
turned off while the engine evaluates.

numpy asks Linux to back every array of 4 MiB or more with transparent huge pages
(``madvise(MADV_HUGEPAGE)``). With the kernel's default ``defrag`` setting (``madvise``),
a fault in such an array compacts memory until a free 2 MiB page exists, and zeroes it
whole. An evaluation allocates full-size arrays (distance maps, skeletons, label images)
and writes each once or a few times, so that wait is most of what their memory costs:
on the 2-core VM of our benchmarks, one full evaluation at 10000x10000 spent 6.0-6.2 s of
system CPU with numpy's advice and 2.2-2.3 s without it, for the same user CPU
(7.7-8.6 s), and the suite's time exponent from 2048² to 10000² went from 1.08 to 1.00
(``benchmarks/bench_scaling.py --allocator system``). The metric values do not depend on
the pages.

numpy has no public switch for this at run time, only its private
``_set_madvise_hugepage`` (numpy 1.19 and later; found by name, and without it nothing is
changed) and the environment variable ``NUMPY_MADVISE_HUGEPAGE``, read when numpy is
imported. A user who set that variable chose: then the engine leaves numpy's setting alone.
The previous setting is restored once no evaluation is running, so the rest of the
process keeps numpy's behaviour.
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


def small_pages() -> contextlib.AbstractContextManager[None]:
    """A context in which numpy does not advise huge pages for new arrays (see the module)."""
    return _ADVICE.off()

