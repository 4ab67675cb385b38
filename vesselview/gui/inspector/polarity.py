"""File > Invert reference / candidate polarity, and the notes that say when to use them.

While a mask looks inverted (more than half of the field of view is vessel) and is not
inverted, a warning names it and the menu item; while a mask is read inverted, a note
says so. Both stay above the image until the case changes or the user dismisses them.
"""

from __future__ import annotations

import functools
import os

from PySide6.QtGui import QAction

from vesselview.app.inspector import Inspector, ShownCase
from vesselview.app.polarity import INVERTIBLE, looks_inverted
from vesselview.gui.inspector.menus import InspectorMenus
from vesselview.gui.widgets.notices import Notices

#: Part of the loader's own polarity warning; the notes here say it with the menu item.
LOADER_POLARITY_NOTE = "may have inverted polarity"


class PolarityControls:
    """The two invert actions of the File menu and the polarity notes.

    Parameters
    ----------
    model : Inspector
    menus : InspectorMenus
        The File menu gets the actions (``menus.actions["invert_reference"]``...).
    notices : Notices
        Where the notes go (key ``"polarity-<role>"``).
    """

    def __init__(self, model: Inspector, menus: InspectorMenus, notices: Notices) -> None:
        self.model, self.notices = model, notices
        self.actions: dict[str, QAction] = {}
        for role in INVERTIBLE:
            action = menus.add_file_action(f"invert_{role}", functools.partial(self._toggle, role))
            action.setCheckable(True)
            self.actions[role] = action
        model.case_changed.connect(self._on_case)

    def _toggle(self, role: str) -> None:
        """The menu item was triggered (Qt already flipped its check mark)."""
        wanted = self.actions[role].isChecked()
        if not self.model.set_inverted(role, wanted):
            self.actions[role].setChecked(role in self.model.inverted)
            if self.model.shown is None or not self.model.shown.files.complete:
                self.notices.add(f"Only masks read from files can be inverted; open a {role} "
                                 "file first (File menu).", "info", key=f"polarity-{role}")

    def _on_case(self, shown: ShownCase) -> None:
        suspicious = looks_inverted(shown.case)
        for role in INVERTIBLE:
            self.actions[role].setChecked(role in self.model.inverted)
            name = os.path.basename(shown.case.sources.get(role, role))
            key, item = f"polarity-{role}", f"File > {self.actions[role].text()}"
            if role in self.model.inverted:
                self.notices.add(f"The {role} ({name}) is read with inverted polarity: dark "
                                 f"pixels are vessel. {item} again reads it as it is.",
                                 "info", key=key)
            elif role in suspicious:
                self.notices.add(f"The {role} ({name}) may be inverted: "
                                 f"{suspicious[role]:.0%} of the field of view is vessel, so "
                                 f"its metrics are likely nonsense. If its vessels are dark, "
                                 f"use {item}.", "warning", key=key)
            else:
                self.notices.remove(key)
