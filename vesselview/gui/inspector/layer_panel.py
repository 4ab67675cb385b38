"""Layer panel: per layer visibility, opacity, outline-or-fill and class colours.

The styles and the order of the layers live in the application model
(`vesselview.app.layer_styles.LayerStyles`): the panel edits them there and redraws a
row whenever the model announces a change, whoever made it (a key, a session). Each
class row carries a colour button; pixel counts are in the legend on the image. The
name column takes the width the opacity and outline controls leave (long titles elide,
their tooltip has them in full, their lengths in the window's length unit); each
opacity slider shows its value in per cent (`vesselview.gui.inspector.layer_row_widgets`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QColor, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QColorDialog,
    QHeaderView,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from vesselview.app.display import DisplayLayer
from vesselview.app.layer_styles import LayerStyles
from vesselview.app.length_units import LengthScale
from vesselview.app.style import FUNDUS, LayerStyle
from vesselview.engine.layers import RGBA
from vesselview.gui.inspector.layer_row_widgets import (
    TONE_ROWS,
    PercentSlider,
    colour_icon,
    fixed_child,
)
from vesselview.gui.shortcuts import LAYER_KEYS

_NAME, _OPACITY, _OUTLINE = range(3)


class LayerPanel(QTreeWidget):
    """Tree of layers (top level) and their classes (children).

    Rows go bottom to top of the stacking: a layer draws over the rows above it. A layer
    row dragged onto another row moves that layer there in the model's order (the
    fundus stays at the bottom); the panel then follows the model.

    Parameters
    ----------
    layers : LayerStyles
        The model's layer styles and order (edited and observed).

    Attributes
    ----------
    length_scale : LengthScale
        The unit the titles give lengths in (`set_length_scale`; px at first).
    """

    def __init__(self, layers: LayerStyles, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.layer_styles = layers
        self.setColumnCount(3)
        self.setHeaderLabels(["Layer", "Opacity", "Outline"])
        self.setRootIsDecorated(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDragEnabled(True)
        self.setToolTip("Drag a layer to restack it: lower rows draw on top")
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(_NAME, QHeaderView.ResizeMode.Stretch)
        for column in (_OPACITY, _OUTLINE):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.length_scale = LengthScale()
        self._layers: dict[str, DisplayLayer] = {}
        self._items: dict[str, QTreeWidgetItem] = {}
        self._rows: list[str] = []
        self._shown_shape: list[tuple[str, tuple[int, ...]]] = []
        self.itemChanged.connect(self._on_item_changed)
        layers.changed.connect(self._on_style_changed)
        layers.order_changed.connect(self._on_order_changed)
        self._rebuild()

    @property
    def styles(self) -> Mapping[str, LayerStyle]:
        """Layer name -> style (the model's)."""
        return self.layer_styles.styles

    @property
    def names(self) -> list[str]:
        """Layer names in panel order (the model's order)."""
        return [name for name in self.layer_styles.names if name == FUNDUS or name in self._layers]

    def set_layers(self, layers: Mapping[str, DisplayLayer]) -> None:
        """Show the display layers of a new result (styles and order from the model)."""
        self._layers = dict(layers)
        self.layer_styles.set_layers(layers)
        if self._row_shape() == self._shown_shape:
            self._refresh_texts()
        else:
            self._rebuild()

    def set_length_scale(self, scale: LengthScale) -> None:
        """Give the titles' lengths in ``scale``'s unit from now on, the shown ones too."""
        self.length_scale = scale
        self._refresh_texts()

    def _row_shape(self) -> list[tuple[str, tuple[int, ...]]]:
        """Each row's layer name with the class values its child rows stand for: a layer's
        classes may change between results (e.g. "k of n observers" with another case)."""
        return [(name, tuple(entry.value for entry in self._layers[name].legend)
                 if name != FUNDUS and self._layers[name].kind == "classes" else ())
                for name in self.names]

    def set_style(self, name: str, style: LayerStyle) -> None:
        """Give layer ``name`` a new style (in the model; the row follows)."""
        self.layer_styles.set(name, style)

    def toggle(self, name: str) -> None:
        """Flip the visibility of layer ``name``."""
        self.layer_styles.toggle(name)

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
        self.layer_styles.set_colour(name, value, colour)

    def move_layer(self, name: str, target: str, after: bool) -> None:
        """Move layer ``name`` just before (``after=False``) or after layer ``target``."""
        order = [n for n in self.layer_styles.names if n != name]
        index = order.index(target) + int(after)
        self.layer_styles.move(name, max(index, order.index(FUNDUS) + 1))

    def dropEvent(self, event: QDropEvent) -> None:
        """Restack the dragged layer in the model (Qt's own row move is refused)."""
        dragged, target = self.current_name(), self.itemAt(event.position().toPoint())
        event.setDropAction(Qt.DropAction.IgnoreAction)
        event.accept()
        while target is not None and target.parent() is not None:
            target = target.parent()
        if target is None or dragged == FUNDUS:
            return
        after = event.position().y() > self.visualItemRect(target).center().y()
        self.move_layer(dragged, target.data(_NAME, Qt.ItemDataRole.UserRole), after)

    def _on_style_changed(self, name: str, style: LayerStyle) -> None:
        item = self._items.get(name)
        if item is None:
            return
        with QSignalBlocker(self):
            item.setCheckState(_NAME, Qt.CheckState.Checked if style.visible
                               else Qt.CheckState.Unchecked)
        self._sync_widgets(name)

    def _on_order_changed(self, _names: list[str]) -> None:
        if self.names != self._rows:
            self._rebuild()

    def _rebuild(self) -> None:
        with QSignalBlocker(self):
            self.clear()
            self._items = {}
            self._rows = self.names
            self._shown_shape = self._row_shape()
            for name in self._rows:
                item = QTreeWidgetItem(self)
                item.setData(_NAME, Qt.ItemDataRole.UserRole, name)
                flags = item.flags() | Qt.ItemFlag.ItemIsUserCheckable
                flags &= ~Qt.ItemFlag.ItemIsDropEnabled
                if name == FUNDUS:
                    flags &= ~Qt.ItemFlag.ItemIsDragEnabled
                item.setFlags(flags)
                item.setCheckState(_NAME, Qt.CheckState.Checked if self.styles[name].visible
                                   else Qt.CheckState.Unchecked)
                self._items[name] = item
                self._add_widgets(name, item)
            self._refresh_texts()

    def _add_widgets(self, name: str, item: QTreeWidgetItem) -> None:
        slider = PercentSlider()
        slider.setToolTip(f"Opacity of {name}")
        slider.valueChanged.connect(lambda value, n=name: self._edit(n, opacity=value / 100))
        self.setItemWidget(item, _OPACITY, slider)
        if name == FUNDUS:
            self._add_tone_rows(item)
        layer = self._layers.get(name)
        if layer is None or layer.kind != "classes":
            self._sync_widgets(name)
            return
        outline = QCheckBox()
        outline.setToolTip("Draw class borders only (outline) instead of filled areas")
        outline.toggled.connect(lambda on, n=name: self._edit(n, outline=on))
        self.setItemWidget(item, _OUTLINE, outline)
        for entry in layer.legend:
            child = fixed_child(item)
            button = QToolButton()
            button.setToolTip(f"Change the colour of '{entry.name}'")
            button.clicked.connect(lambda _=False, n=name, v=entry.value: self._pick_colour(n, v))
            self.setItemWidget(child, _OPACITY, button)
        self._sync_widgets(name)

    def _add_tone_rows(self, item: QTreeWidgetItem) -> None:
        """Brightness and contrast sliders under the fundus row (per cent)."""
        for field, title, (low, high) in TONE_ROWS:
            child = fixed_child(item)
            child.setText(_NAME, title)
            slider = PercentSlider(round(low * 100), round(high * 100))
            slider.setToolTip(f"{title} of the fundus photograph")
            slider.valueChanged.connect(
                lambda value, f=field: self._edit(FUNDUS, **{f: value / 100}))
            self.setItemWidget(child, _OPACITY, slider)

    def _refresh_texts(self) -> None:
        """Titles, class names, counts and swatches from the current layers and styles."""
        for index, name in enumerate(self._rows):
            item = self._items[name]
            if name == FUNDUS:
                item.setText(_NAME, "Fundus photograph")
                item.setToolTip(_NAME, "Fundus photograph" + _key_hint(index))
                continue
            layer = self._layers[name]
            title = self.length_scale.in_text(layer.title)
            item.setText(_NAME, title)
            item.setToolTip(_NAME, title + _key_hint(index))
            for row, entry in enumerate(layer.legend if layer.kind == "classes" else ()):
                child = cast(QTreeWidgetItem, item.child(row))  # one child per class
                child.setText(_NAME, entry.name)
                child.setToolTip(_NAME, entry.name)
            self._sync_widgets(name)

    def _sync_widgets(self, name: str) -> None:
        """Put the style of ``name`` into its row's widgets without emitting edits."""
        item, style = self._items[name], self.styles[name]
        # the widgets _add_widgets put there
        slider = cast(PercentSlider, self.itemWidget(item, _OPACITY))
        with QSignalBlocker(slider):
            slider.setValue(round(style.opacity * 100))
        for row, (field, _, _) in enumerate(TONE_ROWS if name == FUNDUS else ()):
            tone = cast(PercentSlider, self.itemWidget(cast(QTreeWidgetItem, item.child(row)),
                                                       _OPACITY))
            with QSignalBlocker(tone):
                tone.setValue(round(getattr(style, field) * 100))
        outline = cast(QCheckBox | None, self.itemWidget(item, _OUTLINE))
        if outline is not None:
            with QSignalBlocker(outline):
                outline.setChecked(style.outline)
        layer = self._layers.get(name)
        if layer is not None and layer.kind == "classes":
            colours = style.colour_map
            for index, entry in enumerate(layer.legend):
                child = cast(QTreeWidgetItem, item.child(index))
                button = cast(QToolButton, self.itemWidget(child, _OPACITY))
                button.setIcon(colour_icon(colours.get(entry.value, entry.colour)))

    def _edit(self, name: str, **changes: object) -> None:
        self.layer_styles.edit(name, **changes)

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
            self.set_colour(name, value, cast(RGBA, chosen.getRgb()))


def _key_hint(row: int) -> str:
    """Tooltip note on the number key that shows or hides the layer in panel row ``row``."""
    return f" (key {LAYER_KEYS[row]} shows or hides it)" if row < len(LAYER_KEYS) else ""
