"""Output files that are checked before the work and replaced whole, never half-written.

`check_output` runs before any evaluation, so a wrong ``--output`` fails in a second,
not after an hour of work. `atomic_output` writes to a temporary file in the output's
folder and renames it over the output only once everything is written and flushed to
disk: a full disk or a crash leaves the previous file as it was, never a truncated one.

Outputs are UTF-8 with `OUTPUT_ERRORS`: a file name that is not valid UTF-8 (Python
holds its bytes as lone surrogates) is written back as the same bytes, never an error
after all the work.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TextIO

from vesselview.errors import InputError

#: Encoding error handler of every text output: file names that are not valid UTF-8
#: come out as the bytes they are on disk.
OUTPUT_ERRORS = "surrogateescape"


def check_output(path: str, inputs: Iterable[str | None] = (),
                 folders: Mapping[str, str] | None = None) -> None:
    """Check that ``path`` can be (re)written, before any work.

    Parameters
    ----------
    path : str
        The output file; it need not exist yet.
    inputs : iterable of str or None
        Files the run reads (None entries are skipped); the output may be none of them.
    folders : Mapping[str, str], optional
        Folders the run names (a dataset, a method's predictions) -> what each is
        (``"the dataset folder"``); the output may be no file inside them, read or not.

    Raises
    ------
    InputError
        Naming ``path`` when it is a folder, its folder does not exist or cannot be
        written, it is a read-only file, it is one of ``inputs``, or it lies inside one
        of ``folders``.
    """
    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise InputError(f"output {path}: is a folder; give a file name", source=path)
    if target.parent.exists() and not target.parent.is_dir():
        raise InputError(f"output {path}: {target.parent} is a file, not a folder; give a "
                         "path inside a folder", source=path)
    if not target.parent.is_dir():
        raise InputError(f"output {path}: its folder {target.parent} does not exist; "
                         "create it first", source=path)
    for source in inputs:
        if source is not None and _same_file(target, source):
            raise InputError(f"output {path}: is the input file {source}; writing there "
                             "would destroy it, choose another output name", source=path)
    for folder, what in (folders or {}).items():
        if target.is_relative_to(os.path.realpath(folder)):
            raise InputError(f"output {path}: is inside {what} {folder}, which this run "
                             "reads; choose an output outside it", source=path)
    if target.exists() and read_only(target):
        raise InputError(f"output {path}: the file is read-only", source=path)
    if target.exists() and not target.is_file():
        return  # a device or pipe is written into (atomic_output), not replaced in its folder
    _probe_folder(target.parent, path)


def read_only(path: str | os.PathLike) -> bool:
    """True when the existing file ``path`` is not to be written.

    That is when none of its write permission bits is set, or the user may not write it.
    The bits are checked explicitly because the superuser may write anything: a file
    someone made read-only (``chmod 444``) is still refused when vesselview runs as root.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False  # absent: nothing to protect
    writable_bits = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
    return not mode & writable_bits or not os.access(path, os.W_OK)


@contextlib.contextmanager
def atomic_output(path: str) -> Iterator[TextIO]:
    """A text stream whose content replaces ``path`` only when the block completes.

    The stream is a temporary file in the same folder (UTF-8 with `OUTPUT_ERRORS`,
    ``newline=""``); on success it is flushed, synced and renamed over ``path``
    (`os.replace`, atomic on one file system), keeping an existing file's permissions.
    On any failure the temporary file is removed and ``path`` is left as it was. A
    device or pipe (``/dev/null``, a FIFO read by another program) is written to
    directly: renaming a file over it would replace the device itself.

    Raises
    ------
    InputError
        Naming ``path`` when writing, syncing or renaming fails (e.g. a full disk).
    """
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():  # /dev/null, a pipe: nothing to replace
        with _streamed(path, target) as stream:
            yield stream
        return
    mode = _mode_for(target)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                             dir=target.parent)
    except OSError as error:
        raise _write_error(path, error) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", errors=OUTPUT_ERRORS,
                       newline="") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as error:
        _remove(temporary)
        raise _write_error(path, error) from None
    except BaseException:
        _remove(temporary)
        raise


@contextlib.contextmanager
def _streamed(path: str, target: Path) -> Iterator[TextIO]:
    """Write straight into a device or pipe (errors name ``path``)."""
    try:
        with open(target, "w", encoding="utf-8", errors=OUTPUT_ERRORS,
                  newline="") as stream:
            yield stream
    except OSError as error:
        raise _write_error(path, error) from None


def _same_file(target: Path, source: str) -> bool:
    """True when ``source`` names the file ``target`` (by identity when both exist)."""
    try:
        return os.path.samefile(target, source)
    except OSError:  # one of them does not exist: compare the resolved names
        return target == Path(os.path.realpath(source))


def _probe_folder(folder: Path, path: str) -> None:
    """Create and remove a temporary file in ``folder``: the only sure test of writing."""
    try:
        handle, probe = tempfile.mkstemp(prefix=".vesselview-probe.", dir=folder)
    except OSError as error:
        raise InputError(f"output {path}: cannot write in its folder {folder} "
                         f"({error.strerror})", source=path) from None
    os.close(handle)
    _remove(probe)


def _mode_for(target: Path) -> int:
    """Permissions of the written file: the existing file's, else the umask's default."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _write_error(path: str, error: OSError) -> InputError:
    return InputError(f"output {path}: cannot write ({error.strerror or error}); an "
                      "existing file there is unchanged", source=path)


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.remove(path)


def interrupted_path(output: str) -> str:
    """Where an interrupted run writes the rows it finished: beside ``output``, never over
    it (``out.csv`` -> ``out.interrupted.csv``)."""
    root, extension = os.path.splitext(output)
    return f"{root}.interrupted{extension}"
