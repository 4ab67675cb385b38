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

import importlib.metadata
import os
import sys
import tempfile
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

import numba  # noqa: E402  (after NUMBA_CACHE_DIR is set: numba reads it at import)


def kernel(*, parallel: bool = False) -> Callable[[Callable[..., Any]], Any]:
    """``numba.njit``, GIL released, cached on disk when `CACHING`.

    Parameters
    ----------
    parallel : bool
        Run ``numba.prange`` loops on several threads.
    """
    return numba.njit(cache=CACHING, nogil=True, parallel=parallel)
