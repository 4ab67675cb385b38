"""Exports of the inspector's current result, in the batch CLI's formats (no Qt)."""

from __future__ import annotations

import os

from vesselview.engine.case import Case
from vesselview.engine.result import Result
from vesselview.io.writers import result_record, write_csv, write_json


def case_id(case: Case) -> str:
    """Identifier of a case in exported rows: the candidate's file name without extension."""
    candidate = case.sources.get("candidate", "candidate")
    return os.path.splitext(os.path.basename(candidate))[0] or candidate


def write_metrics(path: str | os.PathLike, result: Result, case: Case) -> None:
    """Write the metrics of ``result`` as CSV (``.csv``) or JSON (any other suffix).

    The columns and encoding are those of ``vesselview-eval``.

    Raises
    ------
    OSError
        When the file cannot be written.
    """
    record = result_record(result, id=case_id(case), sources=case.sources)
    with open(path, "w", encoding="utf-8", newline="") as stream:
        if os.fspath(path).lower().endswith(".csv"):
            write_csv([record], stream, version=result.version)
        else:
            write_json([record], result.params, stream, version=result.version)
