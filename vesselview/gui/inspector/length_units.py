"""The parameters panel's unit choice for length sliders: px, µm (greyed while the
spacing is unknown) or % FOV. The sliders show and set lengths in the chosen unit; an
edit in µm or % FOV is stored as a `Length`, so it means the same on every case.
The user's choice is remembered in the settings (`UNIT_SETTING`) and comes back on every
case that allows it (µm: a case of known spacing)."""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox, QFormLayout, QWidget

from vesselview.app.files import SettingsStore
from vesselview.app.length_units import UNIT_TEXTS, param_tooltip, per_pixel, unit_label
from vesselview.app.spacing_display import shown_pixels
from vesselview.engine.case import Case
from vesselview.engine.lengths import Length, LengthUnit
from vesselview.engine.params import PARAM_SPECS
from vesselview.gui.inspector.param_marks import ParamLabel
from vesselview.gui.widgets.float_slider import LabeledDoubleSlider

_UNITS: tuple[LengthUnit, ...] = tuple(UNIT_TEXTS)
_DECIMALS = {"um": 1, "%fov": 2}  # of a slider in µm or % FOV
#: The settings key of the chosen unit.
UNIT_SETTING = "view/length_unit"


class LengthUnits(QWidget):
    """A "Lengths in" choice that rescales the length sliders and relabels them.

    Signals
    -------
    changed()
        The unit changed: the panel shows the parameters again.

    Attributes
    ----------
    unit : LengthUnit
        The unit shown.
    preferred : LengthUnit
        The unit the user chose (remembered; `unit` falls back to px while it is µm on a
        case of unknown spacing).
    """

    changed = Signal()

    def __init__(self, sliders: dict[str, LabeledDoubleSlider],
                 labels: dict[str, ParamLabel], settings: SettingsStore | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sliders, self.labels = sliders, labels
        self.unit: LengthUnit = "px"
        self._settings = settings
        stored = settings.value(UNIT_SETTING, "px") if settings is not None else "px"
        self.preferred: LengthUnit = stored if stored in _UNITS else "px"
        self._falling_back = False  # a change the case forces, not the user's choice
        self._case: Case | None = None
        self.choice = QComboBox()
        self.choice.addItems(list(UNIT_TEXTS.values()))
        self.choice.setToolTip("The unit of the length sliders (µm needs the case's spacing)")
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Lengths in", self.choice)
        self.choice.currentIndexChanged.connect(self._on_choice)

    def set_case(self, case: Case) -> None:
        """Grey µm while ``case``'s spacing is unknown (falling back to px); show the
        preferred unit when ``case`` allows it."""
        self._case = case
        known = case.spacing_um is not None
        item = cast(QStandardItemModel, self.choice.model()).item(_UNITS.index("um"))
        item.setEnabled(known)
        wanted = self.preferred if known or self.preferred != "um" else "px"
        if wanted == self.unit:
            self._rescale()
            return
        self._falling_back = True
        self.choice.setCurrentIndex(_UNITS.index(wanted))
        self._falling_back = False

    def choose(self, unit: LengthUnit) -> None:
        """Make ``unit`` the user's choice (a session's), shown when the case allows it."""
        self.preferred = unit
        if self._settings is not None:
            self._settings.setValue(UNIT_SETTING, unit)
        if self._case is not None:
            self.set_case(self._case)

    def shown(self, key: str, value: float | Length) -> float | None:
        """Parameter ``key``'s ``value`` in the chosen unit (None: not convertible)."""
        pixels = shown_pixels(value, self._case)
        factor = per_pixel(self.unit, self._case)
        if pixels is None or factor is None:
            return None
        return round(pixels) if self.unit == "px" and PARAM_SPECS[key].kind is int \
            else pixels * factor

    def stored(self, key: str, number: float) -> float | Length:
        """What a slider at ``number`` (chosen unit) sets parameter ``key`` to."""
        spec = PARAM_SPECS[key]
        if self.unit != "px":
            return Length(round(float(number), _DECIMALS[self.unit]), self.unit)
        return round(number) if spec.kind is int else round(float(number), spec.decimals)

    def _on_choice(self, index: int) -> None:
        self.unit = _UNITS[index]
        if not self._falling_back:
            self.preferred = self.unit
            if self._settings is not None:
                self._settings.setValue(UNIT_SETTING, self.unit)
        self._rescale()
        self.changed.emit()

    def _rescale(self) -> None:
        """Each length slider's range, step, decimals, label and tooltips in the chosen
        unit."""
        factor = per_pixel(self.unit, self._case) or 1.0
        for key, slider in self.sliders.items():
            spec = PARAM_SPECS[key]
            low, high = spec.slider_bounds
            slider.blockSignals(True)
            slider.setDecimals(spec.decimals if self.unit == "px" else _DECIMALS[self.unit])
            slider.setRange(low * factor, high * factor)
            slider.setSingleStep(spec.step * factor)  # type: ignore[arg-type]  # (takes float)
            slider.blockSignals(False)
            help_text = param_tooltip(key, self.unit, self._case)
            slider.setToolTip(help_text)
            self.labels[key].set_label_text(unit_label(spec.label, self.unit), help_text)
