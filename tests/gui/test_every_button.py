"""Every button of every window: clicked, no exception escapes, the known ones do their job.

The inspector (its docks, the plots, the research windows, the case browser with a dataset
open), the grading window and the dialogs are searched for their `QAbstractButton`s and
each enabled one is clicked. File, colour, input and message dialogs answer "cancel" at
once; a modal dialog opened by a click has each of its own buttons clicked, then is
cancelled. An exception escaping a slot (`qtbot.captureExceptions`) fails the test and
names the button; a button whose text ends in an ellipsis must ask something.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
import shiboken6
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QColorDialog,
    QDialog,
    QFileDialog,
    QInputDialog,
    QMenuBar,
    QMessageBox,
    QWidget,
)

from tests.demo_dataset import write_demo_drive
from vesselview.app.grading import GradingSession
from vesselview.app.grading_cases import GradingCases
from vesselview.app.scheduler import Scheduler
from vesselview.gui.grading.window import GradingWindow
from vesselview.io.grading_files import ItemKey
from vesselview.synth import demo_case

from .conftest import RESULT_TIMEOUT_MS, SMALL_SHAPE

ELLIPSES = ("...", "…")
ITEMS = [ItemKey(f"{case:02d}", "unet") for case in (1, 2, 3)]


@dataclasses.dataclass
class Clicker:
    """Clicks buttons one by one, letting the scheduler's work finish after each."""

    qtbot: object
    scheduler: Scheduler
    asked: list[str] = dataclasses.field(default_factory=list)  # dialogs asked, in order
    clicked: list[str] = dataclasses.field(default_factory=list)

    def click_all(self, root: QWidget) -> None:
        """Click every enabled button under ``root``, then those that appeared meanwhile."""
        seen: set[int] = set()
        for _round in range(3):  # new dialogs and rows bring new buttons
            new = [button for button in root.findChildren(QAbstractButton)
                   if id(button) not in seen and not isinstance(button.parent(), QMenuBar)]
            if not new:
                return
            for button in new:
                seen.add(id(button))
                if shiboken6.isValid(button) and button.isEnabled():
                    self.click(button)

    def click(self, button: QAbstractButton) -> None:
        name = describe(button)
        asked_before = len(self.asked)
        with self.qtbot.captureExceptions() as exceptions:
            button.click()
            self.settle()
        assert not exceptions, f"clicking {name} raised {exceptions[0][1]!r}"
        if name.rstrip("'").endswith(ELLIPSES):
            assert len(self.asked) > asked_before, f"{name} asked nothing"
        self.clicked.append(name)

    def settle(self) -> None:
        """Wait until no task waits or runs and their outcomes were applied."""
        for _ in range(3):  # an applied outcome may submit more work
            self.qtbot.waitUntil(lambda: self.scheduler.wait_idle(0), timeout=RESULT_TIMEOUT_MS)
            QApplication.processEvents()

    def answer_cancel(self, kind: str, answer: object) -> Callable[..., object]:
        def cancelled(*_args, **_kwargs) -> object:
            self.asked.append(kind)
            return answer
        return cancelled

    def run_modal(self, dialog: QDialog) -> int:
        """`QDialog.exec` in these tests: click the dialog's buttons, then cancel it."""
        self.asked.append(type(dialog).__name__)
        self.click_all(dialog)
        return QDialog.DialogCode.Rejected


def describe(button: QAbstractButton) -> str:
    """The button's text (or tool tip, or object name) and the widgets it is in."""
    label = button.text() or button.toolTip() or button.objectName() or type(button).__name__
    owners, parent = [], button.parentWidget()
    while parent is not None and len(owners) < 3:
        if type(parent).__module__.startswith("vesselview") or parent.isWindow():
            owners.append(type(parent).__name__)
        parent = parent.parentWidget()
    return f"{' in '.join(owners)}: {label!r}"


