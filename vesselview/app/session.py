"""Session files: the case's file paths, parameters, layer styles, view rectangle, the
unit the window shows lengths in (JSON; a session without ``length_unit`` keeps the
window's), and its observers: whose tracing the reference file is, the other observers'
files and the reference choice the case is scored against (a session without them: one
observer, the reference file's).

A session saves absolute paths; relative paths in a hand-written session are read
relative to the session file. A session without reference and candidate paths
means the built-in demo case.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
from collections.abc import Mapping
from typing import Any, cast

from vesselview._version import __version__
from vesselview.app.files import ROLES, CaseFiles
from vesselview.app.style import LayerStyle
from vesselview.engine.lengths import LengthUnit
from vesselview.engine.observers import FIRST_OBSERVER
from vesselview.engine.params import ALIASES, Params, renamed_note
from vesselview.engine.reference_names import CONSENSUS_RULES
from vesselview.errors import InputError, ParamsError
from vesselview.io.json_file import read_json
from vesselview.io.output_file import atomic_output

FORMAT = "vesselview-session"
FORMAT_VERSION = 1

ViewRect = tuple[float, float, float, float]
#: The length units a session may name (`vesselview.engine.lengths.Length`'s).
_LENGTH_UNITS: tuple[LengthUnit, ...] = ("px", "um", "%fov")


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
    notes : tuple of str
        What the user should know about the file read (a parameter under its old name).
    length_unit : LengthUnit or None
        The unit the window shows lengths and distances in; None: not saved.
    observer : str
        The observer whose tracing ``files.reference`` is.
    observers : Mapping[str, str]
        The other observers' reference files of the same image, by observer name.
    references : str
        What the case is scored against: ``"one"`` (``observer``'s reference, the
        default), another observer's name, a consensus rule or ``"fuzzy"``
        (`vesselview.app.reference_switch.reference_options`).
    """

    files: CaseFiles
    params: Params
    styles: Mapping[str, LayerStyle]
    view_rect: ViewRect | None = None
    notes: tuple[str, ...] = ()
    length_unit: LengthUnit | None = None
    observer: str = FIRST_OBSERVER
    observers: Mapping[str, str] = dataclasses.field(default_factory=dict)
    references: str = "one"


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
        "length_unit": session.length_unit,
        "observer": session.observer,
        "observers": {name: os.path.abspath(path) for name, path in session.observers.items()},
        "references": session.references,
    }
    with atomic_output(os.fspath(path)) as stream:
        json.dump(document, stream, indent=2, allow_nan=False)  # strict JSON, as every output
        stream.write("\n")


def load_session(path: str | os.PathLike) -> Session:
    """Read a session written by `save_session`, validating every field by name.

    Nothing is half applied: the whole document is checked before a `Session` exists.

    Raises
    ------
    InputError
        When the file cannot be read or a field is not valid; the message names the
        file, the field (e.g. ``layers.confusion.visible``) and what it must be.
    """
    source = os.fspath(path)
    document = read_json(source, "session file",
                         "The file is damaged or not a vesselview session; choose a "
                         "session file saved by vesselview")
    try:
        session = _session(document, os.path.dirname(os.path.abspath(source)))
    except _FieldError as error:
        raise InputError(f"{source}: not a valid vesselview session ({error})", source) from None
    renamed = [key for key in document["params"] if key in ALIASES]
    return dataclasses.replace(session, notes=tuple(
        f"{source}: {renamed_note(key)} (saving the session writes the new name)"
        for key in renamed))


class _FieldError(ValueError):
    """A session field that is missing or of the wrong kind (message names the field)."""


def _field(document: Any, name: str) -> Any:
    """``document[name]`` of a JSON object (``_FieldError`` naming it when absent)."""
    if not isinstance(document, dict):
        raise _FieldError(f"the session must be a JSON object, not {type(document).__name__}")
    if name not in document:
        raise _FieldError(f"'{name}' is missing")
    return document[name]


def _session(document: Any, folder: str) -> Session:
    """Validate a parsed session document field by field."""
    if _field(document, "format") != FORMAT:
        raise _FieldError(f"'format' is not {FORMAT!r}")
    if _field(document, "format_version") != FORMAT_VERSION:
        raise _FieldError(
            f"unsupported format_version {document.get('format_version')!r}")
    return Session(
        files=_files(_field(document, "files"), folder),
        params=_params(_field(document, "params")),
        styles=_styles(_field(document, "layers")),
        view_rect=_view_rect(_field(document, "view")),
        length_unit=_length_unit(document.get("length_unit")),  # optional: older sessions
        **_observers(document, folder),  # optional: older sessions
    )


