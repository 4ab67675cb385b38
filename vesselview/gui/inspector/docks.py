"""The inspector's docks (`inspector_docks`), where they go for the window's size, and
the presentation mode.

Wide windows (at least `WIDE_WIDTH` pixels) keep parameters and layers on the left and
metrics and segments on the right. Narrower ones put every dock into one left column
(parameters and layers tabbed above, metrics and segments tabbed below) so that the
image keeps most of the width. The Plots dock and the case browser open beside the
window or below the image, never squeezing its width
(`vesselview.gui.inspector.secondary_windows`). Presentation mode (F11) is for a
projector: full screen without docks, menu bar or status bar, larger overlay text, and the
headline metrics in large type over the image's bottom-right corner beside the legend;
leaving it restores the window and its docks as they were (every shortcut keeps working).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import (
    QDockWidget,
    QMainWindow,
    QScrollArea,
    QWidget,
)

from vesselview.engine.result import Result
from vesselview.gui.inspector.view import InspectorView
from vesselview.gui.widgets.metric_text import headline_html

#: Windows at least this wide (pixels) get docks on both sides of the image.
WIDE_WIDTH = 1500
#: Largest part of the window's width each dock column takes.
DOCK_WIDTH_FRACTION = 0.22
#: Preferred widths (pixels) of the metrics (names and "undefined (reason)" texts fit)
#: and of the layers (titles, opacity slider and outline box fit) in wide windows.
METRICS_WIDTH, LAYERS_WIDTH = 400, 350
#: Largest part of the left dock column's height the parameters take in wide windows.
PARAMS_HEIGHT_FRACTION = 0.6
#: Font scale of presentation mode (window and overlay text).
PRESENTATION_SCALE = 1.6
#: Height (pixels) of the headline metrics' values over the image in presentation mode.
PRESENTATION_VALUE_PX = 44


class DockLayout:
    """Arranges the docks of ``window`` and switches presentation mode.

    Parameters
    ----------
    window : QMainWindow
    left : sequence of QDockWidget
        Parameters and layers (tabbed in narrow windows).
    right : sequence of QDockWidget
        Metrics and segments (always tabbed).
    view : InspectorView
        Its overlay text grows in presentation mode.
    """

    def __init__(self, window: QMainWindow, left: Sequence[QDockWidget],
                 right: Sequence[QDockWidget], view: InspectorView) -> None:
        self.window, self.left, self.right, self.view = window, list(left), list(right), view
        self.wide: bool | None = None
        self.presenting = False
        self._saved_state = QByteArray()
        self._saved_geometry = QByteArray()
        self._saved_window_state = window.windowState()
        self._saved_font = QFont(window.font())
        self._headline = ""  # the shown result's headline metrics, large (presentation)

    @property
    def docks(self) -> list[QDockWidget]:
        """Every dock widget of the window (research docks too)."""
        return self.window.findChildren(QDockWidget)

    def arrange(self) -> None:
        """Put the docks where the window's width wants them (no change if already there)."""
        wide = self.window.width() >= WIDE_WIDTH
        if wide == self.wide:
            return
        self.wide = wide
        window, left, right = self.window, self.left, self.right
        area = Qt.DockWidgetArea
        for dock in (*left, *right):
            window.removeDockWidget(dock)
        window.addDockWidget(area.LeftDockWidgetArea, left[0])
        window.addDockWidget(area.RightDockWidgetArea if wide else area.LeftDockWidgetArea,
                             right[0])
        if wide:
            window.splitDockWidget(left[0], left[1], Qt.Orientation.Vertical)
        else:
            window.splitDockWidget(left[0], right[0], Qt.Orientation.Vertical)
            window.tabifyDockWidget(left[0], left[1])
        window.tabifyDockWidget(right[0], right[1])
        for dock in (*left, *right):
            dock.show()
        for dock in (left[0], right[0]):
            dock.raise_()

    def column_width(self) -> int:
        """Default width of a dock column (pixels)."""
        return int(DOCK_WIDTH_FRACTION * self.window.width())

    def fit(self, params_scroll: QScrollArea, metrics_width: int) -> None:
        """Arrange the docks, then size them: narrow enough to leave the image room, the
        parameters (in ``params_scroll``) never scrolled sideways and, in wide windows,
        as tall as they need (within reason) above the layers.

        ``metrics_width`` is the metrics panel's least width (pixels).
        """
        self.arrange()
        window, column = self.window, self.column_width()
        (params, layers), metrics = self.left, self.right[0]
        panel = cast(QWidget, params_scroll.widget())  # the parameters panel
        frame = 2 * params_scroll.frameWidth()
        params_width = (panel.minimumSizeHint().width() + frame
                        + params_scroll.verticalScrollBar().sizeHint().width())
        if not self.wide:
            width = max(params_width, metrics_width, column)
            window.resizeDocks([params], [width], Qt.Orientation.Horizontal)
            return
        window.resizeDocks([metrics, layers], [min(METRICS_WIDTH, column),
                                               max(params_width, min(LAYERS_WIDTH, column))],
                           Qt.Orientation.Horizontal)
        title_height = params.sizeHint().height() - params_scroll.sizeHint().height()
        # the scroll area's own hint is capped: ask its panel
        params_needed = panel.sizeHint().height() + frame + title_height
        left_height = params.height() + layers.height()
        params_height = min(params_needed, int(PARAMS_HEIGHT_FRACTION * left_height))
        window.resizeDocks([params, layers], [params_height, left_height - params_height],
                           Qt.Orientation.Vertical)

    def toggle_presentation(self) -> None:
        """Enter or leave presentation mode."""
        self.set_presentation(not self.presenting)

    def set_presentation(self, on: bool, full_screen: bool = True) -> None:
        """Presentation mode: every dock hidden, large text, full screen unless
        ``full_screen`` is False (a screenshot of a given size); off: all comes back."""
        if on == self.presenting:
            return
        self.presenting = on
        window = self.window
        if on:
            self._saved_state = window.saveState()
            self._saved_geometry = window.saveGeometry()
            self._saved_window_state = window.windowState()
            self._saved_font = QFont(window.font())
            for dock in self.docks:
                dock.hide()
            font = QFont(self._saved_font)
            font.setPointSizeF(font.pointSizeF() * PRESENTATION_SCALE)
            window.setFont(font)
            # the menus' shortcuts (F11 to leave, L, the layer keys) work without the bar
            window.addActions(window.menuBar().findChildren(QAction))
            if full_screen:
                window.setWindowState(self._saved_window_state | Qt.WindowState.WindowFullScreen)
        else:
            window.setWindowState(self._saved_window_state)
            # its size first, then the docks: restoring docks laid out for a larger window
            # into the full-screen size crashed Qt's dock layout (PySide6 6.11)
            window.restoreGeometry(self._saved_geometry)
            window.setFont(self._saved_font)
            window.restoreState(self._saved_state)
        window.menuBar().setVisible(not on)
        window.statusBar().setVisible(not on)
        self.view.set_text_scale(PRESENTATION_SCALE if on else 1.0)
        self.view.set_headline(self._headline if on else "")

    def show_headline(self, result: Result) -> None:
        """Keep ``result``'s headline metrics for presentation mode (shown there at once)."""
        self._headline = headline_html(result, PRESENTATION_VALUE_PX, columns=2,
                                       name_px=PRESENTATION_VALUE_PX // 2)
        if self.presenting:
            self.view.set_headline(self._headline)


def inspector_docks(window: QMainWindow, view: InspectorView, params: QWidget,
                    layers: QWidget, metrics: QWidget, segments: QWidget) -> DockLayout:
    """The inspector's four docks, arranged for ``window``'s width.

    Parameters
    ----------
    window : QMainWindow
    view : InspectorView
        The image, in the centre.
    params, layers, metrics, segments : QWidget
        The panels of the docks "Parameters" (in a scroll area), "Layers", "Metrics"
        and "SS segments".
    """
    scroll = QScrollArea()
    scroll.setWidget(params)
    scroll.setWidgetResizable(True)
    docks = [_dock(window, title, widget) for title, widget in
             (("Parameters", scroll), ("Layers", layers), ("Metrics", metrics),
              ("SS segments", segments))]
    layout = DockLayout(window, docks[:2], docks[2:], view)
    layout.arrange()
    return layout


def _dock(window: QMainWindow, title: str, widget: QWidget) -> QDockWidget:
    """A dock of ``window`` showing ``widget``, its title also its object name."""
    dock = QDockWidget(title, window)
    dock.setObjectName(title)
    dock.setWidget(widget)
    return dock
