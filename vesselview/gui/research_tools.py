"""Install the research and teaching tools (issue 6) into the inspector's main window.

`install_research_tools` adds a "Plots" dock (`PlotDock`), a Research menu (plots,
candidates, metric behaviour) and a Teaching menu (`build_teaching_menu`), using only
the window's public surface: ``shown``, ``params_panel``, ``result_applied``,
``show_case``, ``show_error``, ``statusBar``, ``menuBar`` and ``addDockWidget``. Every
tool computes in its own background thread; closing the window stops them all.
"""

from __future__ import annotations

import os
from typing import TypeVar

import numpy as np
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QWidget

from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.gui.behaviour_view import BehaviourView
from vesselview.gui.candidates import CandidatesView
from vesselview.gui.files import ROLES, CaseFiles
from vesselview.gui.plot_dock import PlotDock
from vesselview.gui.teaching import TeachingLoader, build_teaching_menu

W = TypeVar("W", bound=QWidget)
_STATUS_MS = 8000
_TOOL_WINDOW_SIZE = (1200, 620)


class ResearchTools(QObject):
    """The research tools of one main window (see `install_research_tools`).

    Attributes
    ----------
    plots : PlotDock
    plots_dock : QDockWidget
        Holds ``plots``; hidden until Research > Plots.
    behaviour : BehaviourView
    candidates : CandidatesView
    teaching : TeachingLoader
    research_menu, teaching_menu : QMenu
    """

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.plots = PlotDock()
        self.plots_dock = QDockWidget("Plots", window)
        self.plots_dock.setObjectName("Plots")
        self.plots_dock.setWidget(self.plots)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.plots_dock)
        self.plots_dock.hide()
        self.behaviour = _tool_window(BehaviourView(), window)
        self.candidates = _tool_window(CandidatesView(), window)
        self.teaching = TeachingLoader(self)
        self.research_menu = self._research_menu()
        self.teaching_menu = build_teaching_menu(window, self.teaching, self.open_behaviour)
        _insert_before_help(window, [self.research_menu, self.teaching_menu])
        self._set_params(window.params_panel.params)
        self._connect()
        window.installEventFilter(self)

    def open_behaviour(self) -> None:
        """Show the metric-behaviour window."""
        self._raise(self.behaviour)

    def open_candidates(self) -> None:
        """Show the candidates window, on the inspector's reference."""
        case = self.window.shown.case if self.window.shown is not None else None
        current = self.candidates.reference
        if case is not None and (current is None or not _same_reference(case, current)):
            self.candidates.set_reference(case)
        self._raise(self.candidates)

    def show_case(self, case: Case) -> None:
        """Put ``case`` into the inspector (its files kept when it came from files)."""
        self.window.show_case(case, _files_of(case))
        self.window.statusBar().showMessage(
            f"Showing {case.sources.get('candidate', 'case')}", _STATUS_MS)

    def shutdown(self) -> None:
        """Stop every tool's background thread (idempotent)."""
        for jobs in (self.plots.jobs, self.behaviour.jobs, self.candidates.jobs,
                     self.teaching.jobs):
            jobs.shutdown()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Stop the threads when the window closes (the window still closes)."""
        if watched is self.window and event.type() == QEvent.Type.Close:
            self.shutdown()
        return False

    def _set_params(self, params: Params) -> None:
        for tool in (self.plots, self.behaviour, self.candidates):
            tool.set_params(params)

    def _on_result(self, _response: object) -> None:
        if self.window.shown is not None:
            self.plots.set_case(self.window.shown.case)

    def _on_plots_toggled(self, shown: bool) -> None:
        if shown and self.plots.sweep_result is None and self.plots.curves is None:
            self.plots.compute()

    def _connect(self) -> None:
        self.window.params_panel.params_changed.connect(self._set_params)
        self.window.result_applied.connect(self._on_result)
        self.plots_dock.toggleViewAction().toggled.connect(self._on_plots_toggled)
        self.teaching.loaded.connect(self.show_case)
        self.teaching.failed.connect(self.window.show_error)
        self.behaviour.case_chosen.connect(self.show_case)
        self.candidates.case_chosen.connect(self.show_case)
        self.candidates.cases_changed.connect(
            lambda cases: self.plots.set_case_set("the candidates", cases) if cases else None)

    def _research_menu(self) -> QMenu:
        menu = QMenu("&Research", self.window)
        plots = self.plots_dock.toggleViewAction()
        plots.setText("&Plots (sweeps, ROC/PR)")
        menu.addAction(plots)
        for text, slot in (("&Candidates...", self.open_candidates),
                           ("Metric &behaviour...", self.open_behaviour)):
            action = QAction(text, self.window)
            action.triggered.connect(lambda _checked=False, s=slot: s())
            menu.addAction(action)
        return menu

    @staticmethod
    def _raise(widget: QWidget) -> None:
        widget.show()
        widget.raise_()
        widget.activateWindow()


def install_research_tools(window: QMainWindow) -> ResearchTools:
    """Add the plot dock and the Research and Teaching menus to ``window``.

    Parameters
    ----------
    window : MainWindow
        The inspector (`vesselview.gui.window.MainWindow`).

    Returns
    -------
    ResearchTools
        Owned by ``window``; its threads stop when the window closes.
    """
    return ResearchTools(window)


def _tool_window(widget: W, window: QMainWindow) -> W:
    """``widget`` as a separate window owned by ``window`` (closed with it)."""
    widget.setParent(window, Qt.WindowType.Window)
    widget.resize(*_TOOL_WINDOW_SIZE)
    return widget


def _insert_before_help(window: QMainWindow, menus: list[QMenu]) -> None:
    """Put ``menus`` into the menu bar before the Help menu (at the end if there is none)."""
    bar = window.menuBar()
    help_action = next((action for action in bar.actions()
                        if action.text().replace("&", "") == "Help"), None)
    for menu in menus:
        if help_action is None:
            bar.addMenu(menu)
        else:
            bar.insertMenu(help_action, menu)


def _same_reference(a: Case, b: Case) -> bool:
    """True when both cases have the same reference mask."""
    return a.reference is b.reference or (a.shape == b.shape
                                          and bool(np.array_equal(a.reference, b.reference)))


def _files_of(case: Case) -> CaseFiles:
    """The files of ``case`` when its reference and candidate are files, else none."""
    paths = {role: case.sources.get(role) for role in ROLES}
    existing = {role: path for role, path in paths.items() if path and os.path.isfile(path)}
    files = CaseFiles(**existing)
    return files if files.complete else CaseFiles()
