"""The grading window: one case at a time, scored by key, notes, marks drawn on the image.

It observes a `vesselview.app.grading.GradingSession` (which saves every change) and
reads each item's case from a `vesselview.app.grading_cases.GradingCases`. Unless the
study is blinded, a metrics dock shows the case's metrics, evaluated on the
application's scheduler (`vesselview.app.grading_metrics.GradingMetrics`); blinded,
neither metrics nor method names appear anywhere.
"""

from __future__ import annotations

import functools
import html

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDockWidget, QFileDialog, QLabel, QMainWindow, QWidget

from vesselview.app.grading import GradingSession
from vesselview.app.grading_cases import GradingCases
from vesselview.app.grading_loading import GradingLoading
from vesselview.app.grading_metrics import GradingMetrics
from vesselview.app.live import Response
from vesselview.app.scheduler import Scheduler
from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.errors import VesselviewError
from vesselview.gui.grading.image import GradingImage
from vesselview.gui.grading.keys import Keymap, keymap
from vesselview.gui.grading.panel import GradingPanel
from vesselview.gui.grading.shortcuts import MarkingTools, install_keymap
from vesselview.gui.widgets.error_label import ErrorLabel
from vesselview.gui.widgets.main_thread import qt_scheduler
from vesselview.gui.widgets.metrics_panel import MetricsPanel
from vesselview.io.grading_files import IGNORE, MARK_LABELS, ItemKey

#: Notes are saved this long after the last keystroke (and when the case changes).
NOTES_SAVE_DELAY_MS = 400


