"""Install the research and teaching tools (issue 6) into the inspector's main window.

`install_research_tools` adds a "Plots" dock (`PlotDock`), a Research menu (plots,
candidates, metric behaviour, grading, agreement with graders) and a Teaching menu
(`build_teaching_menu`). The tools
observe the application model (`vesselview.app.inspector.Inspector`: its case, its
parameters, its results) and call its actions (show a case, load a teaching case); the
main window is only where their docks and menus go. Every tool computes on the model's
scheduler (its own latest-wins channel); the plots share the model's `Evaluator` of the
shown case.

Each tool is built (and its module, with the research statistics it needs, imported) when
it is first opened or asked for, not with the window: that import costs about a second of
the inspector's start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QWidget

from vesselview.app.files import files_of
from vesselview.app.inspector import Inspector
from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.gui.research.teaching import build_teaching_menu
from vesselview.io.dataset import Dataset

if TYPE_CHECKING:
    from vesselview.gui.research.agreement_view import AgreementView
    from vesselview.gui.research.behaviour_view import BehaviourView
    from vesselview.gui.research.candidates import CandidatesView
    from vesselview.gui.research.plot_dock import PlotDock

W = TypeVar("W", bound=QWidget)
_TOOL_WINDOW_SIZE = (1200, 620)


class ResearchTools(QObject):
    """The research tools of one main window (see `install_research_tools`).

    Parameters
    ----------
    window : QMainWindow
        Where the dock and the menus go.
    model : Inspector
        The inspector's state and actions.

    Attributes
    ----------
    plots_dock : QDockWidget
        Holds `plots` once built; hidden until Research > Plots.
    research_menu, teaching_menu : QMenu
    """

    def __init__(self, window: QMainWindow, model: Inspector,
                 load_teaching: Callable[[str, float], object] | None = None) -> None:
        super().__init__(window)
        self.window, self.model = window, model
        self._tools: dict[str, Any] = {}
        self.plots_dock = QDockWidget("Plots", window)
        self.plots_dock.setObjectName("Plots")
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.plots_dock)
        self.plots_dock.hide()
        self.research_menu = self._research_menu()
        self.teaching_menu = build_teaching_menu(window, load_teaching or model.load_teaching,
                                                 self.open_behaviour)
        _insert_before_help(window, [self.research_menu, self.teaching_menu])
        self._connect()

    @property
    def plots(self) -> PlotDock:
        """The plots (sweeps, ROC/PR) in `plots_dock`; built at first use."""
        if "plots" not in self._tools:
            from vesselview.gui.research.plot_dock import PlotDock

            plots = self._tool("plots", PlotDock(self.model.scheduler, self.model.evaluators),
                               "Plots")
            self.plots_dock.setWidget(plots)
            plots.set_case(self.model.case)
        return self._tools["plots"]

    @property
    def behaviour(self) -> BehaviourView:
        """The metric-behaviour window; built at first use."""
        if "behaviour" not in self._tools:
            from vesselview.gui.research.behaviour_view import BehaviourView

            view = self._tool("behaviour", _tool_window(
                BehaviourView(self.model.scheduler), self.window), "Metric behaviour")
            view.case_chosen.connect(self.show_case)
        return self._tools["behaviour"]

    @property
    def candidates(self) -> CandidatesView:
        """The candidates window; built at first use."""
        if "candidates" not in self._tools:
            from vesselview.gui.research.candidates import CandidatesView

            view = self._tool("candidates", _tool_window(
                CandidatesView(self.model.scheduler), self.window), "Candidates")
            view.case_chosen.connect(self.show_case)
            view.cases_changed.connect(
                lambda cases: self.plots.set_case_set("the candidates", cases) if cases else None)
        return self._tools["candidates"]

    @property
    def agreement(self) -> AgreementView:
        """The agreement-with-graders window; built at first use."""
        if "agreement" not in self._tools:
            from vesselview.gui.research.agreement_view import AgreementView

            self._tool("agreement", _tool_window(AgreementView(self.model.scheduler),
                                                 self.window), "Agreement with graders")
        return self._tools["agreement"]

    def _tool(self, name: str, tool: W, source: str) -> W:
        """Register a newly built ``tool``: its errors go to the notices (as ``source``),
        it gets the current parameters."""
        self._tools[name] = tool
        tool.error.report_to(self.model.notices, source)  # type: ignore[attr-defined]
        tool.set_params(self.model.params)  # type: ignore[attr-defined]
        return tool

    def open_behaviour(self) -> None:
        """Show the metric-behaviour window."""
        self._raise(self.behaviour)

    def open_candidates(self) -> None:
        """Show the candidates window, on the inspector's reference."""
        case = self.model.case
        current = self.candidates.reference
        if case is not None and (current is None or not _same_reference(case, current)):
            self.candidates.set_reference(case)
        self._raise(self.candidates)

    def open_grading(self) -> None:
        """Ask what to grade and open a grading window (``vesselview.gui.grading``)."""
        from vesselview.gui.grading.launch import start_grading

        start_grading(self.window, self.model,
                      [candidate.case for candidate in self.candidates.candidates])

    def open_agreement(self) -> None:
        """Show the agreement-with-graders window, on the inspector's dataset if one is open."""
        dataset = self._open_dataset()
        if dataset is not None and not self.agreement.inputs.dataset.text():
            self.agreement.set_dataset(dataset)
        self._raise(self.agreement)

    def _open_dataset(self) -> Dataset | None:
        """The dataset of the case browser (File > Open dataset), else the inspector's."""
        browser = getattr(self.window, "dataset_browser", None)  # installed after the menus
        dataset = getattr(getattr(browser, "browser", None), "dataset", None)
        if isinstance(dataset, Dataset):
            return dataset
        return self.model.dataset.dataset if self.model.dataset is not None else None

    def show_case(self, case: Case) -> None:
        """Put ``case`` into the inspector (its files kept when it came from files)."""
        self.model.show_case(case, files_of(case))
        self.model.status.emit(f"Showing {case.sources.get('candidate', 'case')}")

    def shutdown(self) -> None:
        """Abandon every built tool's running computation (idempotent)."""
        for tool in self._tools.values():
            tool.jobs.cancel()

    def _set_params(self, params: Params) -> None:
        for tool in self._tools.values():
            tool.set_params(params)

    def _on_result(self, _response: object) -> None:
        if "plots" in self._tools:
            self.plots.set_case(self.model.case)

    def _on_plots_toggled(self, shown: bool) -> None:
        if shown and self.plots.sweep_result is None and self.plots.curves is None:
            self.plots.compute()

    def _connect(self) -> None:
        self.model.params_changed.connect(self._set_params)
        self.model.result_changed.connect(self._on_result)
        self.plots_dock.toggleViewAction().toggled.connect(self._on_plots_toggled)

    def _research_menu(self) -> QMenu:
        menu = QMenu("&Research", self.window)
        plots = self.plots_dock.toggleViewAction()
        plots.setText("&Plots (sweeps, ROC/PR)")
        menu.addAction(plots)
        for text, slot in (("&Candidates...", self.open_candidates),
                           ("Metric &behaviour...", self.open_behaviour),
                           ("&Grade cases...", self.open_grading),
                           ("&Agreement with graders...", self.open_agreement)):
            action = QAction(text, self.window)
            action.triggered.connect(lambda _checked=False, s=slot: s())
            menu.addAction(action)
        return menu

    @staticmethod
    def _raise(widget: QWidget) -> None:
        widget.show()
        widget.raise_()
        widget.activateWindow()


def install_research_tools(window: QMainWindow, model: Inspector,
                           load_teaching: Callable[[str, float], object] | None = None,
                           ) -> ResearchTools:
    """Add the plot dock and the Research and Teaching menus to ``window``.

    Parameters
    ----------
    window : QMainWindow
        The inspector's main window.
    model : Inspector
        Its application model.
    load_teaching : callable (name, severity), optional
        What the Teaching menu's items do (default ``model.load_teaching``).

    Returns
    -------
    ResearchTools
        Owned by ``window``.
    """
    return ResearchTools(window, model, load_teaching)


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
