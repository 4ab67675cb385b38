"""Reading a JSON document the user chose (a session, a grading file), with errors that
name the file: not a regular file, too large, unreadable, not JSON, or nested too
deeply for Python's parser.

Every JSON file vesselview reads goes through `read_json`. It opens without blocking
and checks the opened file before reading a byte: a named pipe nobody writes to would
otherwise hang the caller forever, and ``/dev/zero`` would be read until memory runs out.
"""

from __future__ import annotations

import json
import os
import re
import stat
from typing import Any

from vesselview.errors import InputError

#: Largest JSON file read, in bytes (a grading file of thousands of marked items is a
#: few tens of MB; parsing 256 MiB of numbers takes about 1.5 GB of memory).
MAX_JSON_BYTES = 256 * 2**20

#: A lone surrogate: how Python holds a byte of a file name that is not UTF-8.
_SURROGATE = re.compile("[\ud800-\udfff]")

#: Opening flags: never wait for a writer (a FIFO), never hand the file to a child.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def read_json(path: str | os.PathLike, kind: str, broken: str) -> Any:
    """The parsed document at ``path``.

    Parameters
    ----------
    path : str or os.PathLike
    kind : str
        What the file is, e.g. ``"session file"`` (in "cannot read the <kind>").
    broken : str
        The plain message for a file that is not JSON (the parser's reason becomes the
        error's technical detail).

    Raises
    ------
    InputError
        Naming ``path`` when it is not a regular file (a folder, a named pipe, a
        device), is larger than `MAX_JSON_BYTES`, cannot be read, or is not JSON; a
        deeply nested document is refused, not a RecursionError.
    """
    source = os.fspath(path)
    data = regular_file_bytes(source, kind)
    try:
        return json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # UnicodeDecodeError is a ValueError
        reason = "nested too deeply" if isinstance(error, RecursionError) else str(error)
        raise InputError(f"{source}: {broken}", source, details=f"not JSON: {reason}") from None


def escape_surrogates(text: str) -> str:
    """JSON text with its lone surrogates written as ``\\uXXXX`` escapes.

    ``json.dumps(..., ensure_ascii=False)`` leaves them as characters, which UTF-8 cannot
    encode. Escaped, the file is valid UTF-8 JSON and reads back as the same string
    (``os.fsencode`` of it gives the file name's original bytes). Only strings can hold
    them, so the escapes land inside JSON strings.
    """
    return _SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def not_a_file_reason(mode: int) -> str | None:
    """What a file of ``mode`` (``os.stat().st_mode``) is when it is not a regular file.

    Returns
    -------
    str or None
        ``"a folder"``, ``"a named pipe (FIFO)"``, ``"a device"``, ``"a socket"`` or
        ``"not a regular file"``; None for a regular file.
    """
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def regular_file_bytes(source: str, kind: str) -> bytes:
    """The content of ``source``, checked to be a regular file of at most `MAX_JSON_BYTES`
    (``kind`` names it in the errors, as in `read_json`; for other small text files too).

    Raises
    ------
    InputError
        As `read_json`, but for the parsing.
    """
    try:
        handle = os.open(source, _OPEN_FLAGS)
    except OSError as error:
        raise _unreadable(source, kind, error) from None
    try:
        status = os.fstat(handle)
        reason = not_a_file_reason(status.st_mode)
        if reason is not None:
            raise InputError(f"{source}: the {kind} is {reason}, not a file; choose the "
                             f"{kind} itself", source)
        if status.st_size > MAX_JSON_BYTES:
            raise _too_large(source, kind)
        with os.fdopen(handle, "rb", closefd=False) as stream:
            data = stream.read(MAX_JSON_BYTES + 1)
    except OSError as error:
        raise _unreadable(source, kind, error) from None
    finally:
        os.close(handle)
    if len(data) > MAX_JSON_BYTES:  # it grew while being read
        raise _too_large(source, kind)
    return data


def _unreadable(source: str, kind: str, error: OSError) -> InputError:
    return InputError(f"{source}: cannot read the {kind}; check the path and that you may "
                      "read it", source, details=str(error.strerror))


def _too_large(source: str, kind: str) -> InputError:
    return InputError(f"{source}: the {kind} is larger than {MAX_JSON_BYTES // 2**20} MB, "
                      f"more than any {kind} vesselview writes; choose the right file", source)
