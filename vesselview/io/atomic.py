"""Atomic file replacement: a reader sees the old file or the new one, never half of one.

The text goes to a temporary file in the target's folder (same file system), is
flushed to disk, then `os.replace` swaps it in (atomic on POSIX and Windows). If
anything fails on the way the temporary file is removed and the target is untouched.
"""

from __future__ import annotations

import contextlib
import os
import tempfile


def write_text_atomic(path: str | os.PathLike, text: str) -> None:
    """Replace the file at ``path`` by ``text`` (UTF-8) in one atomic step.

    Parameters
    ----------
    path : str or os.PathLike
        The file to create or replace; its folder must exist.
    text : str

    Raises
    ------
    OSError
        When the folder is not writable, the disk is full or the replacement fails;
        the previous content of ``path`` (if any) is then still there, unchanged.
    """
    target = os.path.abspath(os.fspath(path))
    folder, name = os.path.split(target)
    handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise
