"""Exports of the inspector's current result, in the batch CLI's formats (no Qt)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from vesselview.engine.case import Case
from vesselview.engine.result import Result
from vesselview.errors import InputError
from vesselview.io.candidate_flags import candidate_flags
from vesselview.io.output_file import atomic_output, check_output
from vesselview.io.provenance import Provenance
from vesselview.io.provenance_formats import write_sidecar
from vesselview.io.writers import result_record, write_csv, write_json


def case_id(case: Case) -> str:
    """Identifier of a case in exported rows: the candidate's file name without extension."""
    candidate = case.sources.get("candidate", "candidate")
    return os.path.splitext(os.path.basename(candidate))[0] or candidate


def write_output(path: str, inputs: Iterable[str | None], write: Callable[[], object]) -> None:
    """Run ``write`` (which writes ``path``) after checking ``path`` is none of ``inputs``.

    Every file the window saves goes through here, so an export or a session never
    replaces an open image; the writers replace ``path`` whole (`atomic_output`).

    Raises
    ------
    InputError
        Naming ``path`` when it is one of ``inputs``, a folder, or cannot be written.
    """
    check_output(path, inputs)
    try:
        write()
    except OSError as error:
        raise InputError(f"{path}: cannot be written ({error.strerror or error}); "
                         "choose another folder or free some space", source=path) from None


def write_metrics(path: str | os.PathLike, result: Result, case: Case,
                  provenance: Provenance | None = None) -> None:
    """Write the metrics of ``result`` as CSV (``.csv``) or JSON (any other suffix).

    The columns and encoding are those of ``vesselview-eval``; so is the place of
    ``provenance``, when given: the JSON's ``"provenance"`` object, or the CSV's sidecar
    file ``OUTPUT.provenance.json`` (written after the CSV).

    Raises
    ------
    InputError
        When the file cannot be written (the previous file, if any, stays as it was).
    """
    record = result_record(result, id=case_id(case), sources=case.sources,
                           flags=candidate_flags(case, result.params.threshold),
                           spacing_um=case.spacing_um, fov_diameter_px=case.fov_diameter_px)
    output = os.fspath(path)
    is_csv = output.lower().endswith(".csv")
    with atomic_output(output) as stream:
        if is_csv:
            write_csv([record], stream, version=result.version)
        else:
            write_json([record], result.params, stream, version=result.version,
                       provenance=provenance)
    if is_csv and provenance is not None:
        write_sidecar(output, provenance)
