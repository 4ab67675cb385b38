"""The text labels drawn over the image view, and where they go.

The legend, the banner, the caption and the headline of
`vesselview.gui.inspector.view.InspectorView` are labels on its canvas, light text on a
dark rounded box, transparent to the mouse. `place_labels` puts them in the corners and
along the top (the legend where it hides the least of the FOV: `legend_rect`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRect, Qt
from PySide6.QtWidgets import QLabel, QWidget

from vesselview.gui.inspector.legend_place import CORNERS, FovCounts, legend_rect

#: Pixels between the overlay labels (and the scale bar) and the view's edges.
OVERLAY_MARGIN = 8
#: The labels' font size in pixels at text scale 1.
OVERLAY_FONT_PX = 12


def overlay_label_style(font_px: int) -> str:
    """Style sheet of the labels drawn over the image, with ``font_px`` pixel text."""
    return ("QLabel { background-color: rgba(20, 20, 20, 200); color: #f0f0f0;"
            f" border-radius: 4px; padding: 6px; font-size: {font_px}px; }}")


def overlay_label(canvas: QWidget, alignment: Qt.AlignmentFlag) -> QLabel:
    """A hidden rich-text label over ``canvas``, its text aligned by ``alignment``."""
    label = QLabel(canvas)
    label.setStyleSheet(overlay_label_style(OVERLAY_FONT_PX))
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setAlignment(alignment)
    label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    label.hide()
    return label


def place_labels(canvas: QWidget, legend: QLabel, banner: QLabel, caption: QLabel,
                 headline: QLabel, to_image: Callable[[QPointF], QPointF],
                 fov: FovCounts | None) -> None:
    """Headline bottom right; legend in the corner where it hides the least of ``fov``
    (`legend_rect`; only the top corners while the headline shows); banner top centre,
    else beside the legend, else below it; caption bottom left.

    ``to_image`` maps a canvas pixel to image coordinates (x = column, y = row).
    """
    margin = OVERLAY_MARGIN
    headline.move(canvas.width() - headline.width() - margin,
                  canvas.height() - headline.height() - margin)
    corners = CORNERS[:2] if headline.isVisible() else CORNERS
    legend.setGeometry(legend_rect(canvas.width(), canvas.height(), legend.width(),
                                   legend.height(), margin, to_image, fov, corners))
    spot = QRect(max(margin, (canvas.width() - banner.width()) // 2), margin,
                 banner.width(), banner.height())
    taken = legend.geometry().adjusted(-margin, -margin, margin, margin)
    if legend.isVisible() and spot.intersects(taken):
        right_of = taken.right() + 1
        left_of = taken.left() - banner.width()
        if right_of + banner.width() <= canvas.width() - margin:
            spot.moveLeft(right_of)
        elif left_of >= margin:
            spot.moveLeft(left_of)
        elif legend.y() <= margin:  # the legend is at the top: below it
            spot.moveTop(taken.bottom() + 1)
    banner.move(spot.topLeft())
    caption.move(margin, canvas.height() - caption.height() - margin)
