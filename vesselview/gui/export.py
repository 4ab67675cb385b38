"""Export: the save dialog, widget screenshots (PNG) and the current metrics as CSV or JSON.

Metrics go through `vesselview.io.writers`, so a file exported here has exactly the
columns and encoding of the batch CLI's output.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtWidgets import QFileDialog, QWidget

from vesselview.engine.case import Case
from vesselview.engine.result import Result
from vesselview.io.writers import result_record, write_csv, write_json

CSV_FILTER = "CSV (*.csv)"
PNG_FILTER = "PNG image (*.png)"
METRICS_FILTER = "CSV (*.csv);;JSON (*.json)"


def save_with_dialog(parent: QWidget, title: str, file_filter: str,
                     write: Callable[[str], object],
                     report: Callable[[str], object] | None = None) -> None:
    """Ask for a file to save to, then ``write(path)``; a cancelled dialog does nothing.

    Parameters
    ----------
    parent : QWidget
        The dialog's parent.
    title : str
        The dialog's title, e.g. ``"Export CSV"``.
    file_filter : str
        Qt name filter, e.g. `CSV_FILTER`.
    write : callable
        ``write(path)`` writes the file.
    report : callable, optional
        When given, an OSError from ``write`` is shown as ``report(f"{path}: {error}")``
        instead of raised.
    """
    path, _ = QFileDialog.getSaveFileName(parent, title, "", file_filter)
    if not path:
        return
    try:
        write(path)
    except OSError as error:
        if report is None:
            raise
        report(f"{path}: {error}")


def save_screenshot(widget: QWidget, path: str | os.PathLike) -> None:
    """Render ``widget`` (as shown, children included) into a PNG file.

    Raises
    ------
    OSError
        When the file cannot be written.
    """
    if not widget.grab().save(os.fspath(path), "PNG"):
        raise OSError(f"cannot write the PNG file {os.fspath(path)}")


def case_id(case: Case) -> str:
    """Identifier of a case in exported rows: the candidate's file name without extension."""
    candidate = case.sources.get("candidate", "candidate")
    return os.path.splitext(os.path.basename(candidate))[0] or candidate


def write_metrics(path: str | os.PathLike, result: Result, case: Case) -> None:
    """Write the metrics of ``result`` as CSV (``.csv``) or JSON (any other suffix).

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
