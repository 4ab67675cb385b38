"""The tools on the main window: Teaching menu, Research menu, plots dock, hand-offs."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMainWindow

from vesselview.app.files import CaseFiles
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.engine.params import Params
from vesselview.gui.inspector.research_menus import install_research_tools
from vesselview.gui.research.teaching import SeverityDialog, build_teaching_menu
from vesselview.io.writers import write_png
from vesselview.synth import TEACHING_CASES, teaching_case

from ..conftest import RESULT_TIMEOUT_MS
from .conftest import JOB_TIMEOUT_MS, RESEARCH_SHAPE


def _action(menu, name):
    return next(action for action in menu.actions() if action.objectName() == name)


def test_severity_dialog_spans_the_case_range(qtbot):
    dialog = SeverityDialog(TEACHING_CASES["gap"])
    qtbot.addWidget(dialog)
    assert (dialog.slider.minimum(), dialog.slider.maximum()) == (0.0, 30.0)
    assert dialog.severity == 15.0
    dialog.slider.setValue(22.5)
    assert dialog.severity == 22.5
    assert "gap" in dialog.windowTitle().lower()


def _teaching_model() -> Inspector:
    """A model that builds teaching cases at once (no evaluation without a case)."""
    model = Inspector(Scheduler(synchronous=True))
    model.teaching_shape = RESEARCH_SHAPE
    model.evaluate = lambda: 0  # only the loaded case matters here
    return model


def test_a_menu_item_builds_the_case_at_the_chosen_severity(qtbot):
    model = _teaching_model()
    shown, asked, opened = [], [], []
    model.case_changed.connect(shown.append)
    menu = build_teaching_menu(None, model.load_teaching, lambda: opened.append(True),
                               ask=lambda entry: asked.append(entry.name) or 3.0)
    assert len(menu.actions()) == len(TEACHING_CASES) + 2  # separator, behaviour
    _action(menu, "teaching_shift").trigger()
    assert asked == ["shift"]
    want = teaching_case("shift", 3.0, RESEARCH_SHAPE)
    assert np.array_equal(shown[0].case.candidate, want.candidate)
    _action(menu, "metric_behaviour").trigger()
    assert opened == [True]


def test_cancelling_the_severity_builds_nothing(qtbot):
    model = _teaching_model()
    menu = build_teaching_menu(None, model.load_teaching, lambda: None, ask=lambda entry: None)
    _action(menu, "teaching_noise").trigger()
    assert model.loading.started == 0 and model.shown is None


def test_menus_sit_before_help(tools, window):
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles[-3:] == ["&Research", "&Teaching", "&Help"]


def test_install_works_on_any_main_window(qtbot):
    window = QMainWindow()
    qtbot.addWidget(window)
    tools = install_research_tools(window, Inspector(Scheduler(synchronous=True)))
    assert [action.text() for action in window.menuBar().actions()] == ["&Research",
                                                                        "&Teaching"]
    tools.open_candidates()
    assert tools.candidates.reference is None
    tools.shutdown()


def test_the_teaching_menu_loads_a_case_into_the_inspector(tools, window, qtbot, soft_demo):
    assert window.model.shown.case is soft_demo

    def accept_dialog():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SeverityDialog)
        dialog.slider.setValue(20.0)
        dialog.accept()

    QTimer.singleShot(0, accept_dialog)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        _action(tools.teaching_menu, "teaching_gap").trigger()
    shown = window.model.shown.case
    assert shown.sources["candidate"] == "synthetic:gap(severity=20, seed=0)"
    assert np.array_equal(shown.candidate,
                          teaching_case("gap", 20.0, RESEARCH_SHAPE).candidate)
    assert window.model.shown.files == CaseFiles()


def test_a_cancelled_dialog_keeps_the_case(tools, window, qtbot, soft_demo):
    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())
    _action(tools.teaching_menu, "teaching_expansion").trigger()
    assert window.model.shown.case is soft_demo and not window.model.loading.busy


def test_the_behaviour_window_opens_from_the_menu_and_hands_cases_over(tools, window, qtbot):
    _action(tools.teaching_menu, "metric_behaviour").trigger()
    assert tools.behaviour.isVisible() and tools.behaviour.isWindow()
    case = teaching_case("noise", 0.01, RESEARCH_SHAPE)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        tools.behaviour.case_chosen.emit(case)
    assert window.model.shown.case is case


def test_parameters_follow_the_inspector(tools, window):
    window.model.set_params(Params(t=4, cal_alpha=3))
    for tool in (tools.plots, tools.behaviour, tools.candidates):
        assert tool.params == Params(t=4, cal_alpha=3)


def test_the_plots_dock_follows_the_shown_case(tools, window, qtbot):
    assert tools.plots.case is window.model.shown.case
    assert tools.plots_dock.isHidden()
    with qtbot.waitSignal(tools.plots.plotted, timeout=JOB_TIMEOUT_MS):
        tools.research_menu.actions()[0].trigger()  # Plots: shows the dock, sweeps t
    assert not tools.plots_dock.isHidden()
    assert tools.plots.sweep_result.key == "t"


def test_candidates_use_the_shown_reference_and_come_back_with_files(tools, window, qtbot,
                                                                     tmp_path, soft_demo):
    reference, candidate = tmp_path / "ref.png", tmp_path / "cand.png"
    write_png(reference, soft_demo.reference)
    write_png(candidate, soft_demo.candidate)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert window.model.open_files([("reference", str(reference)),
                                          ("candidate", str(candidate))])
    tools.open_candidates()
    assert tools.candidates.isVisible()
    assert tools.candidates.reference is window.model.shown.case
    with qtbot.waitSignal(tools.candidates.ranked, timeout=JOB_TIMEOUT_MS):
        tools.candidates.add_files([str(candidate)])
    assert tools.plots.controls.uses_case_set  # the candidates became the plots' set
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        tools.candidates.show_candidate(0)
    assert window.model.shown.files == CaseFiles(reference=str(reference), candidate=str(candidate))


def test_reopening_candidates_on_the_same_reference_keeps_them(tools, monkeypatch):
    tools.open_candidates()
    calls = []
    monkeypatch.setattr(tools.candidates, "set_reference", calls.append)
    tools.open_candidates()
    assert calls == []


def test_closing_the_window_stops_the_scheduler(window):
    tools = window.research
    tools.behaviour.shape = RESEARCH_SHAPE
    tools.behaviour.run()
    assert tools.behaviour.jobs.busy
    window.close()
    assert window.scheduler.stopped
    assert all(jobs.stopped for jobs in (tools.plots.jobs, tools.behaviour.jobs,
                                         tools.candidates.jobs))


@pytest.mark.parametrize("name", sorted(TEACHING_CASES))
def test_every_teaching_case_has_a_menu_item(tools, name):
    action = _action(tools.teaching_menu, f"teaching_{name}")
    assert action.text() == f"{TEACHING_CASES[name].title}..."
    assert action.toolTip() == TEACHING_CASES[name].explanation


def test_the_severity_dialog_returns_accepted(qtbot):
    dialog = SeverityDialog(TEACHING_CASES["noise"])
    qtbot.addWidget(dialog)
    QTimer.singleShot(0, dialog.accept)
    assert dialog.exec() == QDialog.DialogCode.Accepted
    assert 0.0 <= dialog.severity <= 0.05