@pytest.fixture
def clicker(qtbot, monkeypatch):
    """A `Clicker` for the scheduler given later; every dialog answers "cancel"."""
    clicker = Clicker(qtbot, Scheduler(synchronous=True))
    for name, answer in (("getOpenFileName", ("", "")), ("getOpenFileNames", ([], "")),
                         ("getSaveFileName", ("", "")), ("getExistingDirectory", "")):
        monkeypatch.setattr(QFileDialog, name, staticmethod(clicker.answer_cancel(name, answer)))
    for name, answer in (("getDouble", (1.0, False)), ("getItem", ("", False)),
                         ("getInt", (0, False)), ("getText", ("", False))):
        monkeypatch.setattr(QInputDialog, name, staticmethod(clicker.answer_cancel(name, answer)))
    monkeypatch.setattr(QColorDialog, "getColor",
                        staticmethod(clicker.answer_cancel("getColor", QColor())))
    for name in ("about", "information", "warning", "critical", "question"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(clicker.answer_cancel(name, None)))
    monkeypatch.setattr(QDialog, "exec", lambda dialog: clicker.run_modal(dialog))
    opened = QDialog.open

    def open_modeless(dialog: QDialog) -> None:
        clicker.asked.append(type(dialog).__name__)
        opened(dialog)

    monkeypatch.setattr(QDialog, "open", open_modeless)
    return clicker


def test_every_button_of_the_inspector_its_docks_and_tool_windows(small_window, qtbot,
                                                                  tmp_path, clicker):
    window = small_window
    window.show()
    qtbot.waitExposed(window)
    for tool in ("plots", "behaviour", "candidates", "agreement"):  # built at first use
        getattr(window.research, tool)
    browser = window.dataset_browser.browser
    assert browser.open(*write_demo_drive(tmp_path, cases=2))
    clicker.scheduler = window.scheduler
    clicker.settle()
    clicker.click_all(window)
    names = " ".join(clicker.clicked)
    for expected in ("Reset to defaults", "Dismiss all", "Add files...", "Compute", "Run",
                     "Worst first", "Metrics…", "Recompute",
                     "Export table (CSV)…", "Change the colour of", "Add method folder..."):
        assert expected in names
    assert {"getOpenFileNames", "getExistingDirectory", "getColor", "MetricPicker"} <= set(
        clicker.asked)


def test_every_dialog_a_menu_opens(small_window, qtbot, clicker):
    clicker.scheduler = small_window.scheduler
    actions = small_window.menus.actions
    for name in ("open_dataset", "shortcuts"):
        actions[name].trigger()
    small_window.research.open_grading()
    teaching = small_window.research.teaching_menu.actions()[0]
    assert teaching.objectName().startswith("teaching_")
    teaching.trigger()
    assert {"OpenDatasetDialog", "ShortcutsDialog", "GradingSetupDialog",
            "SeverityDialog"} <= set(clicker.asked)
    assert any("OpenDatasetDialog" in name and "Add" in name for name in clicker.clicked)


@pytest.fixture
def grading(qtbot, tmp_path):
    cases = {item: demo_case(shape=SMALL_SHAPE, seed=index) for index, item in enumerate(ITEMS)}
    session = GradingSession(tmp_path / "alice.json", cases, grader="alice", seed=5)
    window = GradingWindow(session, GradingCases.from_cases(cases))
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.case is not None, timeout=RESULT_TIMEOUT_MS)
    yield window
    window.close()


def _button(window: QWidget, text: str) -> QAbstractButton:
    return next(button for button in window.findChildren(QAbstractButton)
                if button.text() == text)


def test_previous_and_next_buttons_move_the_grading_item(grading, qtbot):
    session = grading.session
    for text, position in (("Next ▶", 1), ("Next ▶", 2), ("◀ Previous", 1)):
        with qtbot.waitSignal(grading.item_shown, timeout=RESULT_TIMEOUT_MS) as shown:
            _button(grading, text).click()
        assert session.position == position
        assert shown.args == [session.items[position]]
    grading.score(4)  # the second item is scored: the next unscored is the third
    _button(grading, "◀ Previous").click()
    with qtbot.waitSignal(grading.item_shown, timeout=RESULT_TIMEOUT_MS):
        _button(grading, "Next unscored").click()
    assert session.position == 2


def test_every_button_of_the_grading_window(grading, clicker):
    clicker.scheduler = grading.scheduler
    clicker.click_all(grading)
    names = " ".join(clicker.clicked)
    for expected in ("◀ Previous", "Next ▶", "Next unscored", "Export…", "Clear label",
                     "Brush", "Polygon"):
        assert expected in names
    assert "getExistingDirectory" in clicker.asked
