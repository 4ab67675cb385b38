"""Reading a JSON document the user chose (a session, a grading file), with errors that
name the file: unreadable, not JSON, or nested too deeply for Python's parser."""

from __future__ import annotations

import json
import os
from typing import Any

from vesselview.errors import InputError


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
        Naming ``path``; a deeply nested document is refused, not a RecursionError.
    """
    source = os.fspath(path)
    try:
        with open(source, encoding="utf-8") as stream:
            return json.load(stream)
    except OSError as error:
        raise InputError(f"{source}: cannot read the {kind}; check the path and that you "
                         "may read it", source, details=str(error.strerror)) from None
    except (ValueError, RecursionError) as error:
        reason = "nested too deeply" if isinstance(error, RecursionError) else str(error)
        raise InputError(f"{source}: {broken}", source, details=f"not JSON: {reason}") from None
