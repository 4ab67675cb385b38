"""The Open dataset dialog: the dataset folder, one or more methods' folders (each named,
by default after its folder, or every sub-folder of a methods parent folder), the
observer whose annotation is the reference, and whether FOV masks the dataset ships but
that are missing or unreadable are estimated.

With the inspector's settings it starts at the dataset folder opened last, filled in
with the methods opened with it (`vesselview.app.method_folders.RememberedMethods`), and
remembers the methods of the folder it opens.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from vesselview.app.files import SettingsStore
from vesselview.app.method_folders import RememberedMethods
from vesselview.gui.widgets.error_label import ErrorLabel
from vesselview.gui.widgets.method_folders import MethodFolders


class OpenDatasetDialog(QDialog):
    """Asks for a dataset folder, methods' folders and the observer.

    Parameters
    ----------
    parent : QWidget, optional
    settings : SettingsStore, optional
        Where the methods of each dataset folder are remembered (none: nothing is).

    Attributes
    ----------
    root : QLineEdit
    methods : MethodFolders
        One row per method: name (editable), folder.
    observer : QComboBox
        Observer 1 or 2.
    estimate_fov : QCheckBox
        Estimate missing or unreadable FOV masks from the photographs (off: such a
        case fails, naming the file).
    error : ErrorLabel
        Why a methods parent folder gave no methods.
    """

    def __init__(self, parent: QWidget | None = None,
                 settings: SettingsStore | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open a dataset")
        self.remembered = RememberedMethods(settings) if settings is not None else None
        self.root = QLineEdit()
        self.root.editingFinished.connect(self._fill_remembered)
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._choose_root)
        root_row = QHBoxLayout()
        root_row.addWidget(self.root)
        root_row.addWidget(browse)
        self.methods = MethodFolders(("Method", "Results folder"), folders_editable=False)
        add_row = QHBoxLayout()
        for text, slot, tip in (
                ("Add a method's folder…", self._choose_method, "One folder of results"),
                ("Add a methods parent folder…", self._choose_parent,
                 "A folder holding one folder of results per method: each becomes a method")):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            add_row.addWidget(button)
        self.error = ErrorLabel()
        self.error.setWordWrap(True)
        self.observer = QComboBox()
        self.observer.addItems(["observer 1 (1st manual)", "observer 2 (2nd manual)"])
        self.estimate_fov = QCheckBox("Estimate missing or unreadable FOV masks from the "
                                      "photographs")
        self.estimate_fov.setToolTip(
            "DRIVE, HRF and IOSTAR ship a field-of-view mask per case. Off: a case whose "
            "mask is missing or unreadable is not evaluated (its error names the file). On: "
            "its FOV is estimated from the photograph, which changes its values slightly.")
        form = QFormLayout()
        form.addRow("Dataset folder", root_row)
        form.addRow("Methods", self.methods)
        form.addRow("", add_row)
        form.addRow("", self.error)
        form.addRow("Reference", self.observer)
        form.addRow("Field of view", self.estimate_fov)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(640, 360)
        if self.remembered is not None:
            self.root.setText(self.remembered.last_root())
            self._fill_remembered()

    def add_method(self, folder: str, name: str | None = None) -> None:
        """One more method: ``folder`` named ``name`` (default: the folder's name)."""
        self.methods.add_method(folder, name)

    def add_parent(self, parent: str) -> None:
        """Every sub-folder of ``parent`` but the dataset folder as one more method
        (`MethodFolders.add_parent`); when it has none, `error` says so."""
        root = [self.root.text()] if self.root.text() else []
        self.error.run_guarded(lambda: self.methods.add_parent(parent, root))

    def predictions(self) -> dict[str, str]:
        """Method name -> folder, as entered."""
        return dict(self.methods.rows())

    def observer_number(self) -> int:
        """1 or 2."""
        return self.observer.currentIndex() + 1

    def accept(self) -> None:
        """Close, remembering the methods of the dataset folder."""
        if self.remembered is not None and self.root.text():
            self.remembered.save(self.root.text(), self.predictions())
        super().accept()

    def _fill_remembered(self) -> None:
        """The methods last opened with the dataset folder, when none are listed yet."""
        if self.remembered is not None and self.root.text() and not self.methods.rowCount():
            self.methods.set_methods(self.remembered.methods(self.root.text()))

    def _choose_root(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "The dataset folder", self.root.text())
        if folder:
            self.root.setText(folder)
            self._fill_remembered()

    def _choose_method(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "A folder of one method's results",
                                                  self.root.text())
        if folder:
            self.add_method(folder)

    def _choose_parent(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, "A folder holding one folder of results per method", self.root.text())
        if folder:
            self.add_parent(folder)
