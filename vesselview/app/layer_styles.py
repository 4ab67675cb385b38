"""The layers' cosmetic state: one `LayerStyle` per layer and the layers' order.

Held by the application model (`vesselview.app.inspector.Inspector`); the layer panel
and the image view observe it through its events. Nothing here triggers an evaluation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from vesselview.app.events import Event
from vesselview.app.style import (
    DEFAULT_VISIBLE,
    FUNDUS,
    LayerStyle,
    default_rank,
    default_style,
    hidden_by,
)
from vesselview.engine.layers import RGBA


class LayerStyles:
    """Styles and order of the fundus and the current result's layers.

    Attributes
    ----------
    changed : Event
        ``(name, style)`` after a layer's style changed.
    order_changed : Event
        ``(names)`` after layers were added, removed or moved.
    replaced : Event
        ``(shown, hidden)`` after showing layer ``shown`` hid layer ``hidden``, which
        colours the same pixels (`vesselview.app.style.SAME_PIXELS`).
    """

    def __init__(self) -> None:
        self._styles: dict[str, LayerStyle] = {FUNDUS: default_style(FUNDUS)}
        self._names: list[str] = [FUNDUS]
        self.changed = Event("layer style changed")
        self.order_changed = Event("layer order changed")
        self.replaced = Event("layer hidden by one colouring the same pixels")

    @property
    def styles(self) -> Mapping[str, LayerStyle]:
        """Layer name -> style (a read-only view)."""
        return dict(self._styles)

    @property
    def names(self) -> list[str]:
        """The layers in display order, bottom to top (the fundus first unless moved)."""
        return list(self._names)

    @property
    def visible(self) -> frozenset[str]:
        """Names of the visible layers, including those visible by default not shown yet.

        The first evaluation of a window prepares the default layers' display products
        off the main thread too.
        """
        chosen = frozenset(name for name, style in self._styles.items() if style.visible)
        return chosen | (DEFAULT_VISIBLE - set(self._styles))

    def __getitem__(self, name: str) -> LayerStyle:
        return self._styles[name]

    def set_layers(self, names: Iterable[str]) -> None:
        """Show the layers ``names`` of a new result (styles of known names are kept)."""
        wanted = [FUNDUS, *names]
        for name in wanted:
            self._styles.setdefault(name, default_style(name))
        order = [n for n in self._names if n in wanted]
        for name in wanted:
            if name not in order:  # a new layer goes where the default stacking puts it
                above = [i for i, n in enumerate(order) if default_rank(n) > default_rank(name)]
                order.insert(above[0] if above else len(order), name)
        self._set_order(order)

    def set(self, name: str, style: LayerStyle) -> None:
        """Give layer ``name`` (known or not yet shown) a new style; a visible one hides
        the shown layers that colour the same pixels (`hidden_by`), each said by
        ``replaced``."""
        if self._styles.get(name) == style:
            return
        self._styles[name] = style
        self.changed.emit(name, style)
        if not style.visible:
            return
        for other in sorted(hidden_by(name)):
            if other in self._styles and self._styles[other].visible:
                self.set(other, dataclasses.replace(self._styles[other], visible=False))
                self.replaced.emit(name, other)

    def edit(self, name: str, **changes: Any) -> None:
        """Change some fields of a layer's style (``visible``, ``opacity``, ``outline``)."""
        self.set(name, dataclasses.replace(self._styles[name], **changes))

    def toggle(self, name: str) -> None:
        """Flip the visibility of layer ``name``."""
        self.edit(name, visible=not self._styles[name].visible)

    def set_colour(self, name: str, value: int, colour: RGBA) -> None:
        """Draw class ``value`` of layer ``name`` in ``colour``."""
        self.set(name, self._styles[name].with_colour(value, colour))

    def move(self, name: str, index: int) -> None:
        """Put layer ``name`` at position ``index`` of the order."""
        order = [n for n in self._names if n != name]
        order.insert(index, name)
        self._set_order(order)

    def restore(self, styles: Mapping[str, LayerStyle]) -> None:
        """Apply saved styles (a session) and their order, also for layers not shown yet.

        Names that the next result does not have drop out of the order then.
        """
        for name, style in styles.items():
            self.set(name, style)
        self._set_order([*styles, *(n for n in self._names if n not in styles)])

    def _set_order(self, order: list[str]) -> None:
        if order != self._names:
            self._names = order
            self.order_changed.emit(self.names)
