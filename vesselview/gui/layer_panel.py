"""Layer panel: per layer visibility, opacity, outline-or-fill and class colours.

The panel owns the `LayerStyle` of every layer (the fundus first, then the layers of
the current result in their order) and emits ``style_changed`` on every edit. Each
class row carries a colour button; pixel counts are in the legend on the image.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QSlider,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from vesselview.engine.layers import RGBA
from vesselview.gui.display import DisplayLayer
from vesselview.gui.style import FUNDUS, LayerStyle, default_style

_NAME, _OPACITY, _OUTLINE = range(3)


def colour_icon(colour: RGBA, size: int = 14) -> QIcon:
    """A square icon filled with ``colour``."""
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(*colour))
    return QIcon(pixmap)


class LayerPanel(QTreeWidget):
    """Tree of layers (top level) and their classes (children).

    Signals
    -------
    style_changed(str, LayerStyle)
        A layer's style was edited (name, new style).
    """

    style_changed = Signal(str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels(["Layer", "Opacity", "Outline"])
        self.setRootIsDecorated(True)
        self.styles: dict[str, LayerStyle] = {FUNDUS: default_style(FUNDUS)}
        self._layers: dict[str, DisplayLayer] = {}
        self._items: dict[str, QTreeWidgetItem] = {}
        self.itemChanged.connect(self._on_item_changed)
        self._rebuild()

    @property
    def names(self) -> list[str]:
        """Layer names in panel order (fundus first)."""
        return [FUNDUS, *self._layers]

    def set_layers(self, layers: Mapping[str, DisplayLayer]) -> None:
        """Show the layers of a new result (keeping the styles of known names)."""
        same_rows = list(layers) == list(self._layers)
        self._layers = dict(layers)
        for name in layers:
            self.styles.setdefault(name, default_style(name))
        if same_rows:
            self._refresh_texts()
        else:
            self._rebuild()

    def set_styles(self, styles: Mapping[str, LayerStyle]) -> None:
        """Replace the styles of the named layers (session load) and report each."""
        for name, style in styles.items():
            self.set_style(name, style)

    def set_style(self, name: str, style: LayerStyle) -> None:
        """Give layer ``name`` a new style, update the row and emit ``style_changed``."""
        self.styles[name] = style
        item = self._items.get(name)
        if item is not None:
            self.blockSignals(True)
            item.setCheckState(_NAME, Qt.CheckState.Checked if style.visible
                               else Qt.CheckState.Unchecked)
            self.blockSignals(False)
            self._sync_widgets(name)
        self.style_changed.emit(name, style)

    def toggle(self, name: str) -> None:
        """Flip the visibility of layer ``name``."""
        self._edit(name, visible=not self.styles[name].visible)

    def toggle_current(self) -> None:
        """Flip the visibility of the selected layer."""
        self.toggle(self.current_name())

    def current_name(self) -> str:
        """Name of the selected layer (the fundus when nothing is selected)."""
        item = self.currentItem()
        while item is not None and item.parent() is not None:
            item = item.parent()
        return item.data(_NAME, Qt.ItemDataRole.UserRole) if item is not None else FUNDUS

    def select_step(self, step: int) -> None:
        """Select the next (``step=1``) or previous (``-1``) layer, wrapping around."""
        names = self.names
        index = (names.index(self.current_name()) + step) % len(names)
        self.setCurrentItem(self._items[names[index]])

    def set_colour(self, name: str, value: int, colour: RGBA) -> None:
        """Draw class ``value`` of layer ``name`` in ``colour``."""
        self.set_style(name, self.styles[name].with_colour(value, colour))

    def _rebuild(self) -> None:
        self.blockSignals(True)
        self.clear()
        self._items = {}
        for name in self.names:
            item = QTreeWidgetItem(self)
            item.setData(_NAME, Qt.ItemDataRole.UserRole, name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(_NAME, Qt.CheckState.Checked if self.styles[name].visible
                               else Qt.CheckState.Unchecked)
            self._items[name] = item
            self._add_widgets(name, item)
        self._refresh_texts()
        self.blockSignals(False)
        self.setColumnWidth(_NAME, 228)
        self.setColumnWidth(_OPACITY, 70)

    def _add_widgets(self, name: str, item: QTreeWidgetItem) -> None:
        slider = QSlider(Qt.Orientation.Horizontal)
        slider.setRange(0, 100)
        slider.setFixedWidth(64)
        slider.setToolTip(f"Opacity of {name}")
        slider.valueChanged.connect(lambda value, n=name: self._edit(n, opacity=value / 100))
        self.setItemWidget(item, _OPACITY, slider)
        layer = self._layers.get(name)
        if layer is None or layer.kind != "classes":
            self._sync_widgets(name)
            return
        outline = QCheckBox()
        outline.setToolTip("Draw class borders only (outline) instead of filled areas")
        outline.toggled.connect(lambda on, n=name: self._edit(n, outline=on))
        self.setItemWidget(item, _OUTLINE, outline)
        for entry in layer.legend:
            child = QTreeWidgetItem(item)
            button = QToolButton()
            button.setToolTip(f"Change the colour of '{entry.name}'")
            button.clicked.connect(lambda _=False, n=name, v=entry.value: self._pick_colour(n, v))
            self.setItemWidget(child, _OPACITY, button)
        self._sync_widgets(name)

    def _refresh_texts(self) -> None:
        """Titles, class names, counts and swatches from the current layers and styles."""
        self._items[FUNDUS].setText(_NAME, "Fundus photograph")
        for name, layer in self._layers.items():
            item = self._items[name]
            item.setText(_NAME, layer.title)
            item.setToolTip(_NAME, f"{layer.title} ({name})")
            for index, entry in enumerate(layer.legend if layer.kind == "classes" else ()):
                item.child(index).setText(_NAME, entry.name)
            self._sync_widgets(name)

    def _sync_widgets(self, name: str) -> None:
        """Put the style of ``name`` into its row's widgets without emitting edits."""
        item, style = self._items[name], self.styles[name]
        slider = self.itemWidget(item, _OPACITY)
        slider.blockSignals(True)
        slider.setValue(round(style.opacity * 100))
        slider.blockSignals(False)
        outline = self.itemWidget(item, _OUTLINE)
        if outline is not None:
            outline.blockSignals(True)
            outline.setChecked(style.outline)
            outline.blockSignals(False)
        layer = self._layers.get(name)
        if layer is not None and layer.kind == "classes":
            colours = style.colour_map
            for index, entry in enumerate(layer.legend):
                button = self.itemWidget(item.child(index), _OPACITY)
                button.setIcon(colour_icon(colours.get(entry.value, entry.colour)))

    def _edit(self, name: str, **changes: object) -> None:
        self.set_style(name, dataclasses.replace(self.styles[name], **changes))

    def _on_item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        name = item.data(_NAME, Qt.ItemDataRole.UserRole)
        if column == _NAME and name is not None:
            visible = item.checkState(_NAME) == Qt.CheckState.Checked
            if visible != self.styles[name].visible:
                self._edit(name, visible=visible)

    def _pick_colour(self, name: str, value: int) -> None:
        current = self.styles[name].colour_map.get(value)
        layer = self._layers[name]
        default = next(e.colour for e in layer.legend if e.value == value)
        chosen = QColorDialog.getColor(QColor(*(current or default)), self, "Class colour",
                                       QColorDialog.ColorDialogOption.ShowAlphaChannel)
        if chosen.isValid():
            self.set_colour(name, value, chosen.getRgb())
