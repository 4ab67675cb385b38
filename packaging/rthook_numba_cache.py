"""PyInstaller run-time hook: give numba a writable, per-executable cache folder.

vesselview compiles its kernels with ``numba.njit(cache=True)``. In a bundle numba keys
its cache on the running executable, so the GUI and the CLI would keep evicting each
other's entries in a shared folder, and the bundle's own folder may be read-only.
Each executable therefore caches under the user's cache folder
(``$XDG_CACHE_HOME/vesselview/numba/<executable>``, ``~/.cache`` by default), or, when
that cannot be written, in a temporary folder removed at exit (compiled again on every
start, but never a crash). A ``NUMBA_CACHE_DIR`` the user set wins. Runs before numba is
imported, which reads the variable once.
"""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path


def _user_cache_root() -> Path:
    """The platform's per-user cache folder."""
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def _writable(folder: Path) -> bool:
    """Whether ``folder`` exists (created if needed) and accepts a new file."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def _numba_cache_dir() -> str:
    """The per-executable cache folder, or a temporary one removed at exit."""
    try:
        folder = _user_cache_root() / "vesselview" / "numba" / Path(sys.executable).stem
    except RuntimeError:  # no home folder to be found
        folder = None
    if folder is not None and _writable(folder):
        return str(folder)
    temporary = tempfile.mkdtemp(prefix="vesselview-numba-")
    atexit.register(shutil.rmtree, temporary, ignore_errors=True)
    return temporary


if not os.environ.get("NUMBA_CACHE_DIR"):
    os.environ["NUMBA_CACHE_DIR"] = _numba_cache_dir()
