"""The inspector's menus: each item calls an action of the application model.

The actions themselves live on `vesselview.app.inspector.Inspector` (dialog-free,
taking paths, shared with drag and drop, the command line and the tests); the menus
add the file dialogs, the recent-files menu and the view and compare commands. The
menus know the model and the few widgets they command, never the window class.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMainWindow, QMenu

from vesselview.app.av_colours import toggle_red_blue
from vesselview.app.captions import caption_lines, case_name, dataset_method
from vesselview.app.files import ROLE_TITLES, ROLES, case_folder
from vesselview.app.inspector import Inspector
from vesselview.app.native_image import SCALE_RANGE, export_name
from vesselview.gui.about import show_about
from vesselview.gui.inspector.compare import CompareController, CompareMode
from vesselview.gui.inspector.layer_display import LayerDisplay
from vesselview.gui.inspector.layer_panel import LayerPanel
from vesselview.gui.inspector.view import InspectorView
from vesselview.gui.shortcuts import LAYER_KEYS, SHORTCUTS, ShortcutsDialog
from vesselview.gui.widgets.export import (
    IMAGE_FILTER,
    METRICS_FILTER,
    PNG_FILTER,
    captioned,
    rgb_image,
    save_image,
    save_with_dialog,
)

SESSION_FILTER = "vesselview session (*.vvsession.json *.json)"


class InspectorMenus:
    """The File, View and Help menus of one inspector window.

    Parameters
    ----------
    window : QMainWindow
        Owns the menu bar and the dialogs.
    model : Inspector
        Performs the actions.
    view : InspectorView
        The image view (view menu, exports, session view rectangle).
    compare : CompareController
        The compare modes (view menu).
    layer_panel : LayerPanel
        The selected layer (view menu).
    display : LayerDisplay
        The drawn layers and legend (exports).

    Attributes
    ----------
    actions : dict of str to QAction
        The menu actions by `SHORTCUTS` key.
    av_red_blue : QAction
        View menu: the artery/vein agreement layer in red/blue, or back (no shortcut).
    ask_role : callable (path) -> role or None
        Asks which role a dropped file plays when its name does not say (a list dialog;
        tests replace it).
    """

    def __init__(self, window: QMainWindow, model: Inspector, view: InspectorView,
                 compare: CompareController, layer_panel: LayerPanel,
                 display: LayerDisplay) -> None:
        self.window, self.model, self.view = window, model, view
        self.compare, self.layer_panel, self.display = compare, layer_panel, display
        self.ask_role: Callable[[str], str | None] = self._ask_role_dialog
        self.actions: dict[str, QAction] = {}
        self.recent_menu = QMenu("Open &recent", window)
        self._build_menus()
        model.files_opened.connect(self._refresh_recent_menu)

    # -- what the menus do besides calling the model -------------------------------------

    def save_session(self, path: str) -> None:
        """Save the model's session with the view's current image area."""
        self.model.save_session(path, self.view.view_rect())

    def export_view(self, path: str, caption: bool = True, scale: float = 1.0) -> None:
        """Save the view as PNG: the whole image at its own resolution times ``scale``
        with the visible layers as drawn (in a compare mode, or before any result: the
        view as on screen), and below it the legend and a caption saying the case,
        files, parameters and key metrics (`caption_lines`) unless ``caption`` is False
        or there is no result yet."""
        response, case = self.model.response, self.model.case
        native = self.display.native_image(scale)
        image = rgb_image(native) if native is not None else self.view.grab().toImage()
        if caption and response is not None and case is not None:
            method = dataset_method(self.model.dataset, case)
            legend = self.display.legend(hint=False) if native is not None else ""
            image = captioned(image, caption_lines(response.result, case, method),
                              self.view.font(), legend)
        action = "File > Export view" + ("" if caption else " without caption") + (
            f" at scale {scale:g}" if scale != 1.0 else "")
        save_image(image, path, self.model.provenance(action, "png"))

    def export_view_scaled(self) -> None:
        """Ask for a scale, then export the captioned view at it (`export_view`)."""
        low, high = SCALE_RANGE
        scale, ok = QInputDialog.getDouble(self.window, "Export view at a scale",
                                           "Scale (1 = the image's own pixels):", 2.0,
                                           low, high, 2)
        if ok:
            self._save_dialog("Export view", PNG_FILTER,
                              functools.partial(self.export_view, scale=scale),
                              self._export_name())

    def suggested_path(self, file_name: str = "") -> str:
        """Where a save dialog proposes to write: the case's folder and ``file_name``."""
        return os.path.join(case_folder(self.model.case), file_name)

    def toggle_layer_at(self, index: int) -> None:
        """Show or hide the layer at ``index`` in the layer panel (0 = first row)."""
        names = self.layer_panel.names
        if index < len(names):
            self.model.layers.toggle(names[index])

    # -- dialogs -------------------------------------------------------------------------

    def _ask_role_dialog(self, path: str) -> str | None:
        titles = [ROLE_TITLES[role] for role in ROLES]
        title, ok = QInputDialog.getItem(self.window, "Which file is this?",
                                         os.path.basename(path), titles, 1, False)
        return ROLES[titles.index(title)] if ok else None

    def _choose_file(self, role: str) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, f"Open {ROLE_TITLES[role].lower()}",
                                              case_folder(self.model.case, role), IMAGE_FILTER)
        if path:
            self.model.open_file(role, path)

    def _save_dialog(self, title: str, filter_: str, act: Callable[[str], object],
                     file_name: str = "") -> None:
        save_with_dialog(self.window, title, filter_, act, report=self.model.error.emit,
                         inputs=self.model.shown_files, suggested=self.suggested_path(file_name))

    def _export_name(self) -> str:
        """The exported view's proposed file name, after the case on screen."""
        case = self.model.case
        if case is None:
            return "vesselview_view.png"
        return export_name(case_name(case, dataset_method(self.model.dataset, case)))

    def _open_dataset_dialog(self) -> None:
        root = QFileDialog.getExistingDirectory(self.window, "Open a dataset folder",
                                                self.suggested_path())
        if not root:
            return
        results = QFileDialog.getExistingDirectory(
            self.window, "A folder of one method's results (Cancel: the second observer)",
            os.path.dirname(root))
        predictions = {os.path.basename(results.rstrip("/")): results} if results else None
        self.model.open_dataset(root, predictions)

    def _open_session_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, "Open session",
                                              self.suggested_path(), SESSION_FILTER)
        if path:
            self.model.load_session(path)

    # -- menus ---------------------------------------------------------------------------

    def add_view_action(self, key: str, slot: Callable[[], object]) -> QAction:
        """Add the `SHORTCUTS` action ``key`` doing ``slot`` to the View menu."""
        return self._action(self.view_menu, key, slot)

    def add_file_action(self, key: str, slot: Callable[[], object]) -> QAction:
        """Add the `SHORTCUTS` action ``key`` doing ``slot`` to the File menu (before Quit)."""
        action = self._action(self.file_menu, key, slot)
        self.file_menu.removeAction(action)
        self.file_menu.insertAction(self.actions["quit"], action)
        return action

    def _action(self, menu: QMenu, key: str, slot: Callable[[], object]) -> QAction:
        shortcut, text = SHORTCUTS[key]
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        self.actions[key] = action
        return action

    def _build_menus(self) -> None:
        window, model = self.window, self.model
        bar = window.menuBar()
        file_menu = self.file_menu = bar.addMenu("&File")
        for role in ("candidate", "reference", "fov", "fundus"):
            self._action(file_menu, f"open_{role}", functools.partial(self._choose_file, role))
        file_menu.addMenu(self.recent_menu)
        self._action(file_menu, "open_demo", model.open_demo)
        self._action(file_menu, "open_dataset", self._open_dataset_dialog)
        self._action(file_menu, "next_case", lambda: model.step_case(1))
        self._action(file_menu, "previous_case", lambda: model.step_case(-1))
        self._action(file_menu, "reload", model.reload)
        file_menu.addSeparator()
        self._action(file_menu, "open_session", self._open_session_dialog)
        self._action(file_menu, "save_session", lambda: self._save_dialog(
            "Save session", SESSION_FILTER, self.save_session))
        self._action(file_menu, "export_view", lambda: self._save_dialog(
            "Export view", PNG_FILTER, self.export_view, self._export_name()))
        self._action(file_menu, "export_view_plain", lambda: self._save_dialog(
            "Export view without caption", PNG_FILTER,
            functools.partial(self.export_view, caption=False), self._export_name()))
        self._action(file_menu, "export_view_scaled", self.export_view_scaled)
        self._action(file_menu, "export_metrics", lambda: self._save_dialog(
            "Export metrics", METRICS_FILTER, model.export_metrics))
        file_menu.addSeparator()
        self._action(file_menu, "quit", window.close)
        self.view_menu = bar.addMenu("&View")
        self._build_view_menu(self.view_menu)
        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "shortcuts", lambda: ShortcutsDialog(window).exec())
        about = help_menu.addAction("About vesselview")
        about.triggered.connect(lambda: show_about(window))
        self._refresh_recent_menu()

    def _build_view_menu(self, menu: QMenu) -> None:
        window, view = self.window, self.view
        compare, panel = self.compare, self.layer_panel
        self._action(menu, "reset_view", view.reset_view)
        self._action(menu, "next_layer", lambda: panel.select_step(1))
        self._action(menu, "previous_layer", lambda: panel.select_step(-1))
        self._action(menu, "toggle_layer", panel.toggle_current)
        self._action(menu, "toggle_legend", view.toggle_legend)
        red_blue = self.av_red_blue = menu.addAction(  # no shortcut: not in `actions`
            "Artery/vein colours: red/blue (again: colour-blind safe)")
        red_blue.triggered.connect(lambda _checked=False: toggle_red_blue(self.model.layers))
        menu.addSeparator()
        self._action(menu, "overlay_mode", lambda: compare.set_mode(CompareMode.OVERLAY))
        self._action(menu, "flicker", compare.toggle_flicker)
        self._action(menu, "swipe_mode", lambda: compare.set_mode(CompareMode.SWIPE))
        self._action(menu, "side_by_side_mode",
                     lambda: compare.set_mode(CompareMode.SIDE_BY_SIDE))
        menu.addSeparator()
        self._action(menu, "reset_params", self.model.reset_params)
        for index, key in enumerate(LAYER_KEYS):
            action = QAction(f"Toggle layer {index + 1}", window)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(lambda _checked=False, i=index: self.toggle_layer_at(i))
            window.addAction(action)

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.model.recent.entries() if self.model.recent is not None else []
        for role, path in recent:
            action = self.recent_menu.addAction(f"{role}: {path}")
            action.triggered.connect(
                lambda _checked=False, r=role, p=path: self.model.open_file(r, p))
        self.recent_menu.setEnabled(not self.recent_menu.isEmpty())

