"""Where numba keeps the compiled kernels: the user's cache folder, never the package.

Every module that compiles kernels imports `kernel` from here, so this module runs
before any kernel is decorated. It points numba's on-disk cache (``NUMBA_CACHE_DIR``)
at ``platformdirs.user_cache_dir("vesselview")/numba/<numba version>`` (for example
``~/.cache/vesselview/numba/0.68.1`` on Linux), one folder per numba version because
each version's machine code is its own. A ``NUMBA_CACHE_DIR`` the user set wins.

When the folder cannot be written (a read-only home, a full disk), the kernels are
compiled in memory only, on every start, after one `RuntimeWarning` per run: never a
crash, and never a cache written into the installed package, where numba falls back to
by itself (``__pycache__`` beside the sources) and where a later ``pip install`` would
leave it behind.
"""

from __future__ import annotations

import functools
import importlib.metadata
import os
import sys
import tempfile
import threading
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import platformdirs

#: The environment variable numba reads its cache folder from.
CACHE_ENV = "NUMBA_CACHE_DIR"
#: Set for this process and its children once the warning about an unwritable cache was
#: given, so that worker processes of the same run do not repeat it.
_WARNED_ENV = "VESSELVIEW_KERNEL_CACHE_WARNED"


def default_cache_dir() -> Path:
    """The per-user kernel cache folder for the installed numba version.

    A frozen program (the PyInstaller bundle) gets a sub-folder per executable: numba
    stamps a frozen program's kernels with the executable itself, so the GUI and the
    CLI would otherwise keep replacing each other's entries.
    """
    folder = platformdirs.user_cache_path("vesselview") / "numba" / _numba_version()
    if getattr(sys, "frozen", False):
        folder = folder / Path(sys.executable).stem
    return folder


def cache_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """The folder kernels are cached in: ``NUMBA_CACHE_DIR`` if set, else the default."""
    chosen = environ.get(CACHE_ENV)
    return Path(chosen) if chosen else default_cache_dir()


def writable_folder(folder: Path) -> str | None:
    """None when ``folder`` exists (created if needed) and accepts a file, else why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            return None
    except OSError as error:
        return error.strerror or type(error).__name__


def _numba_version() -> str:
    try:
        return importlib.metadata.version("numba")
    except importlib.metadata.PackageNotFoundError:  # a bundle without numba's metadata
        import numba

        return str(numba.__version__)


def _configure() -> bool:
    """Point numba at the cache folder; False (after one warning) when it is unusable."""
    try:
        folder = cache_dir()
        problem = writable_folder(folder) if folder.is_absolute() else "no home folder"
    except (OSError, RuntimeError, KeyError) as error:  # no home folder to be found
        folder, problem = Path("~"), str(error)
    if problem is None:
        os.environ[CACHE_ENV] = str(folder)
        if "numba" in sys.modules:  # imported before us: numba reads its settings again
            sys.modules["numba"].core.config.reload_config()
        return True
    if not os.environ.get(_WARNED_ENV):
        os.environ[_WARNED_ENV] = "1"
        warnings.warn(
            f"vesselview: cannot write the kernel cache {folder} ({problem}); kernels are "
            f"compiled in memory and again at every start. Set {CACHE_ENV} to a writable "
            "folder to keep them.", RuntimeWarning, stacklevel=2)
    return False


#: Whether compiled kernels are kept on disk (decided once, at import).
CACHING = _configure()
_lock = threading.RLock()


def kernel(*, parallel: bool = False) -> Callable[[Callable[..., Any]], LazyKernel]:
    """``numba.njit``, GIL released, cached on disk when `CACHING`, made at first use.

    Parameters
    ----------
    parallel : bool
        Run ``numba.prange`` loops on several threads.
    """
    return functools.partial(LazyKernel, parallel=parallel)


class LazyKernel:
    """A numba kernel whose dispatcher is made at its first use (call or attribute).

    Importing numba costs about 0.2 s of every start; a start that runs no compiled
    kernel (the no-compile path of `vesselview.engine.kernels_choice`) never pays it.
    When one kernel of a module is made, every lazy kernel in that module's namespace is
    replaced there by its dispatcher: kernels call each other by name, and numba looks
    the names up in that namespace when it compiles.

    Parameters
    ----------
    function : callable
        The kernel's Python source (kept as ``py_func``, like a dispatcher's).
    parallel : bool
    """

    def __init__(self, function: Callable[..., Any], *, parallel: bool = False) -> None:
        functools.update_wrapper(self, function)
        self.py_func = function
        self.parallel = parallel
        self._dispatcher: Any = None

    def dispatcher(self) -> Any:
        """The numba dispatcher (compiled, or loaded from the cache, at its first call)."""
        if self._dispatcher is None:
            with _lock:
                _make_dispatchers(self.py_func.__globals__)
        return self._dispatcher

    def __call__(self, *args: Any) -> Any:
        return self.dispatcher()(*args)

    def __getattr__(self, name: str) -> Any:
        """The dispatcher's attributes (``compile``, ``signatures``, ``stats``...)."""
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.dispatcher(), name)


#: id -> every dispatcher `_make_dispatchers` made (kept, so that no id is reused).
_made: dict[int, Any] = {}


def is_kernel(value: object) -> bool:
    """Whether ``value`` is a kernel: lazy, or already its numba dispatcher.

    Never looks into numba, which another thread may be importing at that moment
    (`vesselview.engine.kernels_warmup.load_in_background`).
    """
    return isinstance(value, LazyKernel) or id(value) in _made


def _make_dispatchers(namespace: dict[str, Any]) -> None:
    """Replace every lazy kernel in a module's ``namespace`` by its numba dispatcher."""
    import numba  # after NUMBA_CACHE_DIR is set (at import): numba reads it at import

    for name, value in list(namespace.items()):
        if isinstance(value, LazyKernel):
            if value._dispatcher is None:
                value._dispatcher = numba.njit(cache=CACHING, nogil=True,
                                               parallel=value.parallel)(value.py_func)
                _made[id(value._dispatcher)] = value._dispatcher
            namespace[name] = value._dispatcher
