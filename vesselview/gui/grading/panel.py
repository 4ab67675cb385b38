"""The grading panel: which case, progress, score buttons, notes, mark labels and tools.

It only shows and reports: the grading window applies each choice to the
`vesselview.app.grading.GradingSession` and calls back the ``show_*`` methods.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIcon, QImage, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from vesselview.gui.grading.keys import TEN_KEY
from vesselview.gui.grading.mark_style import (
    HATCH_TITLES,
    MARK_TITLES,
    VIEW_BACKGROUND,
    mark_swatch,
)
from vesselview.gui.grading.marking import Tool
from vesselview.gui.grading.segmentation import SegmentationView, segmentation_legend_html
from vesselview.io.grading_files import MARK_LABELS, Scale

_HINT = (f"Keys: 0-9 and {TEN_KEY} (=10) score · N / P next / previous · U next unscored · "
         "B brush · E eraser · G polygon · Esc pan · F2 notes")
_TOOL_TITLES = {Tool.NAVIGATE: "Pan", Tool.BRUSH: "Brush", Tool.ERASER: "Eraser",
                Tool.POLYGON: "Polygon"}
_MAX_BRUSH = 60  # pixels of the image
_SCORE_COLUMNS = 6  # score buttons per row
_SWATCH_SIZE = 16  # px: four hatch periods


def _swatch(label: str) -> QIcon:
    """The label's colour and hatching as the image shows them (over its dark background)."""
    pixels = np.ascontiguousarray(mark_swatch(label, _SWATCH_SIZE, VIEW_BACKGROUND))
    image = QImage(pixels.data, _SWATCH_SIZE, _SWATCH_SIZE, 3 * _SWATCH_SIZE,
                   QImage.Format.Format_RGB888)
    return QIcon(QPixmap.fromImage(image.copy()))


