"""The inspector's main window: view in the centre, docks around it, live results.

Data flow (``design.md``): a parameter edit -> `LiveEvaluation.submit` (worker
thread) -> ``result_ready`` on the main thread -> `_apply` updates metrics, segments,
layers and legend. Cosmetic edits (layer styles, compare modes) go straight to the
view and never reach the worker. File, session and export actions live in
`vesselview.gui.actions`.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QScrollArea,
    QWidget,
)

from vesselview.engine.case import Case
from vesselview.gui.actions import WindowActions
from vesselview.gui.compare import MASK_RGBA, CompareController, CompareMode
from vesselview.gui.error_label import ErrorLabel
from vesselview.gui.files import CaseFiles
from vesselview.gui.layer_panel import LayerPanel
from vesselview.gui.legend import compact_legend_html, legend_html, swatch
from vesselview.gui.metrics_panel import MetricsPanel
from vesselview.gui.params_dock import ParamsPanel
from vesselview.gui.readout import format_readout, format_readout_details
from vesselview.gui.research_tools import install_research_tools
from vesselview.gui.segments_table import SegmentsTable, segment_region
from vesselview.gui.style import DEFAULT_VISIBLE, FUNDUS, LayerStyle
from vesselview.gui.view import InspectorView
from vesselview.gui.worker import LiveEvaluation, Response

_METRICS_WIDTH = 400  # pixels: metric names and "undefined (reason)" texts fit
_LAYERS_WIDTH = 350  # pixels: layer titles, opacity slider and outline box fit
#: Largest part of the window's width each side's docks take by default, so that a
#: small window (1200 px) still gives the image about half of its width.
_DOCK_WIDTH_FRACTION = 0.25
#: The image view never gets narrower than this (pixels).
MIN_VIEW_WIDTH = 480
#: Largest part of the left dock area's height the parameters take by default.
_PARAMS_HEIGHT_FRACTION = 0.6
_READOUT_PROMPT = "Move the mouse over the image for a pixel readout."


@dataclasses.dataclass(frozen=True)
class ShownCase:
    """The case on screen and the files it came from (empty for synthetic cases)."""

    case: Case
    files: CaseFiles


class MainWindow(QMainWindow):
    """The inspector.

    Parameters
    ----------
    settings : QSettings, optional
        Where recent files are kept (tests pass a temporary one).

    Signals
    -------
    result_applied(Response)
        A result is on screen (emitted on the main thread, after every widget updated).
    """

    result_applied = Signal(object)

    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.setWindowTitle("vesselview")
        self.settings = settings if settings is not None else QSettings("vesselview", "vesselview")
        self.live = LiveEvaluation(self)
        self.shown: ShownCase | None = None
        self.chosen_files = CaseFiles()
        self.response: Response | None = None
        self.error_box: QMessageBox | None = None
        self._compared_threshold: float | None = None
        self._hovered: tuple[int, int] | None = None  # last pixel under the cursor
        self._docks_fitted = False
        self.view = InspectorView()
        self.view.setMinimumWidth(MIN_VIEW_WIDTH)
        self.setCentralWidget(self.view)
        self.compare = CompareController(self.view)
        self.params_panel = ParamsPanel()
        self.layer_panel = LayerPanel()
        self.metrics_panel = MetricsPanel()
        self.segments_table = SegmentsTable()
        self._build_docks()
        self._build_status_bar()
        self._connect()
        self.live.warm_layers = DEFAULT_VISIBLE
        self.actions = WindowActions(self)
        self.research = install_research_tools(self)  # plots dock, Research/Teaching menus
        self.setAcceptDrops(True)

    # -- showing a case and its results -------------------------------------------------

    def show_case(self, case: Case, files: CaseFiles) -> None:
        """Put ``case`` on screen and evaluate it with the current parameters."""
        self.shown = ShownCase(case, files)
        self.chosen_files = files
        self.error_label.hide()
        self.response = None
        self._compared_threshold = None
        self._hovered = None
        self.readout.setText(_READOUT_PROMPT)
        self.view.set_images(case.shape, case.fundus)
        self.params_panel.set_soft_candidate(case.candidate_soft is not None)
        self.metrics_panel.clear_values()
        self.segments_table.show_segments(None)
        self._update_compare_masks(self.params_panel.params.threshold)
        self.setWindowTitle(f"vesselview: {case.sources.get('candidate', '?')} vs "
                            f"{case.sources.get('reference', '?')}")
        for warning in case.warnings:
            self.statusBar().showMessage(warning, 10000)
        self.live.submit(case=case, params=self.params_panel.params)

    def _apply(self, response: Response) -> None:
        """Show the newest result (main thread)."""
        previous, self.response = self.response, response
        if previous is None or previous.result.skeletal is not response.result.skeletal:
            self.view.clear_highlight()  # segments renumbered: the outlined one is gone
        self.metrics_panel.show_result(response.result)
        self.layer_panel.set_layers(response.layers)
        self._sync_warm_layers()
        self.view.main.show_layers(response.layers, self.layer_panel.styles)
        self._set_fundus_style(self.layer_panel.styles[FUNDUS])
        self._update_legend()
        self.segments_table.show_segments(response.result.skeletal)
        self._update_compare_masks(response.result.params.threshold)
        self._show_readout()
        self.timing.setText(f"evaluated in {response.seconds * 1000:.0f} ms")
        self.result_applied.emit(response)

    def _update_compare_masks(self, threshold: float | None) -> None:
        if self.shown is None or threshold == self._compared_threshold:
            return
        case = self.shown.case
        self.compare.set_masks(case.reference, case.candidate_at(threshold))
        self._compared_threshold = threshold

    def _update_legend(self) -> None:
        if self.compare.mode is not CompareMode.OVERLAY:
            self.view.set_legend(f"{swatch(MASK_RGBA)} vessel (mask named in the banner)")
            return
        if self.response is None:
            return
        styles = self.layer_panel.styles
        shown = [(layer, styles[name]) for name, layer in self.response.layers.items()
                 if styles[name].visible]
        self.view.set_legend(legend_html(shown), compact_legend_html(shown))

    # -- reactions -----------------------------------------------------------------------

    def _sync_warm_layers(self) -> None:
        """Let the worker prepare the display products of the visible layers."""
        styles = self.layer_panel.styles
        self.live.warm_layers = frozenset(name for name, style in styles.items() if style.visible)

    def _on_style_changed(self, name: str, style: LayerStyle) -> None:
        self._sync_warm_layers()
        if name == FUNDUS:
            self._set_fundus_style(style)
        elif self.response is not None and name in self.response.layers:
            self.view.main.apply_style(self.response.layers[name], style)
        self._update_legend()

    def _set_fundus_style(self, style: LayerStyle) -> None:
        for stack in (self.view.main, self.view.second):
            stack.set_fundus_style(style)

    def _on_hovered(self, row: int, col: int) -> None:
        self._hovered = (row, col)
        self._show_readout()

    def _show_readout(self) -> None:
        """Describe the last hovered pixel with the shown result."""
        if self.response is not None and self._hovered is not None:
            info = self.response.result.explain(*self._hovered)
            self.readout.setText(format_readout(info))
            self.readout.setToolTip(format_readout_details(info))

    def _on_busy(self, busy: bool) -> None:
        self.busy.setVisible(busy)

    def _focus_segment(self, label: int) -> None:
        if self.response is not None and self.response.result.skeletal is not None:
            top, left, mask = segment_region(self.response.result.skeletal.labels, label)
            self.view.focus_region(top, left, mask)

    def show_error(self, message: str) -> None:
        """Tell the user what went wrong without blocking (status bar and message box)."""
        self.statusBar().clearMessage()  # an earlier hint may no longer hold
        self.error_label.show_message(message)
        self.error_box = QMessageBox(QMessageBox.Icon.Warning, "vesselview", message,
                                     QMessageBox.StandardButton.Ok, self)
        self.error_box.open()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt override
        """Accept dragged files."""
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt override
        """Open dropped files (role from the file name, else asked)."""
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        event.acceptProposedAction()
        self.actions.drop_paths(paths)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """On first showing, size the docks for the window's size."""
        super().showEvent(event)
        if not self._docks_fitted:
            self._fit_docks()
            self._docks_fitted = True

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        """Stop the worker thread before the window goes."""
        self.live.shutdown()
        super().closeEvent(event)

    # -- construction --------------------------------------------------------------------

    def _build_docks(self) -> None:
        scroll = QScrollArea()
        scroll.setWidget(self.params_panel)
        scroll.setWidgetResizable(True)
        self._params_dock = self._dock("Parameters", scroll, Qt.DockWidgetArea.LeftDockWidgetArea)
        self._layers_dock = self._dock("Layers", self.layer_panel,
                                       Qt.DockWidgetArea.LeftDockWidgetArea)
        self._metrics_dock = self._dock("Metrics", self.metrics_panel,
                                        Qt.DockWidgetArea.RightDockWidgetArea)
        segments = self._dock("SS segments", self.segments_table,
                              Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(self._metrics_dock, segments)
        self._metrics_dock.raise_()

    def _fit_docks(self) -> None:
        """Default dock sizes for this window: narrow enough to leave the image room,
        the parameters as tall as they need (within reason) above the layers."""
        widest = int(_DOCK_WIDTH_FRACTION * self.width())
        scroll = self._params_dock.widget()
        params_width = (self.params_panel.minimumSizeHint().width()  # no horizontal scrolling
                        + scroll.verticalScrollBar().sizeHint().width() + 2 * scroll.frameWidth())
        self.resizeDocks([self._metrics_dock, self._layers_dock],
                         [min(_METRICS_WIDTH, widest),
                          max(params_width, min(_LAYERS_WIDTH, widest))],
                         Qt.Orientation.Horizontal)
        title_height = self._params_dock.sizeHint().height() - scroll.sizeHint().height()
        params_needed = (self.params_panel.sizeHint().height() + 2 * scroll.frameWidth()
                         + title_height)  # the scroll area's own hint is capped
        left_height = self._params_dock.height() + self._layers_dock.height()
        params_height = min(params_needed, int(_PARAMS_HEIGHT_FRACTION * left_height))
        self.resizeDocks([self._params_dock, self._layers_dock],
                         [params_height, left_height - params_height], Qt.Orientation.Vertical)

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_status_bar(self) -> None:
        self.readout = QLabel(_READOUT_PROMPT)
        self.error_label = ErrorLabel()
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setFixedWidth(100)
        self.busy.setFormat("evaluating")
        self.busy.hide()
        self.timing = QLabel()
        bar = self.statusBar()
        bar.addWidget(self.readout, 1)
        bar.addPermanentWidget(self.error_label)
        bar.addPermanentWidget(self.busy)
        bar.addPermanentWidget(self.timing)

    def _connect(self) -> None:
        self.params_panel.params_changed.connect(lambda params: self.live.submit(params=params))
        self.live.result_ready.connect(self._apply)
        self.live.failed.connect(self.show_error)
        self.live.busy_changed.connect(self._on_busy)
        self.layer_panel.style_changed.connect(self._on_style_changed)
        self.view.hovered.connect(self._on_hovered)
        self.segments_table.segment_selected.connect(self._focus_segment)
        self.compare.mode_changed.connect(lambda _mode: self._update_legend())
