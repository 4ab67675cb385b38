"""The "Grade cases..." dialog: who grades, into which file, what, on which scale.

The cases come from a dataset folder with folders of predictions (one per method), the
dataset open in the inspector, or the cases open in the inspector. A dataset's other
observer (a human baseline) is graded only when "Also grade the other observer's
tracing" is ticked. Choosing an existing grading file resumes it: its grader, scale,
blinding and seed are filled in and fixed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from vesselview.app.grading import GradingSession
from vesselview.app.grading_cases import GradingCases
from vesselview.engine.case import Case
from vesselview.errors import VesselviewError
from vesselview.gui.widgets.error_label import ErrorLabel
from vesselview.io.dataset import Dataset
from vesselview.io.grading_files import SCALE_0_10, SCALE_1_5, ItemKey, read_grading

_SCALES = {"0-10 (as in the CAL study)": SCALE_0_10, "1-5": SCALE_1_5}
_MAX_SEED = 2**31 - 1


class GradingSetupDialog(QDialog):
    """Asks what to grade and opens the study (`study`, once accepted).

    Parameters
    ----------
    open_cases : Mapping[ItemKey, Case]
        The cases open in the inspector (may be empty: then only a dataset can be graded).
    open_dataset : Dataset, optional
        The dataset open in the inspector (File > Open dataset): offered whole, every
        case with each of its methods.
    """

    def __init__(self, open_cases: Mapping[ItemKey, Case], open_dataset: Dataset | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Grade cases")
        self.open_cases = dict(open_cases)
        self.open_dataset = open_dataset
        #: The opened study: the grader's session and the items' cases (once accepted).
        self.study: tuple[GradingSession, GradingCases] | None = None
        self.grader = QLineEdit()
        self.grader.setPlaceholderText("your name or initials")
        self.file = QLineEdit()
        self.file.setPlaceholderText("grades of this grader (.json); an existing file resumes")
        self.from_dataset = QRadioButton("A dataset folder and folders of predictions")
        self.from_open = QRadioButton(f"The cases open in the inspector ({len(open_cases)})")
        self.from_open_dataset = QRadioButton(_dataset_title(open_dataset))
        self.dataset = QLineEdit()
        self.predictions = QTableWidget(0, 2)
        self.predictions.setHorizontalHeaderLabels(["method", "folder"])
        self.predictions.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Stretch)
        self.observer = QSpinBox()
        self.observer.setRange(1, 2)
        self.observer.setPrefix("observer ")
        self.other_observer = QCheckBox("Also grade the other observer's tracing "
                                        "(a human baseline)")
        self.scale = QComboBox()
        self.scale.addItems(list(_SCALES))
        self.blinded = QCheckBox("Blinded: hide metrics and method names, shuffle the order")
        self.seed = QSpinBox()
        self.seed.setRange(0, _MAX_SEED)
        self.seed.setPrefix("order seed ")
        self.error_label = ErrorLabel()
        self._build()
        self.from_open.setEnabled(bool(open_cases))
        self.from_open_dataset.setVisible(open_dataset is not None)
        chosen = (self.from_open_dataset if open_dataset is not None
                  else self.from_open if open_cases else self.from_dataset)
        chosen.setChecked(True)
        self.from_open.toggled.connect(lambda on: self.other_observer.setEnabled(not on))
        self.other_observer.setEnabled(not self.from_open.isChecked())
        self.file.editingFinished.connect(self._file_chosen)

    # -- what the user chose -----------------------------------------------------------

    def prediction_folders(self) -> dict[str, str]:
        """Method name -> predictions folder, from the table."""
        folders = {}
        for row in range(self.predictions.rowCount()):
            method, folder = (self.predictions.item(row, column) for column in (0, 1))
            if method is not None and folder is not None and method.text().strip():
                folders[method.text().strip()] = folder.text()
        return folders

    def add_predictions(self, folder: str, method: str | None = None) -> None:
        """Add a row: ``folder``'s results, named ``method`` (default: the folder's name)."""
        row = self.predictions.rowCount()
        self.predictions.insertRow(row)
        self.predictions.setItem(row, 0, QTableWidgetItem(method or Path(folder).name))
        self.predictions.setItem(row, 1, QTableWidgetItem(folder))

    def accept(self) -> None:
        """Open the study; on a problem, say what is wrong and stay open."""
        self.error_label.hide()
        try:
            cases = self._cases()
            session = GradingSession(
                self.file.text(), cases.items, grader=self.grader.text().strip(),
                scale=_SCALES[self.scale.currentText()], blinded=self.blinded.isChecked(),
                seed=self.seed.value())
        except (VesselviewError, OSError, ValueError) as error:
            self.error_label.show_message(str(error))
            return
        self.study = (session, cases)
        super().accept()

    def _cases(self) -> GradingCases:
        if not self.file.text().strip():
            raise ValueError("choose a grading file (a new one, or one to resume)")
        if self.from_open.isChecked():
            return GradingCases.from_cases(self.open_cases)
        if self.from_open_dataset.isChecked() and self.open_dataset is not None:
            return GradingCases.from_dataset(self.open_dataset,
                                             other_observer=self.other_observer.isChecked())
        if not self.dataset.text().strip():
            raise ValueError("choose the dataset folder")
        return GradingCases.open_dataset(self.dataset.text(), self.prediction_folders(),
                                         observer=self.observer.value(),
                                         other_observer=self.other_observer.isChecked())

    def _file_chosen(self) -> None:
        """An existing grading file fixes grader, scale, blinding and seed (resumed)."""
        path = self.file.text()
        resumable = bool(path) and os.path.isfile(path)
        for widget in (self.grader, self.scale, self.blinded, self.seed):
            widget.setEnabled(not resumable)
        if not resumable:
            return
        try:
            saved = read_grading(path)
        except VesselviewError as error:
            self.error_label.show_message(str(error))
            return
        self.grader.setText(saved.grader)
        self.scale.setCurrentText(next(text for text, scale in _SCALES.items()
                                       if scale == saved.scale))
        self.blinded.setChecked(saved.blinded)
        self.seed.setValue(saved.seed)

    # -- construction --------------------------------------------------------------------

    def _build(self) -> None:
        form = QFormLayout()
        form.addRow("Grader", self.grader)
        form.addRow("Grading file", _with_button(self.file, "Choose…", self._choose_file))
        form.addRow(self.from_dataset)
        form.addRow("Dataset folder", _with_button(self.dataset, "Choose…",
                                                   self._choose_dataset))
        form.addRow("Predictions", self.predictions)
        add = QPushButton("Add predictions folder…")
        add.clicked.connect(self._choose_predictions)
        form.addRow("", add)
        form.addRow("Reference", self.observer)
        form.addRow(self.from_open_dataset)
        form.addRow("", self.other_observer)  # either dataset
        form.addRow(self.from_open)
        form.addRow("Scale", self.scale)
        form.addRow(self.blinded)
        form.addRow("", self.seed)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start grading")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(buttons)

    def _choose_file(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Grading file (an existing one is resumed)", self.file.text(),
            "Grading files (*.json)", options=QFileDialog.Option.DontConfirmOverwrite)
        if path:
            self.file.setText(path)
            self._file_chosen()

    def _choose_dataset(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Dataset folder")
        if folder:
            self.dataset.setText(folder)
            self.from_dataset.setChecked(True)

    def _choose_predictions(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Folder of one method's results")
        if folder:
            self.add_predictions(folder)
            self.from_dataset.setChecked(True)


def _with_button(edit: QLineEdit, text: str, action) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(edit)
    button = QPushButton(text)
    button.clicked.connect(action)
    layout.addWidget(button)
    return row


def _dataset_title(dataset: Dataset | None) -> str:
    """The open-dataset choice, e.g. "The dataset open in the inspector (DRIVE, 20 cases;
    methods unet; human baseline observer2)"."""
    if dataset is None:
        return ""
    methods = [method for method in dataset.methods if method not in dataset.baselines]
    baselines = "".join(f"; human baseline {name}" for name in dataset.baselines)
    return (f"The dataset open in the inspector ({dataset.layout}, {len(dataset.cases)} "
            f"cases; methods {', '.join(methods)}{baselines})")
