"""File dialogs' filters, the save dialog and widget screenshots (PNG).

The metrics themselves are written by `vesselview.app.export` (the CLI's formats).
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Callable, Iterable

import numpy as np
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QFileDialog, QWidget

from vesselview.app.export import write_output
from vesselview.errors import InputError
from vesselview.io.provenance import Provenance
from vesselview.io.provenance_formats import PROVENANCE_KEY, figure_text

IMAGE_FILTER = "Images (*.png *.gif *.tif *.tiff *.jpg *.jpeg *.bmp *.ppm *.pgm);;All files (*)"
CSV_FILTER = "CSV (*.csv)"
PNG_FILTER = "PNG image (*.png)"
METRICS_FILTER = "CSV (*.csv);;JSON (*.json)"


def save_with_dialog(parent: QWidget, title: str, file_filter: str,
                     write: Callable[[str], object],
                     report: Callable[[str], object] | None = None,
                     inputs: Iterable[str] = (), suggested: str = "") -> None:
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
    suggested : str
        The path the dialog proposes (a folder and a file name), e.g. from `start_folder`.
    """
    path, chosen_filter = QFileDialog.getSaveFileName(parent, title, suggested, file_filter)
    if not path:
        return
    path = with_suffix(path, chosen_filter or file_filter)
    try:  # a missing folder or a full disk is said in plain words, naming the file
        write_output(path, inputs, lambda: write(path))
    except InputError as error:
        if report is None:
            raise
        report(str(error))


def with_suffix(path: str, file_filter: str) -> str:
    """``path`` with the first extension of ``file_filter`` (``"PNG image (*.png)"``)
    added when its name has none: ``export_view`` -> ``export_view.png``."""
    found = re.search(r"\*(\.\w+)", file_filter)
    if found is None or os.path.splitext(os.path.basename(path))[1]:
        return path
    return path + found.group(1)


def save_screenshot(widget: QWidget, path: str | os.PathLike,
                    provenance: Provenance | None = None) -> None:
    """Render ``widget`` (as shown, children included) into a PNG file, with
    ``provenance`` in its text chunk when given (`save_image`).

    Raises
    ------
    OSError
        When the file cannot be written.
    """
    save_image(widget.grab().toImage(), path, provenance)


_CAPTION_MARGIN = 8  # pixels around the caption text
#: The caption strip is at least this wide (pixels), so a small image's caption stays legible.
CAPTION_MIN_WIDTH = 640
_STRIP_COLOUR, _TEXT_COLOUR = QColor(32, 32, 32), "#f0f0f0"  # the legend's colours are for dark


def captioned(image: QImage, lines: list[str], font: QFont, legend: str = "") -> QImage:
    """``image`` with a dark strip below it: the ``legend`` (rich text, as drawn over the
    view) and ``lines`` of plain text, word-wrapped; the strip is at least
    `CAPTION_MIN_WIDTH` wide."""
    width = max(image.width(), CAPTION_MIN_WIDTH)
    document = QTextDocument()
    document.setDefaultFont(font)
    document.setDefaultStyleSheet(f"body {{ color: {_TEXT_COLOUR}; }}")
    text = "<br>".join(html.escape(line) for line in lines)
    document.setHtml(f"<body>{legend + '<br>' if legend else ''}{text}</body>")
    document.setTextWidth(width - 2 * _CAPTION_MARGIN)
    strip = int(document.size().height()) + 2 * _CAPTION_MARGIN
    result = QImage(width, image.height() + strip, QImage.Format.Format_RGB32)
    result.fill(_STRIP_COLOUR)
    painter = QPainter(result)
    painter.drawImage(0, 0, image)
    painter.translate(_CAPTION_MARGIN, image.height() + _CAPTION_MARGIN)
    document.drawContents(painter)
    painter.end()
    return result


def rgb_image(rgb: np.ndarray) -> QImage:
    """A QImage copy of ``rgb`` (uint8, shape (H, W, 3))."""
    data = np.ascontiguousarray(rgb)
    height, width = data.shape[:2]
    return QImage(data.data, width, height, 3 * width, QImage.Format.Format_RGB888).copy()


def save_image(image: QImage, path: str | os.PathLike,
               provenance: Provenance | None = None) -> None:
    """Save ``image`` as PNG, with ``provenance`` (when given) as the JSON text of its
    `PROVENANCE_KEY` text chunk; OSError if the file cannot be written."""
    if provenance is not None:
        image = image.copy()  # setText would change the caller's image
        image.setText(PROVENANCE_KEY, figure_text(provenance))
    # PySide6 takes the format as str at run time; its stubs say bytes
    if not image.save(os.fspath(path), "PNG"):  # type: ignore[call-overload]
        raise OSError(f"cannot write the PNG file {os.fspath(path)}")
