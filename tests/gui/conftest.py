"""Fixtures of the GUI tests: pyqtgraph options, isolated settings, windows on small cases.

Every window fixture stops its scheduler at teardown (pytest-qt closes the window,
whose closeEvent shuts the scheduler down; the explicit call makes it certain).
"""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QPointF, QSettings

from vesselview.gui.app import configure_qt
from vesselview.gui.garbage_collection import collect_anywhere, collect_in_gui_thread
from vesselview.gui.inspector.window import MainWindow
from vesselview.gui.widgets.main_thread import qt_scheduler
from vesselview.synth import demo_case

#: Small enough for fast tests, large enough for every layer and a few SS segments.
SMALL_SHAPE = (120, 116)
RESULT_TIMEOUT_MS = 60_000


@pytest.fixture(scope="session", autouse=True)
def _pyqtgraph_options() -> None:
    configure_qt()


@pytest.fixture(scope="session", autouse=True)
def _settings_never_the_users(tmp_path_factory) -> None:
    """Windows made with the default QSettings (``vesselview`` run as a command) keep
    their recent files and placements in a temporary folder, not the user's."""
    folder = str(tmp_path_factory.mktemp("user-settings"))
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)


@pytest.fixture(autouse=True)
def _garbage_collected_in_the_gui_thread(qapp):
    """As in the application: no collection in the scheduler's worker thread."""
    collect_in_gui_thread()
    yield
    collect_anywhere()


@pytest.fixture(scope="session")
def small_case():
    """A small synthetic case with a probability-map candidate."""
    return demo_case(shape=SMALL_SHAPE, seed=3, soft=True)


@pytest.fixture
def settings(tmp_path):
    """QSettings in a temporary file (recent files never touch the user's settings)."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def scheduler(qtbot):
    """A scheduler delivering on the main thread, shut down at teardown."""
    runner = qt_scheduler()
    yield runner
    runner.shutdown()
    assert runner.stopped


@pytest.fixture
def window(qtbot, settings):
    """A main window with no case yet."""
    main_window = MainWindow(settings)
    qtbot.addWidget(main_window)
    main_window.resize(1200, 800)
    yield main_window
    main_window.scheduler.shutdown()
    assert main_window.scheduler.stopped


@pytest.fixture
def small_window(window, qtbot, small_case):
    """A window showing `small_case` with its first result applied."""
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(small_case)
    return window


@pytest.fixture(scope="session")
def two_observer_case(small_case):
    """`small_case` with a second observer who leaves out the image's left half."""
    second = small_case.reference.copy()
    second[:, : second.shape[1] // 2] = False
    return dataclasses.replace(small_case, references={"observer2": second})


@pytest.fixture
def two_observer_window(window, qtbot, two_observer_case):
    """A window showing `two_observer_case` with its first result applied."""
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(two_observer_case)
    return window


@pytest.fixture
def shown_window(small_window, qtbot):
    small_window.show()
    qtbot.waitExposed(small_window)
    return small_window


def hover(window, row: int, col: int) -> None:
    """Move the (simulated) mouse over pixel (row, col) of the main view."""
    scene_pos = window.view.main_box.mapViewToScene(QPointF(col + 0.5, row + 0.5))
    window.view.canvas.scene().sigMouseMoved.emit(scene_pos)
