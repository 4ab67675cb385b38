"""Provenance of an output: what made it, from which files, so it can be re-made and checked.

One `Provenance` record per run, built by the CLI from its parsed command line
(`vesselview.cli.provenance_run`), or for outputs written from Python by
`api_provenance` from the call that made them, and written with every output in that
output's own format (`vesselview.io.provenance_formats`; `write_json(provenance=)`).
``vesselview-eval --verify OUTPUT`` reads it back, checks the digests of the inputs and
runs the command again (`vesselview.cli.verify`).

As a JSON object (`Provenance.to_dict`)::

    {"vesselview": version, "command": [argument, ...], "command_line": "vesselview-eval ...",
     "api_call": the Python call that made the output (then "command" is empty and
                 "command_line" null) or null,
     "cwd": folder the command ran in,
     "output": the output file relative to cwd, or null (stdout, or not written by the CLI),
     "format": "json" | "csv" | "markdown" | "latex",
     "params": {key: value} (the base parameters, every one), "set": ["KEY=VALUE", ...],
     "sweep": ["KEY=SPEC", ...],
     "units": {"lengths": {key: "2px" | "30um" | "0.5%fov"}, "spacing_um": number or null},
     "reference": {"observer": 1 | 2, "references": choice, "classes": "av" | file | null},
     "bootstrap": {"seed": int, "resamples": int} or null (no bootstrap in this output),
     "inputs": [{"path": relative to cwd, "absolute": path, "sha256": hex or null
                 (missing), "bytes": size or null}]}

No time stamp: the same command on the same files gives the same bytes. Each input's
``path`` and the ``output`` are relative to ``cwd``, so a study folder moved with its
outputs keeps them (`vesselview.io.provenance_location`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import shlex
from collections.abc import Iterable, Mapping
from typing import Any

from vesselview._version import __version__
from vesselview.engine.length_scope import given_lengths
from vesselview.engine.params import Params

#: The program name that heads ``command_line``.
PROGRAM = "vesselview-eval"
#: What heads the ``api_call`` of an output the window saved (then the menu action).
WINDOW_CALL = "vesselview window: "


@dataclasses.dataclass(frozen=True)
class InputDigest:
    """One input file: where it was and what it held.

    Attributes
    ----------
    path : str
        Relative to the run's working folder (absolute when it has no relative form).
    absolute : str
    sha256 : str or None
        Hex digest of the content; None when the file could not be read.
    bytes : int or None
        Size in bytes; None when the file could not be read.
    """

    path: str
    absolute: str
    sha256: str | None
    bytes: int | None


@dataclasses.dataclass(frozen=True)
class Provenance:
    """What made an output (fields as in the module docstring)."""

    vesselview: str
    command: tuple[str, ...]
    cwd: str
    format: str
    params: Mapping[str, Any]
    set: tuple[str, ...]
    sweep: tuple[str, ...]
    units: Mapping[str, Any]
    reference: Mapping[str, Any]
    bootstrap: Mapping[str, int] | None
    inputs: tuple[InputDigest, ...]
    api_call: str | None = None
    output: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the module docstring."""
        fields = dataclasses.asdict(self)
        return {"vesselview": self.vesselview, "command": list(self.command),
                "command_line": None if self.api_call else shlex.join([PROGRAM, *self.command]),
                "api_call": self.api_call,
                **{key: fields[key] for key in ("cwd", "output", "format", "params")},
                "set": list(self.set), "sweep": list(self.sweep),
                "units": dict(self.units), "reference": dict(self.reference),
                "bootstrap": None if self.bootstrap is None else dict(self.bootstrap),
                "inputs": [dataclasses.asdict(digest) for digest in self.inputs]}

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> Provenance:
        """Read `to_dict`'s object back.

        Raises
        ------
        KeyError, TypeError
            When a field is missing or of the wrong kind (the caller names the file).
        """
        return cls(vesselview=str(values["vesselview"]),
                   command=tuple(str(item) for item in values["command"]),
                   cwd=str(values["cwd"]), format=str(values["format"]),
                   params=dict(values["params"]), set=tuple(values["set"]),
                   sweep=tuple(values["sweep"]), units=dict(values["units"]),
                   reference=dict(values["reference"]),
                   bootstrap=None if values["bootstrap"] is None else dict(values["bootstrap"]),
                   inputs=tuple(InputDigest(**item) for item in values["inputs"]),
                   api_call=values.get("api_call"), output=values.get("output"))


def api_provenance(call: str, params: Params, inputs: Iterable[str], *,
                   output_format: str = "json", reference: Mapping[str, Any] | None = None,
                   bootstrap: Mapping[str, int] | None = None,
                   spacing_um: float | None = None) -> Provenance:
    """The provenance of an output written from Python, for `write_json(provenance=)`
    (or a CSV's sidecar, `vesselview.io.provenance_formats.sidecar_text`).

    Parameters
    ----------
    call : str
        How the output was made, as the user would repeat it (e.g.
        ``"vv.open_dataset('DRIVE') -> Evaluator(case).evaluate()"``).
    params : Params
        The parameters of the evaluation.
    inputs : iterable of str
        The files read (relative paths against the current folder); digested here.
    output_format : str
    reference : Mapping, optional
        The reference choice (``{"observer": 1, "references": "one", "classes": None}``
        by default).
    bootstrap : Mapping, optional
        ``{"seed": ..., "resamples": ...}`` of any bootstrap behind the output.
    spacing_um : float, optional
        The pixel spacing (µm) the lengths were converted with, when known.

    Examples
    --------
    >>> record = api_provenance("evaluate(case)", Params(t=3), [])
    >>> record.to_dict()["api_call"], record.to_dict()["command_line"], record.params["t"]
    ('evaluate(case)', None, 3)
    """
    cwd, values = os.getcwd(), params.to_dict()
    return Provenance(vesselview=__version__, command=(), cwd=cwd, format=output_format,
                      params=values, set=(), sweep=(),
                      units={"lengths": given_lengths(values), "spacing_um": spacing_um},
                      reference=dict(reference or {"observer": 1, "references": "one",
                                                   "classes": None}),
                      bootstrap=bootstrap, inputs=input_digests(inputs, cwd), api_call=call)


def input_digests(paths: Iterable[str | None], cwd: str) -> tuple[InputDigest, ...]:
    """`file_digest` of each distinct file of ``paths`` (None entries skipped), in order."""
    absolute = dict.fromkeys(os.path.abspath(os.path.join(cwd, path))
                             for path in paths if path)
    return tuple(file_digest(path, cwd) for path in absolute)


def file_digest(path: str, cwd: str) -> InputDigest:
    """The SHA-256 and size of the file at ``path`` (absolute), read in chunks.

    A missing file, one that is not a regular file or cannot be read gets ``sha256``
    and ``bytes`` None: the run reported its error, and `vesselview.cli.verify` tells when it
    has appeared since.
    """
    relative = relative_path(path, cwd)
    if not os.path.isfile(path):  # missing, or a folder / pipe / device: never read
        return InputDigest(relative, path, None, None)
    try:
        with open(path, "rb") as stream:
            digest = hashlib.file_digest(stream, "sha256").hexdigest()
        size = os.path.getsize(path)
    except OSError:
        return InputDigest(relative, path, None, None)
    return InputDigest(relative, path, digest, size)


def relative_path(path: str, cwd: str) -> str:
    """``path`` relative to the folder ``cwd``; as given when it has no relative form."""
    try:
        return os.path.relpath(path, cwd)
    except ValueError:  # another drive (Windows)
        return path
