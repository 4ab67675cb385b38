"""The grading window's keys (`vesselview.gui.grading.keys`) and the marking-tool choices
they and the grading panel make."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QKeySequence, QShortcut

from vesselview.gui.grading.keys import GRADING_KEYS, LABEL_KEYS
from vesselview.gui.grading.marking import Tool
from vesselview.io.grading_files import MARK_LABELS

if TYPE_CHECKING:
    from vesselview.gui.grading.window import GradingWindow


class GradingShortcuts:
    """Installs the grading keys on ``window`` and switches its marking tool and label.

    Parameters
    ----------
    window : GradingWindow
        Scores, moves and exports on its keys; its editor, panel and image are updated.
    """

    def __init__(self, window: GradingWindow) -> None:
        self.window = window
        self.editor, self.panel, self.image = window.editor, window.panel, window.image
        self._install()

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

    def _install(self) -> None:
        window = self.window
        actions: dict[str, Callable[[], object]] = {
            "score_ten": lambda: window.score(10),
            "clear_score": lambda: window.score(None),
            "next": lambda: window.go_to("next"),
            "previous": lambda: window.go_to("previous"),
            "next_ungraded": lambda: window.go_to("next_ungraded"),
            "navigate": self.escape,
            "brush": lambda: self.set_tool(Tool.BRUSH),
            "eraser": lambda: self.set_tool(Tool.ERASER),
            "polygon": lambda: self.set_tool(Tool.POLYGON),
            "close_polygon": self.editor.close_polygon,
            "smaller_brush": lambda: self.resize_brush(-1),
            "larger_brush": lambda: self.resize_brush(+1),
            "notes": self.panel.notes.setFocus,
            "export": window.export,
        }
        for name, action in actions.items():
            for sequence in GRADING_KEYS[name].sequences:
                self._shortcut(sequence, action)
        for digit in range(10):
            self._shortcut(str(digit), functools.partial(window.score, digit))
        for sequence, label in zip(LABEL_KEYS, MARK_LABELS, strict=True):
            self._shortcut(sequence, functools.partial(self.set_label, label))

    def _shortcut(self, sequence: str, action: Callable[[], object]) -> None:
        shortcut = QShortcut(QKeySequence(sequence), self.window)
        shortcut.activated.connect(action)
