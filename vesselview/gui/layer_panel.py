"""Layer panel: per layer visibility, opacity, outline-or-fill and class colours.

The panel owns the `LayerStyle` of every layer (the fundus first, then the layers of
the current result in their order) and emits ``style_changed`` on every edit. Each
class row carries a colour button; pixel counts are in the legend on the image. The
name column takes the width the opacity and outline controls leave (long titles elide,
their tooltip has them in full); each opacity slider shows its value in per cent.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSlider,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from vesselview.engine.layers import RGBA
from vesselview.gui.display import DisplayLayer
from vesselview.gui.shortcuts import LAYER_KEYS
from vesselview.gui.style import FUNDUS, LayerStyle, default_style

_NAME, _OPACITY, _OUTLINE = range(3)


class OpacityControl(QWidget):
    """A 0-100 slider with its value in per cent beside it.

    Signals
    -------
    valueChanged(int)
        The slider moved (per cent).
    """

    valueChanged = Signal(int)  # noqa: N815 - Qt naming, as QSlider's

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, 100)
        self.slider.setFixedWidth(48)
        self.label = QLabel()
        self.label.setMinimumWidth(self.label.fontMetrics().horizontalAdvance("100%"))
        self.label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 0, 2, 0)
        layout.setSpacing(3)
        layout.addWidget(self.slider)
        layout.addWidget(self.label)
        self.slider.valueChanged.connect(self._on_slider)
        self._on_slider(self.slider.value())

    def value(self) -> int:
        """Opacity in per cent."""
        return self.slider.value()

    def setValue(self, value: int) -> None:  # noqa: N802 - Qt naming, as QSlider's
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
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(_NAME, QHeaderView.ResizeMode.Stretch)
        for column in (_OPACITY, _OUTLINE):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
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

    def _add_widgets(self, name: str, item: QTreeWidgetItem) -> None:
        slider = OpacityControl()
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
        self._items[FUNDUS].setToolTip(_NAME, "Fundus photograph" + _key_hint(0))
        for index, (name, layer) in enumerate(self._layers.items(), start=1):
            item = self._items[name]
            item.setText(_NAME, layer.title)
            item.setToolTip(_NAME, layer.title + _key_hint(index))
            for row, entry in enumerate(layer.legend if layer.kind == "classes" else ()):
                item.child(row).setText(_NAME, entry.name)
                item.child(row).setToolTip(_NAME, entry.name)
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


def _key_hint(row: int) -> str:
    """Tooltip note on the number key that shows or hides the layer in panel row ``row``."""
    return f" (key {LAYER_KEYS[row]} shows or hides it)" if row < len(LAYER_KEYS) else ""
