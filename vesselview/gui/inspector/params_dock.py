"""Parameters panel: labelled sliders, choices and switches in sections, reset.

Every control is made from its parameter's spec (`PARAM_SPECS`: label, unit, slider
range and step, section; `vesselview.app.param_labels.PANEL_SECTIONS`): a number gets
a slider, a choice a drop-down list, a flag a check box. The rarely changed parameters
sit in a collapsed "Advanced" section. A ``threshold`` of None (the case's threshold)
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

import functools
from typing import Any, cast

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
from superqt import QCollapsible, QLabeledSlider

from vesselview.app.inspector import Inspector
from vesselview.app.length_units import param_tooltip
from vesselview.app.param_labels import ADVANCED, PANEL_SECTIONS, changed_from_default
from vesselview.engine.case import Case
from vesselview.engine.param_scope import applies
from vesselview.engine.params import DEFAULT_THRESHOLD, PARAM_SPECS, Params
from vesselview.gui.inspector.length_units import LengthUnits
from vesselview.gui.inspector.param_marks import ParamLabel, changed_tooltip, mark
from vesselview.gui.widgets.float_slider import LabeledDoubleSlider

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
    choices : dict of str to QComboBox
        The drop-down list of every parameter with named choices (``distance``).
    labels : dict of str to ParamLabel
        The label of every slider and choice (marked while changed).
    advanced : QCollapsible
        The section of the rarely changed parameters (collapsed at start).
    """

    def __init__(self, model: Inspector, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.sliders: dict[str, QLabeledSlider] = {}
        self.switches: dict[str, QCheckBox] = {}
        self.choices: dict[str, QComboBox] = {}
        self.labels: dict[str, ParamLabel] = {}
        layout = QVBoxLayout(self)
        for title, keys in PANEL_SECTIONS.items():
            if title != ADVANCED:
                layout.addWidget(self._group(title, keys))
        self.advanced = self._advanced_section(PANEL_SECTIONS.get(ADVANCED, ()))
        layout.addWidget(self.advanced)
        self.reset_button = QPushButton("Reset to defaults")
        self.reset_button.setToolTip("Set every parameter back to its default (docs/metrics.md §7)")
        self.reset_button.clicked.connect(lambda: model.reset_params())
        layout.addWidget(self.reset_button)
        layout.addStretch(1)
        self.length_units = LengthUnits(
            {key: cast(LabeledDoubleSlider, slider) for key, slider in self.sliders.items()
             if PARAM_SPECS[key].unit == "length"}, self.labels, model.settings)
        layout.insertWidget(0, self.length_units)
        self.length_units.changed.connect(lambda: self._show(self.params))
        self._show(model.params)
        self._connect_controls()
        model.params_changed.connect(self._show)

    @property
    def params(self) -> Params:
        """The model's current parameters."""
        return self.model.params

    def add_above(self, widget: QWidget) -> None:
        """Put ``widget`` above the parameters (the reference the case is scored against)."""
        cast(QVBoxLayout, self.layout()).insertWidget(0, widget)

    def set_case(self, case: Case) -> None:
        """Enable the controls of the parameters that act on ``case``, grey the others;
        the length sliders show lengths in the chosen unit on ``case``."""
        self.length_units.set_case(case)
        self._show(self.params)
        for key, text in NOT_APPLICABLE.items():
            acts = applies(key, case)
            for widget in (self.sliders[key], self.labels[key]):
                widget.setEnabled(acts)
            self.sliders[key].setToolTip(param_tooltip(key) if acts else text)

    def set_value(self, key: str, value: Any) -> None:
        """Change one parameter as if the user had moved its control."""
        self.model.set_param(key, value)

    def reset_value(self, key: str) -> None:
        """Set one parameter back to its default (its ↺ link)."""
        self.model.set_param(key, PARAM_SPECS[key].default)

    def _group(self, title: str, keys: tuple[str, ...]) -> QGroupBox:
        box = QGroupBox(title)
        self._add_controls(QFormLayout(box), keys)
        return box

    def _add_controls(self, form: QFormLayout, keys: tuple[str, ...]) -> None:
        """One row per parameter: a labelled slider or choice, or a check box."""
        for key in keys:
            spec = PARAM_SPECS[key]
            if spec.unit == "flag":
                switch = self.switches[key] = QCheckBox(spec.label)
                switch.setToolTip(param_tooltip(key))
                form.addRow(switch)
                continue
            control: QWidget
            if spec.unit == "choice":
                control = self.choices[key] = QComboBox()
                self.choices[key].addItems(spec.choices)
            else:
                control = self.sliders[key] = _slider(key)
            control.setToolTip(param_tooltip(key))
            label = self.labels[key] = ParamLabel(key, spec.label, param_tooltip(key),
                                                  functools.partial(self.reset_value, key))
            form.addRow(label, control)

    def _advanced_section(self, keys: tuple[str, ...]) -> QCollapsible:
        section = QCollapsible(ADVANCED, collapsedIcon="▶", expandedIcon="▼")
        section.setToolTip("; ".join(PARAM_SPECS[key].label for key in keys))
        content = QGroupBox()
        self._add_controls(QFormLayout(content), keys)
        section.addWidget(content)
        section.collapse(animate=False)
        return section

    def _connect_controls(self) -> None:
        """Route every control's edits to `set_value` (after the initial values are in)."""
        for key, slider in self.sliders.items():
            if PARAM_SPECS[key].unit == "length":
                slider.valueChanged.connect(lambda value, k=key: self.set_value(
                    k, self.length_units.stored(k, value)))
            elif PARAM_SPECS[key].kind is int:
                slider.valueChanged.connect(lambda value, k=key: self.set_value(k, round(value)))
            else:
                slider.valueChanged.connect(lambda value, k=key: self.set_value(
                    k, round(float(value), PARAM_SPECS[k].decimals)))
        for key, switch in self.switches.items():
            switch.toggled.connect(lambda on, k=key: self.set_value(k, bool(on)))
        for key, box in self.choices.items():
            box.currentTextChanged.connect(lambda text, k=key: self.set_value(k, text))

    def _show(self, params: Params) -> None:
        """Put ``params`` into the controls without emitting edits."""
        for key, slider in self.sliders.items():
            slider.blockSignals(True)
            value = getattr(params, key)
            if PARAM_SPECS[key].unit == "length":
                value = self.length_units.shown(key, value)
            if value is not None or key == "threshold":  # else (a length in µm, spacing
                slider.setValue(DEFAULT_THRESHOLD if value is None else value)  # unknown) stays
            slider.blockSignals(False)
        for key, switch in self.switches.items():
            switch.blockSignals(True)
            switch.setChecked(getattr(params, key))
            switch.blockSignals(False)
        for key, box in self.choices.items():
            box.blockSignals(True)
            box.setCurrentText(getattr(params, key))
            box.blockSignals(False)
        self._mark(changed_from_default(params))

    def _mark(self, changed: frozenset[str]) -> None:
        """Mark the controls of the ``changed`` parameters, unmark the others."""
        for key, label in self.labels.items():
            label.set_changed(key in changed)
        for key, switch in self.switches.items():
            mark(switch, key in changed)
            switch.setToolTip(changed_tooltip(key, param_tooltip(key)) if key in changed
                              else param_tooltip(key))


def _slider(key: str) -> QLabeledSlider:
    """The slider of numeric parameter ``key``: its spec's slider range and step."""
    spec = PARAM_SPECS[key]
    # lengths: a double slider in every unit (µm and % FOV need fractions)
    double = spec.kind is float or spec.unit == "length"
    slider = (LabeledDoubleSlider if double else QLabeledSlider)(Qt.Orientation.Horizontal)
    slider.setRange(*spec.slider_bounds)
    slider.setSingleStep(spec.step)  # type: ignore[arg-type]  # (superqt: int; takes float)
    if double:
        slider.setDecimals(spec.decimals)
    return slider