class GradingWindow(QMainWindow):
    """Grade the items of a session one by one.

    Parameters
    ----------
    session : GradingSession
    cases : GradingCases
        Reads the case of each item of ``session``.
    params : Params, optional
        Parameters of the metrics shown (not blinded).
    scheduler : Scheduler, optional
        Reads the cases and evaluates them: the inspector's when grading from it (it
        outlives this window); by default one of this window's own, shut down on closing.

    Signals
    -------
    item_shown(ItemKey)
        An item's case, grade and marks are on screen (or the error reading its case).
    metrics_shown(Response)
        The shown item's metrics are on screen (not blinded).
    """

    item_shown = Signal(object)
    metrics_shown = Signal(object)

    def __init__(self, session: GradingSession, cases: GradingCases,
                 params: Params | None = None, scheduler: Scheduler | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session, self.cases = session, cases
        self.case: Case | None = None
        self._notes_timer = QTimer(self, singleShot=True, interval=NOTES_SAVE_DELAY_MS)
        self.image = GradingImage()
        self.editor = self.image.editor
        self.setCentralWidget(self.image)
        self.panel = GradingPanel(session.scale)
        self._dock("Grading", self.panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self._owns_scheduler = scheduler is None
        self.scheduler = scheduler if scheduler is not None else qt_scheduler(self)
        self.loading = GradingLoading(self.scheduler, cases)
        self.loading.done.connect(self._on_loaded)
        self.loading.failed.connect(self._on_load_failed)
        self.metrics_panel: MetricsPanel | None = None
        self.metrics: GradingMetrics | None = None
        if not session.blinded:
            self.metrics_panel = MetricsPanel()
            self._dock("Metrics", self.metrics_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
            self.metrics = GradingMetrics(self.scheduler, params)
            self.metrics.done.connect(self._show_metrics)
            self.metrics.failed.connect(self._show_error)
        self.error_label = ErrorLabel()
        self.saved_label = QLabel()
        self.statusBar().addPermanentWidget(self.error_label)
        self.statusBar().addPermanentWidget(self.saved_label)
        self.tools = MarkingTools(self.editor, self.panel, self.image)
        self.keymap = self._keymap()
        install_keymap(self, self.keymap)
        self._connect()
        self.panel.show_label(self.editor.label)
        self.panel.show_tool(self.editor.tool)
        self.panel.brush.setValue(self.editor.brush_radius)
        blinded = " (blinded)" if session.blinded else ""
        self.setWindowTitle(f"vesselview grading: {session.grader}{blinded}")
        self.show_item(session.current)

    # -- showing an item -------------------------------------------------------------

    def show_item(self, item: ItemKey) -> None:
        """Put ``item`` on screen: its score and notes now, its case and marks once read.

        Marking waits for the case (the image's size and the item's marks).
        """
        self._flush_notes()
        self.error_label.hide()
        self.case = None
        self.image.stop_marking()
        if self.metrics is not None and self.metrics_panel is not None:
            self.metrics.cancel()  # the previous item's metrics are not this one's
            self.metrics_panel.clear_values()
        grade = self.session.grade(item)
        self.panel.show_item(self._header(item), grade.score, grade.notes)
        self._show_progress()
        following = self.session.items[self.session.position + 1:self.session.position + 2]
        self.loading.load(item, ahead=following[0] if following else None)

    def _on_loaded(self, loaded: tuple[ItemKey, Case]) -> None:
        item, case = loaded
        if item != self.session.current:
            return
        self.case = case
        try:
            marks = self.session.marks(item, case.shape)
        except VesselviewError as error:  # made on other images: kept in the file, no marking
            self.image.show_case(case, {})
            self.image.stop_marking()
            self._show_error(str(error))
        else:
            self.image.show_case(case, marks)
        self.panel.show_marked({label: self.editor.marked(label) for label in MARK_LABELS})
        self._evaluate()
        self.item_shown.emit(item)

    def _on_load_failed(self, message: str) -> None:
        self._show_error(f"{self.session.title(self.session.current)}: {message}")
        self.item_shown.emit(self.session.current)

    def _header(self, item: ItemKey) -> str:
        position, total = self.session.position + 1, len(self.session.items)
        hidden = " <i>(method hidden)</i>" if self.session.blinded else ""
        return (f"<b>Case {position} of {total}</b><br>"
                f"<span style='font-size: 14pt'>{html.escape(self.session.title(item))}</span>"
                f"{hidden}")

    def _show_progress(self) -> None:
        self.panel.show_progress(*self.session.progress())

    # -- grading actions ---------------------------------------------------------------

    def score(self, score: int | None) -> None:
        """Score the shown item (None removes the score); off-scale scores are refused."""
        if score is not None and score not in self.session.scale:
            self.statusBar().showMessage(
                f"{score} is not on the scale {self.session.scale}", 4000)
            return
        self._guarded(lambda: self.session.set_score(self.session.current, score))
        self.panel.show_score(self.session.grade(self.session.current).score)
        self._show_progress()

    def go_to(self, where: str) -> None:
        """Go to the ``"previous"``, ``"next"`` or ``"next_ungraded"`` item."""
        self._flush_notes()
        before = self.session.position
        if where == "next_ungraded":
            if self.session.next_ungraded() is None:
                self.statusBar().showMessage("Every case is scored.", 4000)
                return
        else:
            getattr(self.session, where)()
        if self.session.position != before:
            self.show_item(self.session.current)

    def export(self, folder: str | None = None) -> None:
        """Write the grades CSV and the mark PNGs into ``folder`` (asked when None)."""
        self._flush_notes()
        if folder is None:
            folder = QFileDialog.getExistingDirectory(self, "Export grades into folder")
            if not folder:
                return
        try:
            csv_path, masks = self.session.export(folder, lambda item: self.cases.load(item).shape)
        except (VesselviewError, OSError) as error:
            self._show_error(str(error))
            return
        self.statusBar().showMessage(f"Exported {csv_path} and {len(masks)} mark masks", 8000)

    def _on_marks_edited(self, label: str) -> None:
        item = self.session.current
        self._guarded(lambda: self.session.set_mark(item, label, self.editor.masks[label]))
        self.panel.show_marked({name: self.editor.marked(name) for name in MARK_LABELS})
        if label == IGNORE:
            self._evaluate()

    def _on_notes_edited(self, _text: str) -> None:
        self._notes_timer.start()

    def _flush_notes(self) -> None:
        """Save the notes now if a save is pending."""
        if self._notes_timer.isActive():
            self._notes_timer.stop()
            self._save_notes()

    def _save_notes(self) -> None:
        text = self.panel.notes.toPlainText()
        self._guarded(lambda: self.session.set_notes(self.session.current, text))

    def _guarded(self, change) -> None:
        """Apply a change to the session; a failed save is shown, the change kept."""
        try:
            change()
        except VesselviewError as error:
            self._show_error(str(error))
            self.saved_label.setText("not saved")
            return
        self.saved_label.setText(f"saved to {self.session.path.name}")

    # -- metrics ------------------------------------------------------------------------

    def _evaluate(self) -> None:
        """Evaluate the shown case without the pixels the grader marked "ignore"."""
        if self.metrics is None or self.case is None:
            return
        try:
            ignore = self.session.ignore_mask(self.session.current, self.case.shape)
        except VesselviewError:  # marks of other images (already reported): not used
            ignore = None
        self.metrics.evaluate(self.case, ignore)

    def _show_metrics(self, response: Response) -> None:
        if self.metrics_panel is not None:
            self.metrics_panel.show_result(response.result)
        self.metrics_shown.emit(response)

    def _show_error(self, message: str) -> None:
        self.error_label.show_message(message)

    # -- construction -------------------------------------------------------------------

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(area, dock)
        return dock

    def _keymap(self) -> Keymap:
        """Key sequence -> action of every grading key (`vesselview.gui.grading.keys`)."""
        moves = {where: functools.partial(self.go_to, where)
                 for where in ("previous", "next", "next_ungraded")}
        scores = {str(digit): functools.partial(self.score, digit) for digit in range(10)}
        return keymap({"score_ten": lambda: self.score(10),
                       "clear_score": lambda: self.score(None),
                       "export": self.export, **moves}) | scores | self.tools.keymap()

    def _connect(self) -> None:
        panel = self.panel
        panel.score_chosen.connect(self.score)
        panel.notes_edited.connect(self._on_notes_edited)
        panel.move_requested.connect(self.go_to)
        panel.export_requested.connect(self.export)
        panel.label_chosen.connect(lambda label: setattr(self.editor, "label", label))
        panel.tool_chosen.connect(self.tools.set_tool)
        panel.brush_changed.connect(lambda radius: setattr(self.editor, "brush_radius", radius))
        panel.clear_label_requested.connect(self.editor.clear_label)
        panel.view_chosen.connect(self.image.set_view_mode)
        self.editor.marks_edited.connect(self._on_marks_edited)
        self._notes_timer.timeout.connect(self._save_notes)

    def changeEvent(self, event: QEvent) -> None:
        """Save pending notes when the window loses the focus (e.g. the inspector, which
        owns it, is being closed: its windows are then deleted without a closeEvent)."""
        if event.type() == QEvent.Type.ActivationChange and not self.isActiveWindow():
            self._flush_notes()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Save pending notes; stop this window's own scheduler, or its pending work."""
        self._flush_notes()
        if self._owns_scheduler:
            self.scheduler.shutdown()
        else:
            self.loading.cancel()
            if self.metrics is not None:
                self.metrics.cancel()
        super().closeEvent(event)