def _files(files: Any, folder: str) -> CaseFiles:
    """``files``: role -> path string or null, roles from `ROLES`."""
    if not isinstance(files, dict):
        raise _FieldError("'files' must be an object of role -> path")
    for role, path in files.items():
        if role not in ROLES:
            raise _FieldError(f"files.{role}: unknown role (roles: {', '.join(ROLES)})")
        if path is not None and not isinstance(path, str):
            raise _FieldError(f"files.{role} must be a path or null, not {path!r}")
    return CaseFiles.from_dict({role: _resolved(path, folder) for role, path in files.items()})


def _params(params: Any) -> Params:
    """``params``: the parameters (`Params.from_mapping` names a bad key and its range)."""
    if not isinstance(params, dict):
        raise _FieldError("'params' must be an object of parameter -> value")
    try:
        return Params.from_mapping(params)
    except (ParamsError, TypeError, ValueError) as error:
        raise _FieldError(f"params: {error}") from None


def _styles(layers: Any) -> dict[str, LayerStyle]:
    """``layers``: layer name -> style, in the saved order."""
    if not isinstance(layers, dict):
        raise _FieldError("'layers' must be an object of layer name -> style")
    return {str(name): _style(f"layers.{name}", style) for name, style in layers.items()}


def _style(where: str, style: Any) -> LayerStyle:
    """One layer style: booleans must be JSON true/false (never the string "false")."""
    if not isinstance(style, dict):
        raise _FieldError(f"{where} must be an object")
    for flag in ("visible", "outline"):
        if not isinstance(_field(style, flag), bool):
            raise _FieldError(f"{where}.{flag} must be true or false, not {style[flag]!r}")
    opacity = _field(style, "opacity")
    if isinstance(opacity, bool) or not isinstance(opacity, int | float) or not (
            0.0 <= opacity <= 1.0):
        raise _FieldError(f"{where}.opacity must be a number in [0, 1], not {opacity!r}")
    colours = _field(style, "colours")
    if not isinstance(colours, dict):
        raise _FieldError(f"{where}.colours must be an object of class -> [r, g, b, a]")
    try:
        return LayerStyle.from_dict(style)
    except (ValueError, TypeError) as error:
        raise _FieldError(f"{where}.colours: {error}") from None


def _view_rect(view: Any) -> ViewRect | None:
    """``view``: null or ``[x, y, width, height]``, finite, with a positive size."""
    if view is None:
        return None
    if not (isinstance(view, list) and len(view) == 4 and all(
            isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
            for v in view)):
        raise _FieldError(f"'view' must be [x, y, width, height] of finite numbers, not {view!r}")
    x, y, width, height = (float(v) for v in view)
    if width <= 0 or height <= 0:
        raise _FieldError(f"'view' must have a positive width and height, not {view!r}")
    return (x, y, width, height)


def _length_unit(unit: Any) -> LengthUnit | None:
    """``length_unit``: null or one of `_LENGTH_UNITS`."""
    if unit is not None and unit not in _LENGTH_UNITS:
        raise _FieldError(f"'length_unit' must be one of {', '.join(_LENGTH_UNITS)} or null, "
                          f"not {unit!r}")
    return cast(LengthUnit | None, unit)


def _observers(document: dict[str, Any], folder: str) -> dict[str, Any]:
    """``observer``, ``observers`` and ``references`` (each optional, defaults of
    `Session`): names are strings, ``observers`` an object of name -> path, and
    ``references`` ``"one"``, a consensus rule, ``"fuzzy"`` or an observer's name."""
    observer = document.get("observer", FIRST_OBSERVER)
    observers = document.get("observers") or {}
    references = document.get("references", "one")
    if not isinstance(observer, str) or not observer:
        raise _FieldError(f"'observer' must be an observer's name, not {observer!r}")
    if not isinstance(observers, dict) or not all(
            isinstance(name, str) and isinstance(path, str) for name, path in observers.items()):
        raise _FieldError("'observers' must be an object of observer name -> reference path")
    choices = ("one", *observers, *CONSENSUS_RULES, "fuzzy")
    if references not in choices:
        raise _FieldError(f"'references' must be one of {', '.join(choices)}, not "
                          f"{references!r}")
    return {"observer": observer, "references": references,
            "observers": {name: _resolved(path, folder) for name, path in observers.items()}}


def _resolved(path: str | None, folder: str) -> str | None:
    """``path`` made absolute relative to the session's folder (None stays None)."""
    if path is None:
        return None
    return path if os.path.isabs(path) else os.path.normpath(os.path.join(folder, path))
