"""Wire the case browser into an inspector window: File > Open dataset and the
next/previous case keys."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtWidgets import QDialog, QMainWindow, QWidget

from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.inspector import Inspector
from vesselview.gui.dataset.open_dialog import OpenDatasetDialog
from vesselview.gui.dataset.window import DatasetBrowserWindow
from vesselview.gui.inspector.compare import CompareController
from vesselview.gui.inspector.menus import InspectorMenus


class InspectorWindow(Protocol):
    """What the browser needs of the inspector's main window."""

    model: Inspector
    compare: CompareController
    menus: InspectorMenus


def _bring_up(widget: QWidget) -> None:
    widget.show()
    widget.raise_()


def install_dataset_browser(window: InspectorWindow) -> DatasetBrowserWindow:
    """Make File > Open dataset fill a case browser; PgUp/PgDn follow its order.

    Returns the browser window (hidden until a dataset is opened).
    """
    browser = DatasetBrowser(window.model)
    parent = window if isinstance(window, QMainWindow) else None
    browser_window = DatasetBrowserWindow(browser, parent)
    compare = window.compare
    browser.current_changed.connect(lambda _case: compare.compare_with(None, None))
    browser.comparison_ready.connect(compare.compare_with)
    browser.opened.connect(lambda _dataset: _bring_up(browser_window))
    actions = window.menus.actions

    def open_dialog() -> None:
        dialog = OpenDatasetDialog(parent)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.root.text():
            browser.open(dialog.root.text(), dialog.predictions(), dialog.observer_number())

    def step(by: int) -> None:
        if browser.dataset is not None:
            browser.step(by)
        else:
            window.model.step_case(by)

    for key, slot in (("open_dataset", open_dialog), ("next_case", lambda: step(1)),
                      ("previous_case", lambda: step(-1))):
        actions[key].triggered.disconnect()
        actions[key].triggered.connect(lambda _checked=False, s=slot: s())
    return browser_window
