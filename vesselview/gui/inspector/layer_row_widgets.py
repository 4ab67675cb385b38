"""The widgets in a layer panel row: per-cent sliders (opacity; the fundus's brightness
and contrast, `TONE_ROWS`) with their value beside them, colour swatches, and the child
rows that hold a class's or a tone's widget (`fixed_child`)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSlider, QTreeWidgetItem, QWidget

from vesselview.app.style import BRIGHTNESS_RANGE, CONTRAST_RANGE
from vesselview.engine.layers import RGBA

#: The fundus row's tone sliders: style field, title, range (`vesselview.app.style`).
TONE_ROWS = (("brightness", "Brightness", BRIGHTNESS_RANGE),
             ("contrast", "Contrast", CONTRAST_RANGE))


class PercentSlider(QWidget):
    """A slider over ``minimum``..``maximum`` per cent with its value beside it.

    Signals
    -------
    valueChanged(int)
        The slider moved (per cent).
    """

    valueChanged = Signal(int)

    def __init__(self, minimum: int = 0, maximum: int = 100,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(minimum, maximum)
        self.slider.setFixedWidth(48)
        self.label = QLabel()
        widest = max((f"{minimum}%", f"{maximum}%"), key=len)
        self.label.setMinimumWidth(self.label.fontMetrics().horizontalAdvance(widest))
        self.label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 0, 2, 0)
        layout.setSpacing(3)
        layout.addWidget(self.slider)
        layout.addWidget(self.label)
        self.slider.valueChanged.connect(self._on_slider)
        self._on_slider(self.slider.value())

    def value(self) -> int:
        """The value in per cent."""
        return self.slider.value()

    def setValue(self, value: int) -> None:
        """Move the slider to ``value`` per cent."""
        self.slider.setValue(value)

    def _on_slider(self, value: int) -> None:
        self.label.setText(f"{value}%")
        self.valueChanged.emit(value)


def colour_icon(colour: RGBA, size: int = 14) -> QIcon:
    """A square icon filled with ``colour``."""
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(*colour))
    return QIcon(pixmap)


def fixed_child(item: QTreeWidgetItem) -> QTreeWidgetItem:
    """A new child row of ``item`` (a class or a tone slider) that is neither dragged nor
    dropped on: only layers restack."""
    child = QTreeWidgetItem(item)
    child.setFlags(child.flags() & ~(Qt.ItemFlag.ItemIsDragEnabled
                                     | Qt.ItemFlag.ItemIsDropEnabled))
    return child
