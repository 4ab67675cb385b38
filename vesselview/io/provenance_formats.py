"""How each output format carries its `Provenance`, and reading it back.

* JSON: a top-level ``"provenance"`` object, after the output's own fields.
* CSV: a sidecar file beside the output, ``<output>.provenance.json`` (`sidecar_path`),
  holding the same object. Not ``#`` comment lines in the CSV itself: spreadsheets and
  the default readers of pandas (``read_csv``) and R (``read.csv``) take the first line
  for the header, and their comment options (``comment="#"``, ``comment.char``) also cut
  every cell at a ``#``, which a file name may hold. A CSV written to stdout has no
  provenance (there is no file to put beside it): give ``--output``.
* Markdown: a closing HTML comment (``<!-- vesselview provenance``, the JSON object,
  ``-->``), invisible when the Markdown is rendered.
* LaTeX: closing comment lines, ``% vesselview provenance`` then the JSON object, each of
  its lines after ``% ``.
* PNG (the window's exported views and plots, a ``--cd-diagram``): a text chunk keyed
  `PROVENANCE_KEY` (``vesselview-provenance``) holding the JSON object; Pillow reads it as
  ``Image.open(path).text["vesselview-provenance"]``.
* SVG and PDF (a ``--cd-diagram``): the same key, as a ``<metadata
  id="vesselview-provenance">`` element, or a PDF document information entry
  (`vesselview.io.figure_file`).
"""

from __future__ import annotations

import json
import os
from typing import NoReturn

from vesselview.errors import InputError
from vesselview.io.figure_file import figure_blocks
from vesselview.io.json_file import read_json
from vesselview.io.output_file import atomic_output
from vesselview.io.provenance import Provenance

#: The words that open the provenance block of a Markdown or LaTeX output.
MARKER = "vesselview provenance"
#: What a CSV output's sidecar file adds to the output's name.
SIDECAR_SUFFIX = ".provenance.json"
_MARKDOWN_OPEN, _MARKDOWN_CLOSE = f"<!-- {MARKER}\n", "\n-->"
_LATEX_OPEN = f"% {MARKER}\n"
#: The key of a figure output's provenance block: a PNG text chunk, an SVG ``<metadata>``
#: element's id, a PDF document information entry.
PROVENANCE_KEY = "vesselview-provenance"


def stamped_text(body: str, output_format: str, provenance: Provenance) -> str:
    """The output ``body`` of ``output_format`` with ``provenance`` in it (CSV: unchanged,
    its provenance goes to the sidecar, `sidecar_text`)."""
    if output_format == "json":
        document = json.loads(body)
        document["provenance"] = provenance.to_dict()
        return json.dumps(document, indent=2, allow_nan=False) + "\n"
    if output_format == "markdown":
        # ">" occurs in JSON only inside strings, where its escape keeps "-->" out
        block = _json_text(provenance).replace(">", "\\u003e")
        return f"{body}\n{_MARKDOWN_OPEN}{block}{_MARKDOWN_CLOSE}\n"
    if output_format == "latex":
        lines = "\n".join(f"% {line}" for line in _json_text(provenance).splitlines())
        return f"{body}\n{_LATEX_OPEN}{lines}\n"
    return body


def sidecar_path(output: str) -> str:
    """Where a CSV output's provenance goes: ``out.csv`` -> ``out.csv.provenance.json``."""
    return output + SIDECAR_SUFFIX


def sidecar_text(provenance: Provenance) -> str:
    """The content of a CSV output's sidecar file."""
    return _json_text(provenance) + "\n"


def write_sidecar(output: str | os.PathLike[str], provenance: Provenance) -> None:
    """Write the CSV ``output``'s provenance to its sidecar ``OUTPUT.provenance.json``
    (replaced whole, `atomic_output`)."""
    with atomic_output(sidecar_path(os.fspath(output))) as sidecar:
        sidecar.write(sidecar_text(provenance))


def figure_text(provenance: Provenance) -> str:
    """The value of a figure output's `PROVENANCE_KEY` block (PNG, SVG or PDF)."""
    return _json_text(provenance)


def read_provenance(path: str) -> Provenance:
    """The provenance of the output at ``path`` (a CSV's from its sidecar).

    Raises
    ------
    InputError
        Naming ``path`` when it cannot be read, carries no provenance (written by an
        older version, or a CSV without its sidecar) or its provenance is incomplete.
    """
    sidecar = sidecar_path(path)
    if os.path.isfile(sidecar):
        values = read_json(sidecar, "provenance file", "the provenance file is not JSON")
    else:
        values = _embedded(path, sidecar)
    try:
        return Provenance.from_dict(values)
    except (KeyError, TypeError, ValueError) as error:
        raise InputError(f"{path}: its provenance is incomplete ({error}); it cannot be "
                         "verified", source=path) from None


def body_text(text: str) -> str:
    """A Markdown or LaTeX output's text without its provenance block."""
    for opening in (_MARKDOWN_OPEN, _LATEX_OPEN):
        head, found, _ = text.rpartition("\n" + opening)
        if found:
            return head
    return text


def _embedded(path: str, sidecar: str) -> object:
    """The provenance object inside a JSON, Markdown, LaTeX, PNG, SVG or PDF output."""
    blocks = figure_blocks(path)
    if blocks is not None:
        return (_parsed(blocks[PROVENANCE_KEY], path) if PROVENANCE_KEY in blocks
                else _missing(path, sidecar))
    text = read_text(path)
    values: object = None
    if text.lstrip().startswith("{"):
        document = read_json(path, "output", "the output is not JSON")
        values = document.get("provenance") if isinstance(document, dict) else None
    elif _MARKDOWN_OPEN in text:
        block = text.rpartition(_MARKDOWN_OPEN)[2].partition(_MARKDOWN_CLOSE)[0]
        values = _parsed(block, path)
    elif _LATEX_OPEN in text:
        lines = text.rpartition(_LATEX_OPEN)[2].splitlines()
        values = _parsed("\n".join(line.removeprefix("% ") for line in lines), path)
    return _missing(path, sidecar) if values is None else values


def _missing(path: str, sidecar: str) -> NoReturn:
    raise InputError(f"{path}: carries no vesselview provenance (an output of an "
                     "older version, or a CSV without its sidecar file "
                     f"{os.path.basename(sidecar)}); it cannot be verified", source=path)


def read_text(path: str) -> str:
    """An output's text (file names that are not UTF-8 kept as written).

    Raises
    ------
    InputError
        Naming ``path`` when it cannot be read.
    """
    try:
        with open(path, encoding="utf-8", errors="surrogateescape", newline="") as stream:
            return stream.read()
    except OSError as error:
        raise InputError(f"{path}: cannot read the output ({error.strerror})",
                         source=path) from None


def _parsed(block: str, path: str) -> object:
    try:
        return json.loads(block)
    except ValueError:
        raise InputError(f"{path}: its provenance block is not JSON (edited by hand?); it "
                         "cannot be verified", source=path) from None


def _json_text(provenance: Provenance) -> str:
    return json.dumps(provenance.to_dict(), indent=2, allow_nan=False)
