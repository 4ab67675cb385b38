"""The Teaching menu: load any teaching case at a chosen severity, open the behaviour view.

Each entry of `vesselview.synth.TEACHING_CASES` gets a menu item; choosing it asks for
the severity (`SeverityDialog`, showing the case's explanation for teachers) and hands
name and severity to the application model (``Inspector.load_teaching`` builds the case
in the background and shows it).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from vesselview.gui.widgets.float_slider import LabeledDoubleSlider
from vesselview.synth import TEACHING_CASES, TeachingCase

_SLIDER_STEPS = 100  # severity steps over a case's range


class SeverityDialog(QDialog):
    """Ask for the severity of one teaching case (its explanation shown above the slider)."""

    def __init__(self, entry: TeachingCase, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Teaching case: {entry.title}")
        low, high = entry.severity_range
        self.slider = LabeledDoubleSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(low, high)
        # superqt types the step of every labeled slider as int; the double one takes floats
        self.slider.setSingleStep((high - low) / _SLIDER_STEPS)  # type: ignore[arg-type]
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


def build_teaching_menu(parent: QWidget, load: Callable[[str, float], object],
                        open_behaviour: Callable[[], None],
                        ask: Callable[[TeachingCase], float | None] | None = None) -> QMenu:
    """The Teaching menu: one item per teaching case, then "Metric behaviour...".

    Parameters
    ----------
    parent : QWidget
        Owner of the menu and of the severity dialogs.
    load : callable (name, severity)
        Builds and shows the chosen case (``Inspector.load_teaching``).
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
                load(chosen.name, severity)
        action.triggered.connect(trigger)
    menu.addSeparator()
    behaviour = menu.addAction("Metric behaviour...")
    behaviour.setObjectName("metric_behaviour")
    behaviour.triggered.connect(lambda _checked=False: open_behaviour())
    menu.setToolTipsVisible(True)
    return menu

