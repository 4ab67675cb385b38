"""Where the inspector's secondary windows (Plots, case browser) open: never over the image.

Each is a dock widget of the main window. The first time it opens in a session it goes
where the user last left it on a screen of this size (floating rectangle or docked; kept
in ``QSettings``) if that still fits the screen without covering the image; else it
floats beside the main window
when the screen has room (`vesselview.gui.widgets.placement.place_beside`), else beside
the image over the docks, else it docks below the image (tabbed with the other secondary
windows), where the image keeps its width, at the height its content needs (the case
browser: 8 table rows). Opened from its menu action it comes to the front (its tab
raised). The placements are saved when the main window closes.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSettings, QSize, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from vesselview.gui.widgets import placement
from vesselview.gui.widgets.placement import RememberedPlacement, place_beside

#: A docked secondary window takes this part of the main window's height.
DOCKED_HEIGHT_FRACTION = 0.4


class SecondaryWindows:
    """Places the secondary windows of ``window`` around its ``image`` view.

    Parameters
    ----------
    window : QMainWindow
    image : QWidget
        The view that must stay visible.
    settings : QSettings
        Keeps each window's last placement.
    """

    def __init__(self, window: QMainWindow, image: QWidget, settings: QSettings) -> None:
        self.window, self.image, self.settings = window, image, settings
        self._docks: dict[str, QDockWidget] = {}
        self._sizes: dict[str, tuple[QSize, QSize]] = {}  # wanted and least frame sizes
        self._placed: set[str] = set()
        self.remember = True  # False: `save` keeps the saved placements (e.g. screenshots)
        # the bottom dock area lies under the image only: the side columns keep their height
        window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)

    def add(self, name: str, dock: QDockWidget, wanted: QSize, least: QSize) -> None:
        """Manage ``dock`` as secondary window ``name`` of ``wanted`` / ``least`` frame size
        (pixels); it is placed when it is shown the first time (`place`)."""
        self._docks[name], self._sizes[name] = dock, (wanted, least)
        if self.window.dockWidgetArea(dock) == Qt.DockWidgetArea.NoDockWidgetArea:
            self.window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            dock.hide()
        dock.visibilityChanged.connect(lambda shown: self._on_shown(name) if shown else None)
        # opened from its menu action: in front, its tab raised when docked among others
        dock.toggleViewAction().triggered.connect(
            lambda checked: self.bring_up(name) if checked else None)

    def place(self, name: str) -> None:
        """Put secondary window ``name`` where it can stay without covering the image."""
        available = placement.available_geometry(self.window)
        dock, memory = self._docks[name], self._memory(name, available)
        self._placed.add(name)
        image = self.image_frame()
        remembered = memory.frame() if memory.docked() is False else None
        if remembered is not None and (not available.contains(remembered)
                                       or remembered.intersects(image)):
            remembered = None
        wanted, least = self._sizes[name]
        least = least.expandedTo(dock.minimumSizeHint())
        others = [other.frameGeometry() for other in self._docks.values()
                  if other is not dock and other.isFloating() and other.isVisible()]
        frame = remembered if remembered is not None or memory.docked() else place_beside(
            available, self.window.frameGeometry(), image, wanted.expandedTo(least), least,
            others)
        if frame is None:
            self._dock_below(dock)
        else:
            dock.setFloating(True)
            _set_frame(dock, frame)

    def bring_up(self, name: str) -> None:
        """Show secondary window ``name`` (placed the first time) in front."""
        dock = self._docks[name]
        dock.show()  # placed the first time by `_on_shown`
        dock.raise_()

    def image_frame(self) -> QRect:
        """The image view's rectangle in global pixels."""
        return QRect(self.image.mapToGlobal(self.image.rect().topLeft()), self.image.size())

    def save(self) -> None:
        """Remember where each placed secondary window is (docked, or its frame)."""
        available = placement.available_geometry(self.window)
        for name in self._placed if self.remember else ():
            dock = self._docks[name]
            self._memory(name, available).save(not dock.isFloating(), dock.frameGeometry())

    def _memory(self, name: str, available: QRect) -> RememberedPlacement:
        """Where ``name``'s placement on a screen of ``available`` area is kept."""
        return RememberedPlacement(self.settings, name, available.size())

    def _on_shown(self, name: str) -> None:
        """Place a secondary window shown the first time (e.g. by its menu action)."""
        if name not in self._placed:
            self.place(name)

    def _dock_below(self, dock: QDockWidget) -> None:
        """Dock ``dock`` below the image, tabbed with the secondary windows docked there."""
        window, bottom = self.window, Qt.DockWidgetArea.BottomDockWidgetArea
        dock.setFloating(False)
        window.addDockWidget(bottom, dock)
        docked = [other for other in self._docks.values() if other is not dock
                  and not other.isFloating() and window.dockWidgetArea(other) == bottom]
        if docked:
            window.tabifyDockWidget(docked[0], dock)
        dock.raise_()  # its tab in front
        # once its content has laid itself out for the dock's shape (the browser puts its
        # plots beside the table), as tall as that needs (the browser's 8 table rows)
        QTimer.singleShot(0, lambda: self._fit_docked(dock))

    def _fit_docked(self, dock: QDockWidget) -> None:
        """Give the docked ``dock`` its share of the window's height, or its least height
        when that is more."""
        window = self.window
        height = max(int(DOCKED_HEIGHT_FRACTION * window.height()),
                     dock.minimumSizeHint().height())
        window.resizeDocks([dock], [height], Qt.Orientation.Vertical)


def _set_frame(dock: QDockWidget, frame: QRect) -> None:
    """Give the floating ``dock`` the frame ``frame`` (its window frame, where the window
    system tells its size, included)."""
    dock.setGeometry(frame)
    handle = dock.windowHandle()
    if handle is not None:
        dock.setGeometry(frame.marginsRemoved(handle.frameMargins()))
