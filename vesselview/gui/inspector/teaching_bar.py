"""The teaching case on screen: its caption drawn on the image and a severity slider.

After Teaching > <case> the main window shows which case and severity is on screen in a
caption over the image (so screenshots and exports say it) and a bar above the image
whose slider rebuilds the case at another severity when released: no dialog to reopen.
The bar also states the case's spacing: a synthetic case is drawn, not photographed, so
it has no physical pixel size and says so (`SYNTHETIC_SPACING`) rather than borrow
DRIVE's: µm numbers on it would look physical without being so.
Any other case hides both.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from vesselview.app.captions import case_line
from vesselview.app.inspector import Inspector, ShownCase
from vesselview.app.spacing_display import spacing_caption
from vesselview.gui.inspector.view import InspectorView
from vesselview.gui.widgets.float_slider import LabeledDoubleSlider
from vesselview.synth import TEACHING_CASES, TeachingCase

_SLIDER_STEPS = 100  # severity steps over a case's range
#: Why a synthetic case has no spacing (the spacing label's tooltip).
SYNTHETIC_SPACING = ("A synthetic case is drawn, not photographed: it has no camera and no "
                     "physical pixel size, so its lengths and distances are in pixels "
                     "(µm is greyed).")


class TeachingBar(QWidget):
    """Severity slider of the teaching case on screen (hidden for other cases).

    Parameters
    ----------
    model : Inspector
        Builds the cases (``load_teaching``).
    view : InspectorView
        Gets the caption.

    Attributes
    ----------
    entry : TeachingCase or None
        The teaching case on screen.
    severity : float
        Its severity.
    """

    def __init__(self, model: Inspector, view: InspectorView) -> None:
        super().__init__()
        self.model, self.view = model, view
        self.entry: TeachingCase | None = None
        self.severity = 0.0
        self.title = QLabel()
        self.spacing = QLabel()
        self.slider = LabeledDoubleSlider(Qt.Orientation.Horizontal)
        self.slider.setTracking(False)  # one case per release, not per pixel dragged
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.addWidget(self.title)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.spacing)
        self.slider.valueChanged.connect(self._on_slider)
        model.case_changed.connect(self._on_case)
        self.hide()

    def load(self, name: str, severity: float) -> None:
        """Build teaching case ``name`` at ``severity`` and show it (the Teaching menu's
        action)."""
        self.entry, self.severity = TEACHING_CASES[name], severity
        self.model.load_teaching(name, severity)

    def _on_slider(self, value: float) -> None:
        if self.entry is not None and value != self.severity:
            self.load(self.entry.name, value)

    def _on_case(self, shown: ShownCase) -> None:
        entry = self.entry
        candidate = shown.case.sources.get("candidate", "")
        if entry is None or not candidate.startswith(f"synthetic:{entry.name}("):
            self.entry = None
            self.hide()
            self.view.set_caption("")
            return
        low, high = entry.severity_range
        self.slider.blockSignals(True)
        self.slider.setRange(low, high)
        # superqt types the step of every labeled slider as int; the double one takes floats
        self.slider.setSingleStep((high - low) / _SLIDER_STEPS)  # type: ignore[arg-type]
        self.slider.setDecimals(3 if high < 1 else 1)
        self.slider.setValue(self.severity)
        self.slider.blockSignals(False)
        self.title.setText(f"Teaching case: {entry.title}, severity ({entry.unit})")
        self.title.setToolTip(entry.explanation)
        self.spacing.setText(f"synthetic: {spacing_caption(shown.case)}")
        self.spacing.setToolTip(SYNTHETIC_SPACING if shown.case.spacing_um is None else "")
        self.slider.setToolTip(f"{low:g} gives back the reference; release to rebuild")
        self.show()
        self.view.set_caption(case_line(shown.case))  # as the exports' caption says it
