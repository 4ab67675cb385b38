"""Parameters panel: labelled sliders grouped by metric, a distance choice, reset.

The rarely changed parameters (contour tolerance g, Pratt's k, Baddeley's p and c, the
NSD tolerance, the thin-vessel width limit, the FOV switches of the distance metrics and
CAL) sit in a collapsed "Advanced" section. A ``threshold`` of None (the case's threshold)
shows as `DEFAULT_THRESHOLD`, the threshold cases are loaded at when none is given.

The panel holds no parameters of its own: the application model
(`vesselview.app.inspector.Inspector`) is their source of truth. Every edit calls
``Inspector.set_param``; the panel shows whatever the model's ``params_changed``
announces (an edit, a reset, a session).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from superqt import QCollapsible, QLabeledDoubleSlider, QLabeledSlider

from vesselview.app.inspector import Inspector
from vesselview.app.param_labels import (
    ADVANCED_SLIDERS,
    ADVANCED_SWITCHES,
    GROUPS,
    SliderSpec,
)
from vesselview.engine.params import DEFAULT_THRESHOLD, PARAM_SPECS, Params


class ParamsPanel(QWidget):
    """Sliders and value boxes for the interactive parameters of ``model``.

    Parameters
    ----------
    model : Inspector
        Holds the parameters; the panel edits and observes them.

    Attributes
    ----------
    sliders : dict of str to QLabeledSlider
        The slider of every numeric parameter.
    switches : dict of str to QCheckBox
        The check box of every boolean parameter.
    advanced : QCollapsible
        The section of the rarely changed parameters (collapsed at start).
    """

    def __init__(self, model: Inspector, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.sliders: dict[str, QLabeledSlider] = {}
        self.switches: dict[str, QCheckBox] = {}
        self._decimals: dict[str, int] = {}
        layout = QVBoxLayout(self)
        for title, specs in GROUPS.items():
            layout.addWidget(self._group(title, specs))
        layout.addWidget(self._distance_group())
        self.advanced = self._advanced_section()
        layout.addWidget(self.advanced)
        self.reset_button = QPushButton("Reset to defaults")
        self.reset_button.setToolTip("Set every parameter back to its default (docs/metrics.md §7)")
        self.reset_button.clicked.connect(lambda: model.reset_params())
        layout.addWidget(self.reset_button)
        layout.addStretch(1)
        self._show(model.params)
        self._connect_controls()
        model.params_changed.connect(self._show)

    @property
    def params(self) -> Params:
        """The model's current parameters."""
        return self.model.params

    def set_soft_candidate(self, soft: bool) -> None:
        """Enable the threshold slider only for probability-map candidates."""
        slider = self.sliders["threshold"]
        slider.setEnabled(soft)
        slider.setToolTip(_tooltip("threshold") if soft else
                          "Only for probability-map candidates; this candidate is binary.")

    def set_value(self, key: str, value: Any) -> None:
        """Change one parameter as if the user had moved its control."""
        self.model.set_param(key, value)

    def _group(self, title: str, specs: tuple[SliderSpec, ...]) -> QGroupBox:
        box = QGroupBox(title)
        self._add_sliders(QFormLayout(box), specs)
        return box

    def _add_sliders(self, form: QFormLayout, specs: tuple[SliderSpec, ...]) -> None:
        for spec in specs:
            slider = self._slider(spec)
            self.sliders[spec.key] = slider
            self._decimals[spec.key] = spec.decimals
            label = QLabel(spec.label)
            label.setToolTip(_tooltip(spec.key))
            form.addRow(label, slider)

    def _advanced_section(self) -> QCollapsible:
        section = QCollapsible("Advanced", collapsedIcon="▶", expandedIcon="▼")
        section.setToolTip("Contour tolerance g, Pratt's k, Baddeley's p and c, NSD τ, "
                           "thin-vessel width, FOV switches")
        content = QGroupBox()
        form = QFormLayout(content)
        self._add_sliders(form, ADVANCED_SLIDERS)
        for key, text in ADVANCED_SWITCHES.items():
            switch = self.switches[key] = QCheckBox(text)
            switch.setToolTip(_tooltip(key))
            form.addRow(switch)
        section.addWidget(content)
        section.collapse(animate=False)
        return section

    def _slider(self, spec: SliderSpec) -> QLabeledSlider:
        param = PARAM_SPECS[spec.key]
        low, high = param.bounds
        low = low if spec.low is None else spec.low
        high = high if spec.high is None else spec.high
        slider_class = QLabeledSlider if param.kind is int else QLabeledDoubleSlider
        slider = slider_class(Qt.Orientation.Horizontal)
        slider.setRange(low, high)
        slider.setSingleStep(spec.step)  # type: ignore[arg-type]  # (superqt: int; takes float)
        if param.kind is float:
            slider.setDecimals(spec.decimals)
        slider.setToolTip(_tooltip(spec.key))
        return slider

    def _distance_group(self) -> QGroupBox:
        box = QGroupBox("Distance metrics")
        form = QFormLayout(box)
        self.distance_box = QComboBox()
        self.distance_box.addItems(PARAM_SPECS["distance"].choices)
        self.distance_box.setToolTip(_tooltip("distance"))
        form.addRow(QLabel("distance type"), self.distance_box)
        return box

    def _connect_controls(self) -> None:
        """Route every control's edits to `set_value` (after the initial values are in)."""
        for key, slider in self.sliders.items():
            if PARAM_SPECS[key].kind is int:
                slider.valueChanged.connect(lambda value, k=key: self.set_value(k, int(value)))
            else:
                slider.valueChanged.connect(lambda value, k=key: self.set_value(
                    k, round(float(value), self._decimals[k])))
        for key, switch in self.switches.items():
            switch.toggled.connect(lambda on, k=key: self.set_value(k, bool(on)))
        self.distance_box.currentTextChanged.connect(lambda text: self.set_value("distance", text))

    def _show(self, params: Params) -> None:
        """Put ``params`` into the controls without emitting edits."""
        for key, slider in self.sliders.items():
            slider.blockSignals(True)
            value = getattr(params, key)
            slider.setValue(DEFAULT_THRESHOLD if value is None else value)
            slider.blockSignals(False)
        for key, switch in self.switches.items():
            switch.blockSignals(True)
            switch.setChecked(getattr(params, key))
            switch.blockSignals(False)
        self.distance_box.blockSignals(True)
        self.distance_box.setCurrentText(params.distance)
        self.distance_box.blockSignals(False)


def _tooltip(key: str) -> str:
    """Help text of parameter ``key`` with its default."""
    default = getattr(Params(), key)
    shown = "the case's threshold" if default is None else default
    return f"{PARAM_SPECS[key].help} (default {shown}; key '{key}')"
