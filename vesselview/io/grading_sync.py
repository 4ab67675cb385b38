"""Saving a grading file that several writers share: two windows, or a window and a script.

Every save holds an advisory lock, ``fcntl.flock`` on a sidecar file
``.NAME.json.lock`` beside the grading file, which exists only during the save. The
grading file itself cannot carry the lock, because each save replaces it with a new
file. While it holds the lock, a save does three things:

1. It refuses a grading file that was made read-only (``chmod 444``), even when
   vesselview runs as root.
2. It removes the ``.NAME.json.*.tmp`` files that earlier saves left behind when they
   were killed. No save of this file can be running at that moment.
3. If another writer saved since this one last read or wrote the file (its inode, time
   and size changed), it reads that version and merges. The items this writer changed
   take its grades; every other item keeps what is on disk. Two graders scoring
   different items both keep all their scores. When both change the same item, the
   later save wins.

Without ``fcntl`` (Windows) the saves are not locked, but the merge still applies.
"""

from __future__ import annotations

import contextlib
import dataclasses
import glob
import os
import time
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path

from vesselview.errors import InputError
from vesselview.io.grading_files import GradingFile, ItemKey, read_grading, write_grading
from vesselview.io.output_file import read_only

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; the merge still applies
    fcntl = None  # type: ignore[assignment]

#: How long a save waits for another writer's save of the same file, in seconds.
LOCK_WAIT_S = 10.0
_LOCK_POLL_S = 0.01
#: What makes a grading file one study.
_STUDY = ("grader", "scale", "blinded", "seed")

#: What identifies one saved version of a file: (inode, modification ns, size).
Stamp = tuple[int, int, int]


def file_stamp(path: str | os.PathLike) -> Stamp | None:
    """The `Stamp` of ``path``, or None when there is no file there."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_ino, status.st_mtime_ns, status.st_size


def refuse_read_only(path: str | os.PathLike) -> None:
    """Raise InputError naming ``path`` when it is a read-only grading file."""
    if os.path.exists(path) and read_only(path):
        raise InputError(f"{os.fspath(path)}: the grading file is read-only; make it "
                         "writable (chmod u+w) to grade into it, or choose another file",
                         os.fspath(path))


def save_shared(grading: GradingFile, path: Path, changed: Collection[ItemKey],
                known: Stamp | None) -> tuple[GradingFile, Stamp | None]:
    """Save ``grading`` to ``path`` under the lock, merging what another writer saved.

    Parameters
    ----------
    grading : GradingFile
        This writer's content.
    path : Path
        The grading file.
    changed : collection of ItemKey
        Items this writer changed since it last read or saved ``path``.
    known : Stamp or None
        The `file_stamp` of ``path`` when this writer last read or saved it (None: it
        has never seen a file there).

    Returns
    -------
    (GradingFile, Stamp or None)
        What was written (``grading`` merged with the other writer's grades) and its stamp.

    Raises
    ------
    InputError
        Naming ``path`` when it is read-only, cannot be locked, read or written, or
        another study's grading file replaced it; nothing is written then.
    """
    with _locked(path):
        refuse_read_only(path)
        remove_stale_temporaries(path)
        if file_stamp(path) not in (None, known):
            grading = merged(read_grading(path), grading, changed, path)
        write_grading(grading, path)
        return grading, file_stamp(path)


def merged(saved: GradingFile, ours: GradingFile, changed: Collection[ItemKey],
           path: Path) -> GradingFile:
    """``ours`` with the grades of ``saved`` for every item not in ``changed``.

    Raises
    ------
    InputError
        When ``saved`` is another study (grader, scale, blinding or seed differ).
    """
    difference = study_difference(saved, {name: getattr(ours, name) for name in _STUDY})
    if difference:
        raise InputError(f"{path}: another program replaced this grading file with one "
                         f"that has {difference}; it is not written over: move that file "
                         "away to save this study there", os.fspath(path))
    # the other writer's "1" is our item "01" (the case id rule), never a second entry
    grades = dict(saved.keyed_to([*ours.grades, *changed]).grades)
    for item in changed:
        if item in ours.grades:
            grades[item] = ours.grades[item]
        else:
            grades.pop(item, None)
    return dataclasses.replace(ours, grades=grades)


def study_difference(saved: GradingFile, asked: Mapping[str, object]) -> str:
    """How ``saved`` differs from the study ``asked`` (grader, scale, blinded, seed;
    None values are not asked), e.g. ``"grader alice, not bob"``; "" when it does not."""
    for name in _STUDY:
        value = asked.get(name)
        if value is not None and value != getattr(saved, name):
            return f"{name} {getattr(saved, name)!s}, not {value!s}"
    return ""


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files killed saves of ``path`` left (``.NAME.*.tmp``).

    Call it only while holding the lock, when no save of ``path`` is running.

    Returns
    -------
    list of Path
        The files removed.
    """
    pattern = os.path.join(glob.escape(os.fspath(path.parent)),
                           f".{glob.escape(path.name)}.*.tmp")
    removed = []
    for name in glob.glob(pattern, include_hidden=True):
        with contextlib.suppress(OSError):
            if os.path.isfile(name) and not os.path.islink(name):
                os.remove(name)
                removed.append(Path(name))
    return removed


def lock_path(path: Path) -> Path:
    """The sidecar lock file of grading file ``path``: ``.NAME.lock`` beside it."""
    return path.with_name(f".{path.name}.lock")


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the exclusive advisory lock of ``path`` (waiting up to `LOCK_WAIT_S`).

    The lock file is removed before the lock is released, so none is left beside the
    grading file. A writer that was waiting on the removed file sees that it no longer
    is the lock file and takes the lock again on the current one.
    """
    deadline = time.monotonic() + LOCK_WAIT_S
    lock = lock_path(path)
    while True:
        handle = _open_lock(lock, path)
        try:
            _acquire(handle, path, deadline)
        except BaseException:
            os.close(handle)
            raise
        if file_stamp(lock) == _stamp_of(handle) or fcntl is None:
            break
        os.close(handle)  # removed by the writer before us: lock the new one
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.remove(lock)
        os.close(handle)  # closing releases the lock


def _open_lock(lock: Path, path: Path) -> int:
    try:
        return os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError as error:
        raise InputError(f"{path}: cannot save the grading file: its lock file {lock} "
                         f"cannot be created ({error.strerror}); check that you may write "
                         "in that folder", os.fspath(path)) from None


def _stamp_of(handle: int) -> Stamp:
    status = os.fstat(handle)
    return status.st_ino, status.st_mtime_ns, status.st_size


def _acquire(handle: int, path: Path, deadline: float) -> None:
    """Take the lock on ``handle``; polled rather than blocking, so a writer that never
    lets go makes this save fail with a message instead of hanging the window."""
    if fcntl is None:
        return
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise InputError(f"{path}: another program has held the lock of this "
                                 f"grading file ({lock_path(path)}) for {LOCK_WAIT_S:g} s",
                                 os.fspath(path)) from None
            time.sleep(_LOCK_POLL_S)
