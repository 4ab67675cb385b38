"""A scale bar drawn over the image: a white bar with a black outline and its length
in µm or mm above it, on the dark overlay background (readable on a projector, and
white on black needs no colour vision)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QWidget

from vesselview.app.spacing_display import length_text

_PADDING = 6  # pixels around the bar and its text
_BAR_HEIGHT = 6  # pixels, at text scale 1
_FONT_PX = 13  # text height at text scale 1


class ScaleBar(QWidget):
    """The bar: `show_length` sets its length in µm and on screen; hidden until then."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.text = ""
        self.bar_px = 0.0
        self._scale = 1.0
        self.hide()

    def set_text_scale(self, scale: float) -> None:
        """Draw the text and bar ``scale`` times the normal size (presentation mode)."""
        self._scale = scale
        self._fit()

    def show_length(self, um: float, bar_px: float) -> None:
        """Show a bar of ``um`` µm that is ``bar_px`` screen pixels long."""
        self.text, self.bar_px = length_text(um), bar_px
        self._fit()
        self.show()
        self.update()

    def _font(self) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(round(_FONT_PX * self._scale))
        font.setBold(True)
        return font

    def _fit(self) -> None:
        text = QFontMetrics(self._font())
        width = max(self.bar_px, text.horizontalAdvance(self.text)) + 2 * _PADDING
        height = text.height() + _BAR_HEIGHT * self._scale + 3 * _PADDING
        self.resize(round(width), round(height))

    def paintEvent(self, _event) -> None:
        """Background, length text and bar, centred."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 20, 20, 200))
        painter.drawRoundedRect(QRectF(self.rect()), 4, 4)
        painter.setFont(self._font())
        painter.setPen(QColor(240, 240, 240))
        bar_height = _BAR_HEIGHT * self._scale
        text_rect = QRectF(0, _PADDING, self.width(), self.height() - bar_height - 3 * _PADDING)
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, self.text)
        bar = QRectF((self.width() - self.bar_px) / 2, self.height() - _PADDING - bar_height,
                     self.bar_px, bar_height)
        painter.setPen(QPen(QColor(0, 0, 0), 1.5))
        painter.setBrush(QColor(255, 255, 255))
        painter.drawRect(bar)
        painter.end()
