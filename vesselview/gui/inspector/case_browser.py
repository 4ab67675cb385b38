"""Wire the case browser (`vesselview.gui.dataset`) into an inspector window: File > Open
dataset, the next/previous case keys, and its place as one of the window's secondary
windows (beside the window, or docked below the image on a small screen:
`vesselview.gui.inspector.secondary_windows`)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QDialog, QDockWidget, QMainWindow

from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.inspector import Inspector
from vesselview.gui.dataset.open_dialog import OpenDatasetDialog
from vesselview.gui.dataset.window import DatasetBrowserWindow
from vesselview.gui.inspector.compare import CompareController
from vesselview.gui.inspector.menus import InspectorMenus
from vesselview.gui.inspector.secondary_windows import SecondaryWindows

#: Preferred and least frame sizes (pixels) of the case browser (docked below the image
#: when the screen has no room for the least beside the window or the image).
BROWSER_SIZE, BROWSER_LEAST_SIZE = QSize(1100, 760), QSize(640, 400)


class InspectorWindow(Protocol):
    """What the browser needs of the inspector's main window."""

    model: Inspector
    compare: CompareController
    menus: InspectorMenus
    secondary: SecondaryWindows


def install_dataset_browser(window: InspectorWindow) -> DatasetBrowserWindow:
    """Make File > Open dataset fill a case browser; PgUp/PgDn follow its order.

    Returns the browser window (hidden until a dataset is opened).
    """
    browser = DatasetBrowser(window.model)
    parent = window if isinstance(window, QMainWindow) else None
    browser_window = DatasetBrowserWindow(browser, parent)
    dock = QDockWidget("Case browser")
    dock.setObjectName("Case browser")
    dock.setWidget(browser_window)
    for shortcut in browser_window.step_keys:  # the inspector's next/previous keys step it
        shortcut.setEnabled(False)
    # docked above or below the image, the plots go beside the table before the dock's
    # height is settled, so the dock is no taller than the table's 8 rows need
    dock.dockLocationChanged.connect(lambda area: browser_window.put_plots_beside(
        area in (Qt.DockWidgetArea.BottomDockWidgetArea, Qt.DockWidgetArea.TopDockWidgetArea)))
    window.secondary.add("browser", dock, BROWSER_SIZE, BROWSER_LEAST_SIZE)
    compare = window.compare
    browser.current_changed.connect(lambda _case: compare.compare_with(None, None))
    browser.comparison_ready.connect(compare.compare_with)
    browser.opened.connect(lambda _dataset: window.secondary.bring_up("browser"))
    actions = window.menus.actions

    def open_dialog() -> None:
        dialog = OpenDatasetDialog(parent, window.model.settings)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.root.text():
            browser.open(dialog.root.text(), dialog.predictions(), dialog.observer_number(),
                         estimate_fov=dialog.estimate_fov.isChecked())

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
