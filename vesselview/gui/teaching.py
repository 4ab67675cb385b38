"""The Teaching menu: load any teaching case at a chosen severity, open the behaviour view.

Each entry of `vesselview.synth.TEACHING_CASES` gets a menu item; choosing it asks for
the severity (`SeverityDialog`, showing the case's explanation for teachers), builds
the case in the background and hands it to the inspector.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QMenu, QVBoxLayout, QWidget
from superqt import QLabeledDoubleSlider

from vesselview.gui.jobs import BackgroundJobs
from vesselview.synth import TEACHING_CASES, TeachingCase, teaching_case

_SLIDER_STEPS = 100  # severity steps over a case's range


class SeverityDialog(QDialog):
    """Ask for the severity of one teaching case (its explanation shown above the slider)."""

    def __init__(self, entry: TeachingCase, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Teaching case: {entry.title}")
        low, high = entry.severity_range
        self.slider = QLabeledDoubleSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(low, high)
        self.slider.setSingleStep((high - low) / _SLIDER_STEPS)
        self.slider.setDecimals(3 if high < 1 else 1)
        self.slider.setValue(low + (high - low) / 2)
        explanation = QLabel(entry.explanation)
        explanation.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(explanation)
        layout.addWidget(QLabel(f"Severity ({entry.unit}; {low:g} gives back the reference)"))
        layout.addWidget(self.slider)
        layout.addWidget(buttons)

    @property
    def severity(self) -> float:
        """The chosen severity, within the case's range."""
        return float(self.slider.value())


class TeachingLoader(QObject):
    """Builds teaching cases off the GUI thread.

    Parameters
    ----------
    shape : tuple of int
        ``(H, W)`` of the cases (584x565 like DRIVE).
    seed : int

    Signals
    -------
    loaded(Case)
        A requested case is ready (main thread).
    failed(str)
    """

    loaded = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None, shape: tuple[int, int] = (584, 565),
                 seed: int = 0) -> None:
        super().__init__(parent)
        self.shape, self.seed = shape, seed
        self.jobs = BackgroundJobs(self)
        self.jobs.finished.connect(lambda _kind, case: self.loaded.emit(case))
        self.jobs.failed.connect(self.failed)

    def load(self, name: str, severity: float) -> None:
        """Build teaching case ``name`` at ``severity`` in the background."""
        shape, seed = self.shape, self.seed
        self.jobs.run("case", lambda stop, progress: teaching_case(name, severity, shape, seed))

    def shutdown(self) -> None:
        """Stop the background thread."""
        self.jobs.shutdown()


def build_teaching_menu(parent: QWidget, loader: TeachingLoader,
                        open_behaviour: Callable[[], None],
                        ask: Callable[[TeachingCase], float | None] | None = None) -> QMenu:
    """The Teaching menu: one item per teaching case, then "Metric behaviour...".

    Parameters
    ----------
    parent : QWidget
        Owner of the menu and of the severity dialogs.
    loader : TeachingLoader
        Builds the chosen case.
    open_behaviour : callable
        Shows the metric-behaviour window.
    ask : callable (TeachingCase) -> severity or None, optional
        Asks for the severity (None = cancelled); default a `SeverityDialog`.
    """
    def dialog(entry: TeachingCase) -> float | None:
        chooser = SeverityDialog(entry, parent)
        return chooser.severity if chooser.exec() == QDialog.DialogCode.Accepted else None

    choose = ask or dialog
    menu = QMenu("&Teaching", parent)
    for name, entry in TEACHING_CASES.items():
        action = menu.addAction(f"{entry.title}...")
        action.setToolTip(entry.explanation)
        action.setObjectName(f"teaching_{name}")

        def trigger(_checked: bool = False, chosen: TeachingCase = entry) -> None:
            severity = choose(chosen)
            if severity is not None:
                loader.load(chosen.name, severity)
        action.triggered.connect(trigger)
    menu.addSeparator()
    behaviour = menu.addAction("Metric behaviour...")
    behaviour.setObjectName("metric_behaviour")
    behaviour.triggered.connect(lambda _checked=False: open_behaviour())
    menu.setToolTipsVisible(True)
    return menu

