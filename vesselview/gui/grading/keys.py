"""The grading window's keys: one table, used by the window and listed in its help."""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable, Mapping

#: Key giving the score 10 (the digits give 0-9).
TEN_KEY = "T"
#: Keys choosing the mark label, in `MARK_LABELS` order.
LABEL_KEYS = ("Ctrl+1", "Ctrl+2", "Ctrl+3", "Ctrl+4", "Ctrl+5")

#: What a key does (its return value is ignored).
Action = Callable[[], object]
#: Key sequence (Qt's text form, e.g. ``"Ctrl+1"``) -> action.
Keymap = dict[str, Action]


@dataclasses.dataclass(frozen=True)
class GradingKey:
    """Keys of one action: the shortcut sequences and how the help names them."""

    sequences: tuple[str, ...]
    description: str
    shown: str = ""

    @property
    def label(self) -> str:
        """The keys as the help shows them."""
        return self.shown or " / ".join(self.sequences)


#: Action -> keys, in the order the help lists them. Actions without sequences are
#: handled by the window itself (digits, label keys).
GRADING_KEYS: dict[str, GradingKey] = {
    "score": GradingKey((), "Score 0-9 (only those on the scale)", "0 … 9"),
    "score_ten": GradingKey((TEN_KEY,), "Score 10"),
    "clear_score": GradingKey(("Backspace",), "Remove the score"),
    "next": GradingKey(("N", "Right", "PgDown"), "Next case"),
    "previous": GradingKey(("P", "Left", "PgUp"), "Previous case"),
    "next_ungraded": GradingKey(("U",), "Next case without a score"),
    "navigate": GradingKey(("Esc",), "Pan and zoom (also cancels a polygon)"),
    "brush": GradingKey(("B",), "Brush: drag to mark with the chosen label"),
    "eraser": GradingKey(("E",), "Eraser: drag to unmark the chosen label"),
    "polygon": GradingKey(("G",), "Polygon: click corners, double-click or Enter fills"),
    "close_polygon": GradingKey(("Return",), "Fill the polygon"),
    "smaller_brush": GradingKey(("[",), "Smaller brush"),
    "larger_brush": GradingKey(("]",), "Larger brush"),
    "labels": GradingKey((), "Choose the mark label", "Ctrl+1 … Ctrl+5"),
    "notes": GradingKey(("F2",), "Write notes (Esc returns to the image)"),
    "export": GradingKey(("Ctrl+E",), "Export grades (CSV) and marks (PNG)"),
}


def keys_html() -> str:
    """The key table as rich text (the grading help)."""
    rows = "".join(f"<tr><td><b>{html.escape(key.label)}</b></td><td>&nbsp;&nbsp;</td>"
                   f"<td>{html.escape(key.description)}</td></tr>"
                   for key in GRADING_KEYS.values())
    return f"<table>{rows}</table>"


def keymap(actions: Mapping[str, Action]) -> Keymap:
    """Key sequence -> action: each action of ``actions`` (named as in `GRADING_KEYS`)
    on each of its sequences."""
    return {sequence: action for name, action in actions.items()
            for sequence in GRADING_KEYS[name].sequences}
