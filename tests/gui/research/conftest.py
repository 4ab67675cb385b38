"""Fixtures of the research-tool GUI tests: small synthetic cases, tools on a window.

Every fixture stops its scheduler at teardown and checks the tools' work ended
(pytest-qt closes the widgets afterwards).
"""

from __future__ import annotations

import pytest

from vesselview.gui.research.behaviour_view import BehaviourView
from vesselview.gui.research.plot_dock import PlotDock
from vesselview.synth import demo_case

from ..conftest import RESULT_TIMEOUT_MS

#: Small enough for fast tests, large enough for the teaching deformations.
RESEARCH_SHAPE = (160, 150)
JOB_TIMEOUT_MS = RESULT_TIMEOUT_MS


@pytest.fixture(scope="session")
def soft_demo():
    """The demo case at `RESEARCH_SHAPE` with a probability-map candidate."""
    return demo_case(shape=RESEARCH_SHAPE, seed=0, soft=True)


@pytest.fixture(scope="session")
def binary_demo():
    """The same demo case with a binary candidate."""
    return demo_case(shape=RESEARCH_SHAPE, seed=0)


@pytest.fixture
def tools(window, qtbot, soft_demo):
    """The research tools of a window that shows `soft_demo` (result applied)."""
    installed = window.research
    window.model.teaching_shape = RESEARCH_SHAPE
    installed.behaviour.shape = RESEARCH_SHAPE
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(soft_demo)
    yield installed
    installed.shutdown()
    window.scheduler.shutdown()
    assert all(jobs.stopped for jobs in (installed.plots.jobs, installed.behaviour.jobs,
                                         installed.candidates.jobs))


@pytest.fixture
def dock(qtbot, scheduler, soft_demo):
    """A plot dock showing `soft_demo` whose work is stopped at teardown."""
    widget = PlotDock(scheduler)
    qtbot.addWidget(widget)
    widget.resize(1200, 420)
    widget.set_case(soft_demo)
    yield widget
    widget.shutdown()
    scheduler.shutdown()
    assert widget.jobs.stopped


@pytest.fixture
def view(qtbot, scheduler):
    """A metric-behaviour window whose work is stopped at teardown."""
    widget = BehaviourView(scheduler, shape=RESEARCH_SHAPE)
    qtbot.addWidget(widget)
    yield widget
    widget.shutdown()
    scheduler.shutdown()
    assert widget.jobs.stopped
