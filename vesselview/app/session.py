"""Session files: the case's file paths, parameters, layer styles and view rectangle (JSON).

A session saves absolute paths; relative paths in a hand-written session are read
relative to the session file. A session without reference and candidate paths
means the built-in demo case.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from typing import Any

from vesselview._version import __version__
from vesselview.app.files import CaseFiles
from vesselview.app.style import LayerStyle
from vesselview.engine.params import Params
from vesselview.errors import InputError, ParamsError

FORMAT = "vesselview-session"
FORMAT_VERSION = 1

ViewRect = tuple[float, float, float, float]


@dataclasses.dataclass(frozen=True)
class Session:
    """Everything needed to reopen the inspector as it was.

    Attributes
    ----------
    files : CaseFiles
        Paths per role; reference and candidate None for the demo case.
    params : Params
    styles : Mapping[str, LayerStyle]
        Layer name (``"fundus"`` included) -> style.
    view_rect : tuple of 4 floats or None
        Visible image area ``(x, y, width, height)`` in pixels.
    """

    files: CaseFiles
    params: Params
    styles: Mapping[str, LayerStyle]
    view_rect: ViewRect | None = None


def save_session(session: Session, path: str | os.PathLike) -> None:
    """Write ``session`` as JSON to ``path`` (raises OSError when it cannot)."""
    files = {role: os.path.abspath(path) if path else None
             for role, path in session.files.to_dict().items()}
    document = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "vesselview": __version__,
        "files": files,
        "params": session.params.to_dict(),
        "layers": {name: style.to_dict() for name, style in session.styles.items()},
        "view": list(session.view_rect) if session.view_rect is not None else None,
    }
    with open(path, "w", encoding="utf-8") as stream:
        json.dump(document, stream, indent=2)
        stream.write("\n")


def load_session(path: str | os.PathLike) -> Session:
    """Read a session written by `save_session`.

    Raises
    ------
    InputError
        When the file cannot be read or is not a valid session; the message names
        the file and the problem.
    """
    source = os.fspath(path)
    try:
        with open(source, encoding="utf-8") as stream:
            document = json.load(stream)
        return _session(document, os.path.dirname(os.path.abspath(source)))
    except OSError as error:
        raise InputError(f"{source}: cannot read the session file ({error.strerror})",
                         source) from None
    except (ValueError, TypeError, KeyError, AttributeError, ParamsError) as error:
        raise InputError(f"{source}: not a valid vesselview session ({error})", source) from None


def _session(document: Mapping[str, Any], folder: str) -> Session:
    """Validate a parsed session document."""
    if document.get("format") != FORMAT:
        raise ValueError(f"'format' is not {FORMAT!r}")
    if document.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"unsupported format_version {document.get('format_version')!r}")
    paths = {role: _resolved(p, folder) for role, p in document["files"].items()}
    view = document["view"]
    if view is not None and len(view) != 4:
        raise ValueError("'view' must be [x, y, width, height]")
    return Session(
        files=CaseFiles.from_dict(paths),
        params=Params.from_mapping(document["params"]),
        styles={str(name): LayerStyle.from_dict(style)
                for name, style in document["layers"].items()},
        view_rect=_view_rect(view),
    )


def _view_rect(view: Any) -> ViewRect | None:
    """``[x, y, width, height]`` as floats (None stays None)."""
    if view is None:
        return None
    x, y, width, height = (float(v) for v in view)
    return (x, y, width, height)


def _resolved(path: str | None, folder: str) -> str | None:
    """``path`` made absolute relative to the session's folder (None stays None)."""
    if path is None:
        return None
    return path if os.path.isabs(path) else os.path.normpath(os.path.join(folder, path))
