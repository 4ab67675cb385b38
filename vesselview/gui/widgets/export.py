"""File dialogs' filters, the save dialog and widget screenshots (PNG).

The metrics themselves are written by `vesselview.app.export` (the CLI's formats).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtWidgets import QFileDialog, QWidget

IMAGE_FILTER = "Images (*.png *.gif *.tif *.tiff *.jpg *.jpeg *.bmp *.ppm *.pgm);;All files (*)"
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