class GradingPanel(QWidget):
    """Controls of one grading study.

    Signals
    -------
    score_chosen(object)
        An int on the scale, or None to remove the score.
    notes_edited(str)
    label_chosen(str), tool_chosen(Tool), brush_changed(int)
    clear_label_requested(str)
    move_requested(str)
        ``"previous"``, ``"next"`` or ``"next_ungraded"``.
    export_requested()
    view_chosen(SegmentationView)
    """

    score_chosen = Signal(object)
    notes_edited = Signal(str)
    label_chosen = Signal(str)
    tool_chosen = Signal(object)
    brush_changed = Signal(int)
    clear_label_requested = Signal(str)
    move_requested = Signal(str)
    export_requested = Signal()
    view_chosen = Signal(object)

    def __init__(self, scale: Scale, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scale = scale
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m scored")
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText("Notes on this segmentation (saved as you type)")
        self.notes.setMaximumHeight(110)
        self.scores = QButtonGroup(self)
        self.labels = QButtonGroup(self)
        self.tools = QButtonGroup(self)
        self.brush = QSpinBox()
        self.brush.setRange(0, _MAX_BRUSH)
        self.brush.setPrefix("brush radius ")
        self.brush.setSuffix(" px")
        self.view = QComboBox()
        for mode in SegmentationView:
            self.view.addItem(mode.value, mode)
        self.view.setToolTip("What is drawn under the marks")
        self.view_legend = QLabel(segmentation_legend_html(SegmentationView.CONFUSION))
        self.view_legend.setTextFormat(Qt.TextFormat.RichText)
        self.view_legend.setStyleSheet("QLabel { background-color: #202020; color: #f0f0f0;"
                                       " padding: 4px; }")
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.progress)
        layout.addWidget(self.view)
        layout.addWidget(self.view_legend)
        layout.addWidget(self._score_box())
        layout.addWidget(self._notes_box())
        layout.addWidget(self._marks_box())
        layout.addLayout(self._navigation())
        hint = QLabel(_HINT)
        hint.setWordWrap(True)
        hint.setStyleSheet("QLabel { color: grey; }")
        layout.addWidget(hint)
        layout.addStretch(1)
        self._connect()

    # -- shown state -------------------------------------------------------------------

    def show_item(self, header_html: str, score: int | None, notes: str) -> None:
        """Show a newly presented item (no signals are emitted)."""
        self.header.setText(header_html)
        self.show_score(score)
        self.notes.blockSignals(True)
        self.notes.setPlainText(notes)
        self.notes.blockSignals(False)

    def show_score(self, score: int | None) -> None:
        """Check the button of ``score`` (None: none)."""
        self.scores.setExclusive(False)
        for button in self.scores.buttons():
            button.setChecked(self.scores.id(button) == score)
        self.scores.setExclusive(True)

    def show_progress(self, scored: int, total: int) -> None:
        """``scored`` of ``total`` items have a score."""
        self.progress.setRange(0, total)
        self.progress.setValue(scored)

    def show_marked(self, counts: dict[str, int]) -> None:
        """Pixels marked per label, next to each label's name."""
        for button in self.labels.buttons():
            label = MARK_LABELS[self.labels.id(button)]
            count = counts.get(label, 0)
            button.setText(MARK_TITLES[label] + (f"  ({count} px)" if count else ""))

    def show_label(self, label: str) -> None:
        """Check ``label``'s button."""
        self.labels.button(MARK_LABELS.index(label)).setChecked(True)

    def show_tool(self, tool: Tool) -> None:
        """Check ``tool``'s button."""
        self.tools.button(list(Tool).index(tool)).setChecked(True)

    @property
    def label(self) -> str:
        """The chosen mark label."""
        return MARK_LABELS[self.labels.checkedId()]

    # -- construction --------------------------------------------------------------------

    def _score_box(self) -> QGroupBox:
        box = QGroupBox(f"Score ({self.scale.low} = worst, {self.scale.high} = best)")
        grid = QGridLayout(box)
        for index, score in enumerate(range(self.scale.low, self.scale.high + 1)):
            button = QToolButton()
            button.setText(str(score))
            button.setCheckable(True)
            button.setMinimumWidth(36)
            button.setToolTip(f"Score {score} (key {TEN_KEY if score == 10 else score})")
            self.scores.addButton(button, score)
            grid.addWidget(button, index // _SCORE_COLUMNS, index % _SCORE_COLUMNS)
        return box

    def _notes_box(self) -> QGroupBox:
        box = QGroupBox("Notes")
        QVBoxLayout(box).addWidget(self.notes)
        return box

    def _marks_box(self) -> QGroupBox:
        box = QGroupBox("Mark regions on the image")
        layout = QVBoxLayout(box)
        for index, label in enumerate(MARK_LABELS):
            button = QRadioButton(MARK_TITLES[label])
            button.setIcon(_swatch(label))
            button.setToolTip(f"Ctrl+{index + 1} · drawn with {HATCH_TITLES[label]}")
            self.labels.addButton(button, index)
            layout.addWidget(button)
        tools = QHBoxLayout()
        for index, tool in enumerate(Tool):
            tool_button = QToolButton()
            tool_button.setText(_TOOL_TITLES[tool])
            tool_button.setCheckable(True)
            self.tools.addButton(tool_button, index)
            tools.addWidget(tool_button)
        layout.addLayout(tools)
        row = QHBoxLayout()
        row.addWidget(self.brush)
        clear = QPushButton("Clear label")
        clear.setToolTip("Remove every mark of the chosen label on this case")
        clear.clicked.connect(lambda: self.clear_label_requested.emit(self.label))
        row.addWidget(clear)
        layout.addLayout(row)
        return box

    def _navigation(self) -> QHBoxLayout:
        row = QHBoxLayout()
        for text, move in (("◀ Previous", "previous"), ("Next ▶", "next"),
                           ("Next unscored", "next_ungraded")):
            button = QPushButton(text)
            button.clicked.connect(lambda _checked=False, m=move: self.move_requested.emit(m))
            row.addWidget(button)
        export = QPushButton("Export…")
        export.setToolTip("Export the grades as CSV and the marks as PNG masks")
        export.clicked.connect(self.export_requested)
        row.addWidget(export)
        return row

    def _on_view_chosen(self, index: int) -> None:
        mode = self.view.itemData(index)
        self.view_legend.setText(segmentation_legend_html(mode))
        self.view_chosen.emit(mode)

    def _connect(self) -> None:
        self.scores.idClicked.connect(self.score_chosen.emit)
        self.notes.textChanged.connect(lambda: self.notes_edited.emit(self.notes.toPlainText()))
        self.labels.idClicked.connect(lambda index: self.label_chosen.emit(MARK_LABELS[index]))
        self.tools.idClicked.connect(lambda index: self.tool_chosen.emit(list(Tool)[index]))
        self.brush.valueChanged.connect(self.brush_changed.emit)
        self.view.currentIndexChanged.connect(self._on_view_chosen)
