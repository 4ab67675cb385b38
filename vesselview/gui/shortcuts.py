"""Keyboard shortcuts of every frequent action, and the Help -> Shortcuts dialog.

`SHORTCUTS` is the single table the menus are built from, so the dialog can never
disagree with the keys that work.
"""

from __future__ import annotations

import html

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

#: Action id -> (key sequence, description), in the order the dialog lists them.
SHORTCUTS: dict[str, tuple[str, str]] = {
    "open_candidate": ("Ctrl+O", "Open a candidate segmentation"),
    "open_reference": ("Ctrl+Shift+R", "Open a reference (manual) mask"),
    "open_fov": ("Ctrl+Shift+M", "Open a field-of-view mask"),
    "open_fundus": ("Ctrl+Shift+F", "Open a fundus photograph"),
    "open_demo": ("Ctrl+D", "Open the built-in demo case"),
    "open_dataset": ("Ctrl+Shift+D", "Open a dataset folder and a folder of method results"),
    "next_case": ("PgDown", "Next case of the dataset"),
    "previous_case": ("PgUp", "Previous case of the dataset"),
    "reload": ("F5", "Reload the current files"),
    "invert_reference": ("Ctrl+Shift+I", "Invert reference polarity (vessels dark)"),
    "invert_candidate": ("Ctrl+I", "Invert candidate polarity (vessels dark)"),
    "open_session": ("Ctrl+Shift+O", "Open a session"),
    "save_session": ("Ctrl+S", "Save the session"),
    "export_view": ("Ctrl+E", "Export the whole image at its own resolution as PNG, with "
                              "legend and caption (case, parameters, metrics)"),
    "export_view_plain": ("Ctrl+Alt+E", "Export the whole image as PNG without a caption"),
    "export_view_scaled": ("Ctrl+Shift+Alt+E", "Export the captioned image at a chosen scale"),
    "export_metrics": ("Ctrl+Shift+E", "Export the metrics as CSV or JSON"),
    "quit": ("Ctrl+Q", "Quit"),
    "reset_view": ("Home", "Reset zoom and pan to the whole image"),
    "next_layer": ("]", "Select the next layer"),
    "previous_layer": ("[", "Select the previous layer"),
    "toggle_layer": ("V", "Show or hide the selected layer"),
    "toggle_legend": ("L", "Show or hide the legend over the image"),
    "flicker": ("F", "Flicker: enter, or swap reference and candidate"),
    "overlay_mode": ("Esc", "Back to the overlay view"),
    "swipe_mode": ("W", "Swipe between reference and candidate"),
    "side_by_side_mode": ("S", "Reference and candidate side by side"),
    "reset_params": ("Ctrl+Backspace", "Reset every parameter to its default"),
    "overview": ("O", "Overview: thin layers drawn thicker while zoomed out (on/off)"),
    "presentation": ("F11", "Presentation mode: every dock hidden, large text (again: back)"),
    "shortcuts": ("F1", "This list"),
}

#: Keys toggling layers by position in the layer panel (1 = fundus).
LAYER_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0")
#: Held down in flicker mode: show the other mask while the key is down.
HOLD_KEY = "Space"


def shortcuts_html() -> str:
    """The shortcut table as rich text."""
    rows = [(key, text) for key, text in SHORTCUTS.values()]
    rows.append((f"{LAYER_KEYS[0]} … {LAYER_KEYS[-1]}",
                 "Show or hide layer 1-10 of the layer panel (1 = fundus)"))
    rows.append((HOLD_KEY + " (hold)", "Flicker mode: show the other mask while held"))
    body = "".join(f"<tr><td><b>{html.escape(key)}</b></td><td>&nbsp;&nbsp;</td>"
                   f"<td>{html.escape(text)}</td></tr>" for key, text in rows)
    return f"<table>{body}</table>"


class ShortcutsDialog(QDialog):
    """Lists every shortcut."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(shortcuts_html()))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
