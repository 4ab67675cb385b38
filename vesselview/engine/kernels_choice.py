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
  tests) picks one path always;
- otherwise the compiled kernels, unless the compile this process started is still
  running and the image has at most `LARGE_PIXELS` pixels; above that the no-compile
  path would take longer than waiting for the compile.
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
#: Images larger than this (pixels) wait for the compiled kernels. Measured on 2 cores:
#: a whole evaluation without compiling costs 2-4x the compiled one (scipy's distance
#: transform is most of it), ~1 s more at 2 Mpx, ~3-4 s more at 8 Mpx (HRF), where
#: waiting for the ~3 s compile becomes as fast. FIVES (2048², 4.2 Mpx) stays below.
LARGE_PIXELS = 5_000_000

_forced: str | None = None


def use_compiled(pixels: int) -> bool:
    """Whether a kernel's caller runs the compiled kernel on an image of ``pixels``.

    When it does and the compile this process started still runs, waits for it first
    (the kernel then loads from the cache instead of compiling here).

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
    if mode == AUTO and pixels <= LARGE_PIXELS and kernels_warmup.compiling():
        return False
    kernels_warmup.wait_for_kernels()
    return True


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
