"""Menus and the actions behind them: files, sessions, export, view, compare, help.

Every action that needs a file name has a dialog-free method taking the path
(``open_file``, ``save_session``, ``export_metrics``...) that the menus, drag and
drop, the command line and the tests all use; the menus only add the dialogs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMenu

from vesselview.errors import InputError
from vesselview.gui.about import show_about
from vesselview.gui.compare import CompareMode
from vesselview.gui.export import (METRICS_FILTER, PNG_FILTER, save_screenshot,
                                   save_with_dialog, write_metrics)
from vesselview.gui.files import (
    IMAGE_FILTER,
    ROLE_TITLES,
    ROLES,
    CaseFiles,
    RecentFiles,
    check_file,
    guess_role,
    load_files,
)
from vesselview.gui.session import Session, load_session, save_session
from vesselview.gui.shortcuts import LAYER_KEYS, SHORTCUTS, ShortcutsDialog
from vesselview.synth import demo_case

if TYPE_CHECKING:
    from vesselview.gui.window import MainWindow

SESSION_FILTER = "vesselview session (*.vvsession.json *.json)"
RoleAsker = Callable[[str], "str | None"]


class WindowActions:
    """The actions of one `MainWindow` and the menus that trigger them.

    Parameters
    ----------
    window : MainWindow
    ask_role : callable (path) -> role or None, optional
        Asks which role a dropped file plays when its name does not say; the default
        shows a list dialog.
    """

    def __init__(self, window: "MainWindow", ask_role: RoleAsker | None = None) -> None:
        self.window = window
        self.recent = RecentFiles(window.settings)
        self.ask_role = ask_role or self._ask_role_dialog
        self.actions: dict[str, QAction] = {}
        self.recent_menu = QMenu("Open &recent", window)
        self._build_menus()

    # -- operations without dialogs ------------------------------------------------------

    def open_demo(self) -> None:
        """Show the built-in synthetic case (soft candidate, so the threshold works)."""
        self.window.show_case(demo_case(soft=True), CaseFiles())

    def open_file(self, role: str, path: str) -> bool:
        """Use ``path`` for ``role``; load the case once reference and candidate are known."""
        return self.open_files([(role, path)])

    def open_files(self, assignments: Iterable[tuple[str, str]]) -> bool:
        """Set several roles at once, then load; on error the current case stays.

        Returns
        -------
        bool
            True when a new case is on screen.
        """
        assignments = list(assignments)
        files = self.window.chosen_files
        for role, path in assignments:
            files = files.with_role(role, path)
        if not files.complete:
            if not self._check(assignments):
                return False
            self.window.error_label.hide()
            self.window.chosen_files = files
            missing = "candidate" if files.candidate is None else "reference"
            self.window.statusBar().showMessage(f"Now open a {missing} to evaluate.", 10000)
            return False
        if not self._load(files):
            return False
        for role, path in assignments:
            self.recent.add(role, path)
        self._refresh_recent_menu()
        return True

    def drop_paths(self, paths: Iterable[str]) -> bool:
        """Open dropped files, each in the role its name suggests (else asked)."""
        assignments = []
        for path in paths:
            role = guess_role(path) or self.ask_role(path)
            if role is not None:
                assignments.append((role, path))
        return bool(assignments) and self.open_files(assignments)

    def reload(self) -> bool:
        """Read the current files again (after they changed on disk)."""
        shown = self.window.shown
        if shown is None or not shown.files.complete:
            return False
        return self._load(shown.files)

    def save_session(self, path: str) -> None:
        """Save files, parameters, layer styles and view rectangle to ``path``."""
        window = self.window
        files = window.shown.files if window.shown is not None else CaseFiles()
        save_session(Session(files, window.params_panel.params, dict(window.layer_panel.styles),
                             window.view.view_rect()), path)

    def load_session(self, path: str) -> bool:
        """Restore a session; on error the current case and settings stay."""
        try:
            session = load_session(path)
            case = (load_files(session.files, session.params.threshold)
                    if session.files.complete else demo_case(soft=True))
        except InputError as error:
            self.window.show_error(str(error))
            return False
        self.window.show_case(case, session.files if session.files.complete else CaseFiles())
        self.window.params_panel.set_params(session.params)
        self.window.layer_panel.set_styles(session.styles)
        if session.view_rect is not None:
            self.window.view.set_view_rect(session.view_rect)
        return True

    def export_view(self, path: str) -> None:
        """Save the image view (legend included) as PNG."""
        save_screenshot(self.window.view, path)

    def export_metrics(self, path: str) -> None:
        """Save the metrics of the shown result as CSV or JSON (CLI format)."""
        window = self.window
        if window.response is None or window.shown is None:
            window.show_error("No result to export yet.")
            return
        write_metrics(path, window.response.result, window.shown.case)

    def toggle_layer_at(self, index: int) -> None:
        """Show or hide the layer at ``index`` in the layer panel (0 = fundus)."""
        names = self.window.layer_panel.names
        if index < len(names):
            self.window.layer_panel.toggle(names[index])

    def _check(self, assignments: list[tuple[str, str]]) -> bool:
        """Read each file as its role needs, so a bad one is reported at once."""
        threshold = self.window.params_panel.params.threshold
        try:
            for role, path in assignments:
                check_file(role, path, threshold)
        except InputError as error:
            self.window.show_error(str(error))
            return False
        return True

    def _load(self, files: CaseFiles) -> bool:
        window = self.window
        try:
            case = load_files(files, window.params_panel.params.threshold)
        except InputError as error:
            window.show_error(str(error))
            return False
        window.show_case(case, files)
        return True

    # -- dialogs -------------------------------------------------------------------------

    def _ask_role_dialog(self, path: str) -> str | None:
        titles = [ROLE_TITLES[role] for role in ROLES]
        title, ok = QInputDialog.getItem(self.window, "Which file is this?",
                                         os.path.basename(path), titles, 1, False)
        return ROLES[titles.index(title)] if ok else None

    def _choose_file(self, role: str) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, f"Open {ROLE_TITLES[role].lower()}",
                                              "", IMAGE_FILTER)
        if path:
            self.open_file(role, path)

    def _save_dialog(self, title: str, filter_: str, act: Callable[[str], object]) -> None:
        save_with_dialog(self.window, title, filter_, act, report=self.window.show_error)

    def _open_session_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, "Open session", "", SESSION_FILTER)
        if path:
            self.load_session(path)

    # -- menus ---------------------------------------------------------------------------

    def _action(self, menu: QMenu, key: str, slot: Callable[[], object]) -> QAction:
        shortcut, text = SHORTCUTS[key]
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        self.actions[key] = action
        return action

    def _build_menus(self) -> None:
        window = self.window
        bar = window.menuBar()
        file_menu = bar.addMenu("&File")
        for role in ("candidate", "reference", "fov", "fundus"):
            self._action(file_menu, f"open_{role}", lambda r=role: self._choose_file(r))
        file_menu.addMenu(self.recent_menu)
        self._action(file_menu, "open_demo", self.open_demo)
        self._action(file_menu, "reload", self.reload)
        file_menu.addSeparator()
        self._action(file_menu, "open_session", self._open_session_dialog)
        self._action(file_menu, "save_session", lambda: self._save_dialog(
            "Save session", SESSION_FILTER, self.save_session))
        self._action(file_menu, "export_view", lambda: self._save_dialog(
            "Export view", PNG_FILTER, self.export_view))
        self._action(file_menu, "export_metrics", lambda: self._save_dialog(
            "Export metrics", METRICS_FILTER, self.export_metrics))
        file_menu.addSeparator()
        self._action(file_menu, "quit", window.close)
        self._build_view_menu(bar.addMenu("&View"))
        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "shortcuts", lambda: ShortcutsDialog(window).exec())
        about = help_menu.addAction("About vesselview")
        about.triggered.connect(lambda: show_about(window))
        self._refresh_recent_menu()

    def _build_view_menu(self, menu: QMenu) -> None:
        window = self.window
        compare, panel = window.compare, window.layer_panel
        self._action(menu, "reset_view", window.view.reset_view)
        self._action(menu, "next_layer", lambda: panel.select_step(1))
        self._action(menu, "previous_layer", lambda: panel.select_step(-1))
        self._action(menu, "toggle_layer", panel.toggle_current)
        self._action(menu, "toggle_legend", window.view.toggle_legend)
        menu.addSeparator()
        self._action(menu, "overlay_mode", lambda: compare.set_mode(CompareMode.OVERLAY))
        self._action(menu, "flicker", compare.toggle_flicker)
        self._action(menu, "swipe_mode", lambda: compare.set_mode(CompareMode.SWIPE))
        self._action(menu, "side_by_side_mode",
                     lambda: compare.set_mode(CompareMode.SIDE_BY_SIDE))
        menu.addSeparator()
        self._action(menu, "reset_params", window.params_panel.reset_button.click)
        for index, key in enumerate(LAYER_KEYS):
            action = QAction(f"Toggle layer {index + 1}", window)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(lambda _checked=False, i=index: self.toggle_layer_at(i))
            window.addAction(action)

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        for role, path in self.recent.entries():
            action = self.recent_menu.addAction(f"{role}: {path}")
            action.triggered.connect(lambda _checked=False, r=role, p=path: self.open_file(r, p))
        self.recent_menu.setEnabled(not self.recent_menu.isEmpty())

