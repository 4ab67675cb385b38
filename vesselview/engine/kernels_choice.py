"""Compiled kernels or the exact no-compile path: the one rule that picks between them.

On the first start (an empty kernel cache) `kernels_warmup.start_compiling` compiles
every numba kernel in other processes, which takes seconds of CPU. Meanwhile each
kernel's caller runs an implementation that needs no compile (numpy and scipy, or the
kernel's own Python source for the short sequential passes) and gives identical
results (``tests/engine/test_no_compile.py`` checks each against the kernel). So the
first evaluation never waits for numba; later evaluations, and later starts, use the
compiled kernels.

Both paths read masks by their values, never by how they are stored: each kernel's
public function accepts bool arrays whose True bytes are not 1 (255 from Pillow's 1-bit
images), views, negative strides and Fortran order, making its own canonical copy
(`vesselview.engine.canonical`) where it reads bytes or needs C order, and never
changing the caller's array; ``tests/engine/test_no_compile.py`` feeds both paths such
arrays directly. The ``@kernel`` functions themselves are private and take the
C-contiguous arrays their callers make. A `Case` holds canonical arrays anyway.

`use_compiled` is the rule:

- ``VESSELVIEW_KERNELS=compiled`` or ``no-compile`` in the environment (or `forced`, for
  tests) picks one path always (``compiled`` waits for a compile this process started);
- otherwise it never waits for a compile: while one runs (on the first start, here or in
  another process), the no-compile path;
- otherwise the compiled kernels for an image above `SMALL_PIXELS` pixels, where one
  evaluation saves more than importing numba and loading the cached kernels costs;
- and for a smaller image only once this process has loaded them
  (`kernels_warmup.load_in_background`, which processes that evaluate again and again
  call: the window after its first result, a batch run of several pairs, its workers).
  So a single small evaluation never imports numba: a warm start costs what a cold one
  does.
"""

from __future__ import annotations

import os
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from vesselview.engine import kernels_warmup
from vesselview.engine.kernels_cache import is_kernel

#: The environment variable that forces one path: "compiled" or "no-compile".
MODE_ENV = "VESSELVIEW_KERNELS"
AUTO, COMPILED, NO_COMPILE = "auto", "compiled", "no-compile"
#: Images of more pixels than this use the compiled kernels once they are in the cache.
#: Measured in fresh processes (one API evaluation, warm cache, 2 shared cores at load
#: 11-19, CPU seconds compiled / no-compile): 1.83 / 1.33 at 584x565, 1.95 / 1.53 at
#: 800², 2.15 / 1.90 at 1000², 2.89 / 3.05 at 1448², 4.1 / 5.3 at 2048². Importing numba
#: and loading the cached kernels costs ~0.6 s of CPU once; the kernels save about that
#: in one evaluation near 2 Mpx. DRIVE, STARE and CHASE_DB1 stay below, FIVES and HRF above.
#: Since the no-compile path got cheaper (issue 28; load 13, medians of 3): 2.15 / 2.05 at
#: 2048², 3.05 / 4.51 at 3504x3390, so the crossover is nearer 4 Mpx; between the two sizes
#: both ways cost about the same, and the rule is kept.
SMALL_PIXELS = 1_500_000

_forced: str | None = None


def use_compiled(pixels: int) -> bool:
    """Whether a kernel's caller runs the compiled kernel on an image of ``pixels``.

    Waits for a compile this process started only when ``VESSELVIEW_KERNELS=compiled``
    forces the compiled kernels (the kernel then loads from the cache instead of
    compiling here); otherwise never waits.

    Parameters
    ----------
    pixels : int
        Pixels of the image the kernel works on.

    Raises
    ------
    ValueError
        For a ``VESSELVIEW_KERNELS`` that is none of the modes.
    """
    mode = _mode()
    if mode == NO_COMPILE:
        return False
    if mode == COMPILED:
        kernels_warmup.wait_for_kernels()
        return True
    if kernels_warmup.compiling():
        return False
    return pixels > SMALL_PIXELS or kernels_warmup.loaded()


@contextmanager
def forced(mode: str) -> Iterator[None]:
    """Pick ``mode`` ("compiled", "no-compile" or "auto") inside the ``with`` block."""
    global _forced
    if mode not in (AUTO, COMPILED, NO_COMPILE):
        raise ValueError(f"unknown kernel mode {mode!r}")
    before, _forced = _forced, mode
    try:
        yield
    finally:
        _forced = before


def python_function(kernel: Any) -> Callable[..., Any]:
    """The kernel's own source as a plain Python function, never compiled.

    The kernels it calls are replaced by their Python functions too (calling a
    kernel would compile it).
    """
    return _python_function(kernel)


@cache
def _python_function(kernel: Any) -> Callable[..., Any]:
    function = kernel.py_func
    namespace = dict(function.__globals__)
    for name in function.__code__.co_names:
        if is_kernel(namespace.get(name)):
            namespace[name] = _python_function(namespace[name])
    return types.FunctionType(function.__code__, namespace, function.__name__,
                              function.__defaults__, function.__closure__)


def _mode() -> str:
    mode = _forced or os.environ.get(MODE_ENV) or AUTO
    if mode not in (AUTO, COMPILED, NO_COMPILE):
        raise ValueError(f"{MODE_ENV}={mode!r} is not a kernel mode; use {COMPILED!r}, "
                         f"{NO_COMPILE!r} or unset it")
    return mode
