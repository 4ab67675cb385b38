"""Parameters panel: labelled sliders grouped by metric, a distance choice, reset.

The rarely changed parameters (contour tolerance g, Pratt's k, Baddeley's p and c, the
NSD tolerance, the thin-vessel width limit, the FOV switches of the distance metrics and
CAL) sit in a collapsed "Advanced" section. A ``threshold`` of None (the case's threshold)
shows as `DEFAULT_THRESHOLD`, the threshold the window reads every case at. A parameter
that differs from its default is marked (bold label, a ↺ link that resets it, the
default in its tooltip, `vesselview.gui.inspector.param_marks`); a parameter that does
not act on the shown case is greyed (`vesselview.engine.param_scope.applies`).

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
    changed_from_default,
)
from vesselview.engine.case import Case
from vesselview.engine.param_scope import applies
from vesselview.engine.params import DEFAULT_THRESHOLD, PARAM_SPECS, Params
from vesselview.gui.inspector.param_marks import ParamLabel, changed_tooltip, mark

#: Tooltip of a control whose parameter does not act on the shown case.
NOT_APPLICABLE = {"threshold": "Only for probability-map candidates; this candidate is binary, "
                               f"so the threshold does not act on it (a JPEG mask is read at "
                               f"{DEFAULT_THRESHOLD:g} of full scale)."}


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
    labels : dict of str to ParamLabel
        The label of every slider and of the distance choice (marked while changed).
    advanced : QCollapsible
        The section of the rarely changed parameters (collapsed at start).
    """

    def __init__(self, model: Inspector, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.sliders: dict[str, QLabeledSlider] = {}
        self.switches: dict[str, QCheckBox] = {}
        self.labels: dict[str, ParamLabel] = {}
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

    def set_case(self, case: Case) -> None:
        """Enable the controls of the parameters that act on ``case``, grey the others."""
        for key, text in NOT_APPLICABLE.items():
            acts = applies(key, case)
            for widget in (self.sliders[key], self.labels[key]):
                widget.setEnabled(acts)
            self.sliders[key].setToolTip(_tooltip(key) if acts else text)

    def set_value(self, key: str, value: Any) -> None:
        """Change one parameter as if the user had moved its control."""
        self.model.set_param(key, value)

    def reset_value(self, key: str) -> None:
        """Set one parameter back to its default (its ↺ link)."""
        self.model.set_param(key, getattr(Params(), key))

    def _group(self, title: str, specs: tuple[SliderSpec, ...]) -> QGroupBox:
        box = QGroupBox(title)
        self._add_sliders(QFormLayout(box), specs)
        return box

    def _add_sliders(self, form: QFormLayout, specs: tuple[SliderSpec, ...]) -> None:
        for spec in specs:
            slider = self._slider(spec)
            self.sliders[spec.key] = slider
            self._decimals[spec.key] = spec.decimals
            form.addRow(self._label(spec.key, spec.label), slider)

    def _label(self, key: str, text: str) -> ParamLabel:
        label = self.labels[key] = ParamLabel(key, text, _tooltip(key),
                                              lambda: self.reset_value(key))
        return label

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
        form.addRow(self._label("distance", "distance type"), self.distance_box)
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
        self._mark(changed_from_default(params))

    def _mark(self, changed: frozenset[str]) -> None:
        """Mark the controls of the ``changed`` parameters, unmark the others."""
        for key, label in self.labels.items():
            label.set_changed(key in changed)
        for key, switch in self.switches.items():
            mark(switch, key in changed)
            switch.setToolTip(changed_tooltip(key, _tooltip(key)) if key in changed
                              else _tooltip(key))


def _tooltip(key: str) -> str:
    """Help text of parameter ``key`` with its default."""
    default = getattr(Params(), key)
    shown = "the case's threshold" if default is None else default
    return f"{PARAM_SPECS[key].help} (default {shown}; key '{key}')"
