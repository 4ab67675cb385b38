"""The Open dataset dialog: the dataset folder, one or more methods' folders (each named,
by default after its folder), the observer whose annotation is the reference, and whether
FOV masks the dataset ships but that are missing or unreadable are estimated."""

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

from vesselview.gui.widgets.method_folders import MethodFolders


class OpenDatasetDialog(QDialog):
    """Asks for a dataset folder, methods' folders and the observer.

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
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open a dataset")
        self.root = QLineEdit()
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._choose_root)
        root_row = QHBoxLayout()
        root_row.addWidget(self.root)
        root_row.addWidget(browse)
        self.methods = MethodFolders(("Method", "Results folder"), folders_editable=False)
        add = QPushButton("Add a method's folder…")
        add.clicked.connect(self._choose_method)
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
        form.addRow("", add)
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

    def add_method(self, folder: str, name: str | None = None) -> None:
        """One more method: ``folder`` named ``name`` (default: the folder's name)."""
        self.methods.add_method(folder, name)

    def predictions(self) -> dict[str, str]:
        """Method name -> folder, as entered."""
        return dict(self.methods.rows())

    def observer_number(self) -> int:
        """1 or 2."""
        return self.observer.currentIndex() + 1

    def _choose_root(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "The dataset folder")
        if folder:
            self.root.setText(folder)

    def _choose_method(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "A folder of one method's results")
        if folder:
            self.add_method(folder)
