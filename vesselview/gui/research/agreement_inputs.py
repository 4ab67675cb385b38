"""The inputs of the agreement window: a dataset, method folders, grades, a sweep.

The same inputs as ``vesselview-eval --dataset ROOT --predictions NAME=DIR ...
--grades GRADES.csv [--sweep KEY=SPEC]``, typed or chosen in dialogs, or taken from
the dataset the inspector has open (`AgreementInputs.set_dataset`). `request` checks
them once and builds the `vesselview.app.agreement_run.AgreementRequest`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from vesselview.app.agreement_run import AgreementRequest
from vesselview.engine.params import Params
from vesselview.errors import InputError
from vesselview.gui.widgets.method_folders import MethodFolders
from vesselview.io.dataset import Dataset

_GRADES_FILTER = "Grades CSV: id, method, grader, score, notes (*.csv);;All files (*)"


class AgreementInputs(QWidget):
    """Form of the dataset root, the methods' folders, the grades CSV and the sweep.

    Attributes
    ----------
    dataset, grades, sweep : QLineEdit
        The dataset root, the grades CSV, the sweep spec (``t=0:10``; empty for none).
    methods : MethodFolders
        One row per method: name, folder (both editable).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.observer = 1
        self.dataset = QLineEdit()
        self.dataset.setPlaceholderText("dataset folder (DRIVE, STARE, CHASE_DB1, HRF, ...)")
        self.grades = QLineEdit()
        self.grades.setPlaceholderText("grading export CSV: id, method, grader, score, notes")
        self.sweep = QLineEdit()
        self.sweep.setPlaceholderText("optional: one parameter, e.g. t=0:10")
        self.methods = MethodFolders(("method", "predictions folder"))
        self.methods.setMaximumHeight(130)
        self._build()

    def set_methods(self, folders: Mapping[str, str]) -> None:
        """Replace the methods with ``folders`` (method name -> folder)."""
        self.methods.set_methods(dict(folders))

    def set_dataset(self, dataset: Dataset) -> None:
        """Take the root, observer and method folders of a dataset the inspector opened."""
        self.dataset.setText(str(dataset.root))
        self.observer = dataset.observer
        shipped = {f"observer{n}" for n in (1, 2)}  # the dataset's own, not a folder
        files = {method: next(case.candidates[method] for case in dataset.cases
                              if method in case.candidates)
                 for method in dataset.methods if method not in shipped}
        self.set_methods({method: os.path.dirname(str(path)) for method, path in files.items()})

    def request(self, params: Params) -> AgreementRequest:
        """The typed inputs as a request under ``params``.

        Raises
        ------
        InputError
            For an empty dataset or grades field, a method row without a name or a
            folder, or a method named twice.
        """
        root, grades = self.dataset.text().strip(), self.grades.text().strip()
        if not root:
            raise InputError("Choose the dataset folder.")
        if not grades:
            raise InputError("Choose the grades CSV (the grading window's export).")
        return AgreementRequest(root, self._folders(), grades, self.sweep.text().strip(),
                                params, self.observer)

    def _folders(self) -> dict[str, str]:
        folders: dict[str, str] = {}
        for row, (name, folder) in enumerate(self.methods.rows()):
            if not name or not folder:
                raise InputError(f"Method row {row + 1}: give both a name and a folder.")
            if name in folders:
                raise InputError(f"Method {name!r} is named twice; rename one row.")
            folders[name] = folder
        return folders

    def _choose_dataset(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Dataset folder")
        if folder:
            self.dataset.setText(folder)

    def _choose_grades(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Grades CSV", "", _GRADES_FILTER)
        if path:
            self.grades.setText(path)

    def _add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "A method's predictions folder")
        if folder:
            self.methods.add_method(folder)

    def _build(self) -> None:
        form = QFormLayout()
        form.addRow("Dataset", _with_button(self.dataset, "Browse...", self._choose_dataset))
        form.addRow("Grades", _with_button(self.grades, "Browse...", self._choose_grades))
        form.addRow("Sweep", self.sweep)
        buttons = QHBoxLayout()
        for text, slot in (("Add method folder...", self._add_folder),
                           ("Remove method", self.methods.remove_selected)):
            button = QPushButton(text)
            button.clicked.connect(lambda _checked=False, s=slot: s())
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.methods)
        layout.addLayout(buttons)


def _with_button(edit: QLineEdit, text: str, slot: Callable[[], None]) -> QWidget:
    """``edit`` with a button on its right."""
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(edit, 1)
    button = QPushButton(text)
    button.clicked.connect(lambda _checked=False: slot())
    layout.addWidget(button)
    return row
