"""File dialogs' filters, the save dialog and widget screenshots (PNG).

The metrics themselves are written by `vesselview.app.export` (the CLI's formats).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage, QPainter, QPixmap
from PySide6.QtWidgets import QFileDialog, QWidget

from vesselview.app.export import write_output
from vesselview.errors import InputError

IMAGE_FILTER = "Images (*.png *.gif *.tif *.tiff *.jpg *.jpeg *.bmp *.ppm *.pgm);;All files (*)"
CSV_FILTER = "CSV (*.csv)"
PNG_FILTER = "PNG image (*.png)"
METRICS_FILTER = "CSV (*.csv);;JSON (*.json)"


def save_with_dialog(parent: QWidget, title: str, file_filter: str,
                     write: Callable[[str], object],
                     report: Callable[[str], object] | None = None,
                     inputs: Iterable[str] = ()) -> None:
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
        When given, an `InputError` (an unwritable ``path``, or one ``write`` raised)
        is shown through ``report`` (naming ``path``) instead of raised.
    inputs : iterable of str
        Files open in the window: choosing one of them is refused (`InputError`).
    """
    path, _ = QFileDialog.getSaveFileName(parent, title, "", file_filter)
    if not path:
        return
    try:  # a missing folder or a full disk is said in plain words, naming the file
        write_output(path, inputs, lambda: write(path))
    except InputError as error:
        if report is None:
            raise
        report(str(error))


def save_screenshot(widget: QWidget, path: str | os.PathLike) -> None:
    """Render ``widget`` (as shown, children included) into a PNG file.

    Raises
    ------
    OSError
        When the file cannot be written.
    """
    if not widget.grab().save(os.fspath(path), "PNG"):
        raise OSError(f"cannot write the PNG file {os.fspath(path)}")


_CAPTION_MARGIN = 8  # pixels around the caption text
_CAPTION_FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap


def captioned_image(widget: QWidget, lines: list[str]) -> QImage:
    """``widget`` rendered with ``lines`` of text word-wrapped in a strip below it."""
    shot = widget.grab().toImage()
    width = shot.width()
    text = "\n".join(lines)
    metrics = QFontMetrics(widget.font())
    box = metrics.boundingRect(QRect(0, 0, width - 2 * _CAPTION_MARGIN, 100_000),
                               _CAPTION_FLAGS, text)
    height = box.height() + 2 * _CAPTION_MARGIN
    image = QImage(width, shot.height() + height, QImage.Format.Format_RGB32)
    image.fill(QColor(255, 255, 255))
    painter = QPainter(image)
    painter.drawImage(0, 0, shot)
    painter.setFont(widget.font())
    painter.setPen(QColor(20, 20, 20))
    painter.drawText(QRect(_CAPTION_MARGIN, shot.height() + _CAPTION_MARGIN,
                           width - 2 * _CAPTION_MARGIN, box.height()), _CAPTION_FLAGS, text)
    painter.end()
    return image


def save_captioned(widget: QWidget, lines: list[str], path: str | os.PathLike) -> None:
    """Save ``widget`` with a caption (`captioned_image`) as PNG; OSError if unwritable."""
    if not QPixmap.fromImage(captioned_image(widget, lines)).save(os.fspath(path), "PNG"):
        raise OSError(f"cannot write the PNG file {os.fspath(path)}")
