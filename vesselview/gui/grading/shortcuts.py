"""The grading keys as shortcuts, and the marking-tool switches the keys and the panel make.

The grading window owns its keymap (key sequence -> action, built from the table in
`vesselview.gui.grading.keys`); `install_keymap` turns it into shortcuts, and
`MarkingTools` contributes the keys of the marking tools and labels. Nothing here knows
the window.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

from vesselview.gui.grading.image import GradingImage
from vesselview.gui.grading.keys import LABEL_KEYS, Action, Keymap, keymap
from vesselview.gui.grading.marking import MarkEditor, Tool
from vesselview.gui.grading.panel import GradingPanel
from vesselview.io.grading_files import MARK_LABELS


def install_keymap(widget: QWidget, keys: Mapping[str, Action]) -> list[QShortcut]:
    """One shortcut of ``widget`` per key sequence of ``keys``, running its action."""
    shortcuts = []
    for sequence, action in keys.items():
        shortcut = QShortcut(QKeySequence(sequence), widget)
        shortcut.activated.connect(action)
        shortcuts.append(shortcut)
    return shortcuts


class MarkingTools:
    """Switches the marking tool, label and brush of a grading image, shown on its panel.

    Parameters
    ----------
    editor : MarkEditor
        The marks being edited.
    panel : GradingPanel
        Shows the chosen tool, label and brush radius.
    image : GradingImage
        Takes the focus back from the notes (Esc).
    """

    def __init__(self, editor: MarkEditor, panel: GradingPanel, image: GradingImage) -> None:
        self.editor, self.panel, self.image = editor, panel, image

    def set_tool(self, tool: Tool) -> None:
        """Mark with ``tool`` (leaving the polygon tool drops an unfinished polygon)."""
        if tool is not Tool.POLYGON:
            self.editor.cancel_polygon()
        self.editor.tool = tool
        self.panel.show_tool(tool)

    def set_label(self, label: str) -> None:
        """Mark label ``label`` from now on."""
        self.editor.label = label
        self.panel.show_label(label)

    def resize_brush(self, step: int) -> None:
        """Grow (``step`` > 0) or shrink the brush radius by ``step`` pixels."""
        self.panel.brush.setValue(self.editor.brush_radius + step)

    def escape(self) -> None:
        """Esc: leave the notes for the image, else cancel a polygon and pan."""
        if self.panel.notes.hasFocus():
            self.image.setFocus()
            return
        self.set_tool(Tool.NAVIGATE)

    def keymap(self) -> Keymap:
        """Key sequence -> action of the marking keys (tools, brush, labels, notes)."""
        actions: dict[str, Callable[[], object]] = {
            "navigate": self.escape,
            "brush": lambda: self.set_tool(Tool.BRUSH),
            "eraser": lambda: self.set_tool(Tool.ERASER),
            "polygon": lambda: self.set_tool(Tool.POLYGON),
            "close_polygon": self.editor.close_polygon,
            "smaller_brush": lambda: self.resize_brush(-1),
            "larger_brush": lambda: self.resize_brush(+1),
            "notes": self.panel.notes.setFocus,
        }
        labels = {sequence: functools.partial(self.set_label, label)
                  for sequence, label in zip(LABEL_KEYS, MARK_LABELS, strict=True)}
        return keymap(actions) | labels
