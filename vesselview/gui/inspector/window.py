"""The inspector's main window: view in the centre, docks around it, live results.

The window observes the application model (`vesselview.app.inspector.Inspector`,
``window.model``): a parameter edit -> ``Inspector.set_param`` -> an evaluation on the
shared scheduler -> ``partial_changed`` after each metric family, then ``result_changed``,
on the main thread -> `_apply_partial` shows the finished families' values and layers at
once (pending values marked), `_apply` updates metrics, segments, layers and legend.
Cosmetic edits (layer styles, compare modes) go straight to the view
(`vesselview.gui.inspector.layer_display`) and never reach the scheduler. The menus
(`vesselview.gui.inspector.menus`) call the model's actions; they and the window do not
know each other beyond construction.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QCoreApplication, QSettings, QSize, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QMainWindow, QScrollArea, QVBoxLayout, QWidget
from superqt.utils import qthrottled

from vesselview.app.captions import dataset_method, method_name, window_title
from vesselview.app.files import ShownCase
from vesselview.app.inspector import Inspector
from vesselview.app.length_units import length_scale
from vesselview.app.live import Response
from vesselview.app.reference_switch import ReferenceSwitch
from vesselview.app.scheduler import Scheduler
from vesselview.app.spacing_display import spacing_caption
from vesselview.engine.kernels_warmup import load_in_background
from vesselview.gui.inspector.case_browser import install_dataset_browser
from vesselview.gui.inspector.compare import CompareController
from vesselview.gui.inspector.docks import WIDE_WIDTH, inspector_docks
from vesselview.gui.inspector.layer_display import LayerDisplay
from vesselview.gui.inspector.layer_panel import LayerPanel
from vesselview.gui.inspector.menus import InspectorMenus
from vesselview.gui.inspector.overview import Overview
from vesselview.gui.inspector.params_dock import ParamsPanel
from vesselview.gui.inspector.pixel_readout import PixelReadout
from vesselview.gui.inspector.polarity import LOADER_POLARITY_NOTE, PolarityControls
from vesselview.gui.inspector.reference_choice import ReferenceChoice
from vesselview.gui.inspector.research_menus import install_research_tools
from vesselview.gui.inspector.secondary_windows import SecondaryWindows
from vesselview.gui.inspector.segments_table import SegmentsTable, segment_region
from vesselview.gui.inspector.status_widgets import complete_timing, fill_status_bar, partial_timing
from vesselview.gui.inspector.teaching_bar import TeachingBar
from vesselview.gui.inspector.view import InspectorView
from vesselview.gui.widgets.main_thread import qt_scheduler
from vesselview.gui.widgets.metrics_panel import MetricsPanel
from vesselview.gui.widgets.notices import Notices
from vesselview.gui.widgets.wheel_guard import install_wheel_guard

#: The image view never gets narrower than this (pixels).
MIN_VIEW_WIDTH = 480
#: A slider drag asks for at most one evaluation per this many milliseconds (the first
#: at once); the scheduler drops superseded ones anyway.
THROTTLE_MS = 40
#: How long an evaluation waits for the window to paint its first partial result before
#: it computes on (the painting would otherwise wait for the interpreter); it is painted
#: in a few ms unless the machine is very loaded.
SCREEN_WAIT_S = 0.25
#: Preferred and least frame sizes (pixels) of the Plots window (docked below the image
#: when the screen has no room for the least beside the window or the image).
PLOTS_SIZE, PLOTS_LEAST_SIZE = QSize(820, 460), QSize(480, 320)
_STATUS_MS = 10000
#: What the status bar says when an error was added to the notices above the image.
ERROR_POINTER = "Failed: see the message above the image."


class MainWindow(QMainWindow):
    """The inspector.

    Parameters
    ----------
    settings : QSettings, optional
        Where recent files are kept (tests pass a temporary one).
    scheduler : Scheduler, optional
        Runs every background computation of this window and its tools; by default a
        new one delivering on the main thread, shut down when the window closes.

    Attributes
    ----------
    model : Inspector
        The state and actions this window shows.

    Signals
    -------
    result_applied(Response)
        A complete result is on screen (emitted on the main thread, after every widget
        updated).
    partial_applied(Response)
        A partial result is on screen: its values in the metrics panel, the others
        marked pending, its layers in the view (the layers still computing are hidden).
    """

    result_applied = Signal(object)
    partial_applied = Signal(object)

    def __init__(self, settings: QSettings | None = None,
                 scheduler: Scheduler | None = None) -> None:
        super().__init__()
        install_wheel_guard(cast(QCoreApplication, QCoreApplication.instance()))
        self.setWindowTitle("vesselview")
        self.settings = settings if settings is not None else QSettings("vesselview", "vesselview")
        self.scheduler = scheduler if scheduler is not None else qt_scheduler(self)
        self.model = Inspector(self.scheduler, self.settings)
        self.model.evaluate_later = qthrottled(self.model.evaluate, THROTTLE_MS, leading=True)
        self.model.screen_wait_s = SCREEN_WAIT_S
        self._docks_fitted = False
        self.view = InspectorView()
        self.view.setMinimumWidth(MIN_VIEW_WIDTH)
        self.notices = Notices(self.model.notices)
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.notices)
        self.teaching = TeachingBar(self.model, self.view)
        column.addWidget(self.teaching)
        column.addWidget(self.view, 1)
        self.setCentralWidget(central)
        self.compare = CompareController(self.view)
        self.layer_display = LayerDisplay(self.view, self.model, self.compare)
        self.params_panel = ParamsPanel(self.model)
        self.reference_choice = ReferenceChoice(ReferenceSwitch(self.model))
        self.params_panel.add_above(self.reference_choice)
        self.layer_panel = LayerPanel(self.model.layers)
        self.metrics_panel = MetricsPanel()
        self.segments_table = SegmentsTable()
        self.docks = inspector_docks(self, self.view, self.params_panel, self.layer_panel,
                                     self.metrics_panel, self.segments_table)
        self.readout, self.busy, self.timing, self.spacing = fill_status_bar(self.statusBar())
        self.pixel_readout = PixelReadout(self.readout, self.layer_display, self.metrics_panel)
        self._connect()
        self.menus = InspectorMenus(self, self.model, self.view, self.compare, self.layer_panel,
                                   self.layer_display)
        # the Plots dock and the Research and Teaching menus
        self.research = install_research_tools(self, self.model, self.teaching.load)
        self.secondary = SecondaryWindows(self, self.view, self.settings)
        self.secondary.add("plots", self.research.plots_dock, PLOTS_SIZE, PLOTS_LEAST_SIZE)
        self.menus.add_view_action("presentation", self.docks.toggle_presentation)
        self.overview = Overview(self.view, self.model)
        overview = self.menus.add_view_action("overview", self.overview.toggle)
        overview.setCheckable(True)
        overview.setChecked(True)
        # File > Open dataset fills the case browser
        self.dataset_browser = install_dataset_browser(self)
        self.polarity = PolarityControls(self.model, self.menus, self.notices)
        self.setAcceptDrops(True)

    # -- showing a case and its results -------------------------------------------------

    def _on_case(self, shown: ShownCase) -> None:
        """Put the model's new case on screen (its evaluation is under way)."""
        case = shown.case
        self.pixel_readout.clear()
        self.view.set_images(case.shape, case.fundus, case.fov, case.spacing_um)
        self.spacing.setText(spacing_caption(case))
        self.params_panel.set_case(case)
        self.metrics_panel.clear_values()
        self.segments_table.show_segments(None)
        self.layer_display.clear()
        self._show_lengths()  # the same unit may stand for other lengths on this case
        method = dataset_method(self.model.dataset, case)
        self.setWindowTitle(window_title(case, method))
        self.compare.set_candidate_name(method_name(case, method))

    def _apply(self, response: Response) -> None:
        """Show the newest complete result (main thread)."""
        self.layer_panel.set_layers(response.layers)
        self.layer_display.show(response)
        self._show_values(response)
        self.segments_table.show_segments(response.result.skeletal)
        self.timing.setText(complete_timing(response.seconds))
        self.result_applied.emit(response)
        load_in_background()  # the next evaluations: the compiled kernels at every size

    def _apply_partial(self, response: Response) -> None:
        """Show the newest partial result at once (main thread): its layers painted first
        (the evaluation waits for them, `Request.screen_wait_s`), then its values (the
        metrics panel's rows cost more than the image); the layer panel keeps its rows
        (and the user's order) until the complete result."""
        self.layer_display.show(response)
        self.view.paint_now()
        response.on_screen.set()  # the evaluation goes on
        self._show_values(response)
        if response.result.skeletal is not None:
            self.segments_table.show_segments(response.result.skeletal)
        self.timing.setText(partial_timing(response.seconds, len(response.result.pending)))
        self.partial_applied.emit(response)

    def _show_values(self, response: Response) -> None:
        """Metrics, headline and readout of ``response`` (complete or partial)."""
        self.metrics_panel.show_result(response.result)
        self.docks.show_headline(response.result)
        self.pixel_readout.refresh()

    # -- reactions -----------------------------------------------------------------------

    def _on_length_unit(self) -> None:
        """Show lengths in the chosen unit (the model keeps the user's choice for
        sessions)."""
        self.model.length_unit = self.params_panel.length_units.preferred
        self._show_lengths()

    def _show_lengths(self) -> None:
        """Give the metrics' distances, the lengths in reasons, layer titles and legend,
        and the readout in the shown unit on the shown case."""
        scale = length_scale(self.params_panel.length_units.unit, self.model.case)
        self.metrics_panel.set_length_scale(scale)
        self.layer_panel.set_length_scale(scale)
        self.layer_display.length_scale = scale
        self.layer_display.update_legend()
        self.pixel_readout.refresh()

    def _on_busy(self, busy: bool) -> None:
        self.busy.setVisible(busy)

    def _focus_segment(self, label: int) -> None:
        response = self.model.response
        if response is not None and response.result.skeletal is not None:
            top, left, mask = segment_region(response.result.skeletal.labels, label)
            self.view.focus_region(top, left, mask)

    def show_error(self, _message: str) -> None:
        """Point at the error: the model's notices show it above the image until dismissed
        (and the tool windows' errors too), so the status bar only says where it is."""
        self.statusBar().showMessage(ERROR_POINTER, _STATUS_MS)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept dragged files."""
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """Open dropped files (role from the file name, else asked)."""
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        event.acceptProposedAction()
        self.model.drop_paths(paths, self.menus.ask_role)

    def showEvent(self, event: QShowEvent) -> None:
        """On first showing, size the docks for the window's size (and let a status
        message said before, e.g. a failed start-up load, cover the readout)."""
        super().showEvent(event)
        message = self.statusBar().currentMessage()
        if message:  # said before the window showed: hide the readout under it now
            self.statusBar().clearMessage()  # the same message again would change nothing
            self.statusBar().showMessage(message, _STATUS_MS)
        if not self._docks_fitted:
            self._fit_docks()
            self._docks_fitted = True

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Re-arrange the docks when the window crosses the narrow/wide width."""
        super().resizeEvent(event)
        wide = self.width() >= WIDE_WIDTH
        if self._docks_fitted and not self.docks.presenting and wide != self.docks.wide:
            self._fit_docks()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop the background work before the window goes."""
        self.secondary.save()
        self.scheduler.shutdown()
        super().closeEvent(event)

    # -- construction --------------------------------------------------------------------

    def _fit_docks(self) -> None:
        """Default dock places and sizes for this window's size."""
        scroll = cast(QScrollArea, self.docks.left[0].widget())
        self.docks.fit(scroll, self.metrics_panel.minimumSizeHint().width())

    def _on_warning(self, message: str) -> None:
        if LOADER_POLARITY_NOTE not in message:  # the polarity controls say it their way
            self.notices.add(message, "warning")

    def _show_status(self, message: str) -> None:
        self.statusBar().showMessage(message, _STATUS_MS)

    def _connect(self) -> None:
        model = self.model
        model.case_changed.connect(self._on_case)
        model.result_changed.connect(self._apply)
        model.partial_changed.connect(self._apply_partial)
        model.error.connect(self.show_error)
        model.status.connect(self._show_status)
        model.warning.connect(self._on_warning)
        model.view_requested.connect(self.view.set_view_rect)
        model.length_unit_requested.connect(self.params_panel.length_units.choose)
        model.length_unit = self.params_panel.length_units.preferred  # from the settings
        model.live.busy_changed.connect(self._on_busy)
        model.layers.changed.connect(self.layer_display.on_style_changed)
        model.layers.order_changed.connect(self.layer_display.on_order_changed)
        model.layers.replaced.connect(lambda shown, hidden: self._show_status(
            self.layer_display.replaced_text(shown, hidden)))
        self.view.hovered.connect(self.pixel_readout.hover)
        self.segments_table.segment_selected.connect(self._focus_segment)
        self.params_panel.length_units.changed.connect(self._on_length_unit)
        self.compare.mode_changed.connect(self.layer_display.on_compare_mode)
