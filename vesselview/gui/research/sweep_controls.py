"""The plot dock's sweep controls: parameter, values, cases, metrics, differences."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from vesselview.app.param_labels import param_label
from vesselview.engine.families import FAMILIES
from vesselview.engine.families.shared import candidate_mask
from vesselview.engine.params import PARAM_SPECS
from vesselview.engine.sweep import parse_sweep_values
from vesselview.gui.research.inputs import default_sweep_text
from vesselview.gui.research.metric_choice import MAIN_METRICS, MetricChecklist


def swept_metrics(key: str) -> tuple[str, ...]:
    """The metrics first drawn when sweeping parameter ``key`` (from the registry).

    Those whose own score stage depends on ``key`` (``t``: F1_t, its precision and
    recall, ``williams_f1_t`` and ``f1_t_artery``, but not the rest of their families);
    the main metrics for a parameter every family reading the candidate mask depends on
    (``threshold``).
    """
    readers = [family for family in FAMILIES
               if any(candidate_mask in stage.upstream() for stage in family.scores)]
    if all(key in family.params for family in readers):
        return MAIN_METRICS
    return tuple(k for family in FAMILIES if key in family.params for k in family.keys
                 if key in family.score_stage(k).dependencies)


#: Parameters offered for sweeps: every numeric parameter some metric family depends
#: on, in the order of `PARAM_SPECS`.
SWEEP_KEYS: tuple[str, ...] = tuple(
    key for key, spec in PARAM_SPECS.items()
    if spec.numeric and any(key in family.params for family in FAMILIES))
CURRENT_CASE = "Current case"



class SweepControls(QWidget):
    """What to sweep, over which cases, and what to draw.

    Signals
    -------
    drawing_changed()
        Other metrics checked or differences toggled: redraw, no recomputation.
    manifest_chosen(str)
        The user picked a manifest CSV to load as the case set.
    """

    drawing_changed = Signal()
    manifest_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key_box = QComboBox()
        for key in SWEEP_KEYS:
            self.key_box.addItem(param_label(key), key)
        self.key_box.activated.connect(lambda _i: self.set_parameter(self.key))
        self.values_edit = QLineEdit()
        self.values_edit.setToolTip("a:b (step 1), a:b:step, or v1, v2, ...")
        self.cases_box = QComboBox()
        self.cases_box.addItem(CURRENT_CASE)
        load_set = QPushButton("Load set...")
        load_set.setToolTip("Average over the pairs of a manifest CSV (id, reference, "
                            "candidate[, fov, fundus]), as vesselview-eval --manifest reads")
        load_set.clicked.connect(self._manifest_dialog)
        cases = QHBoxLayout()
        cases.addWidget(self.cases_box, 1)
        cases.addWidget(load_set)
        self.metric_list = MetricChecklist()
        self.metric_list.changed.connect(self.drawing_changed)
        self.differences_box = QCheckBox("Forward differences")
        self.differences_box.setToolTip(
            "f(next value) − f(value), as in the CAL paper's Fig. 1 (b)")
        self.differences_box.toggled.connect(lambda _on: self.drawing_changed.emit())
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Parameter", self.key_box)
        form.addRow("Values", self.values_edit)
        form.addRow("Cases", cases)
        form.addRow("Metrics", self.metric_list)
        form.addRow(self.differences_box)
        self.set_parameter("t")

    @property
    def key(self) -> str:
        """The parameter to sweep."""
        return self.key_box.currentData()

    @property
    def uses_case_set(self) -> bool:
        """True when the sweep runs over the loaded set of cases."""
        return self.cases_box.currentIndex() == 1

    @property
    def differences(self) -> bool:
        """True when forward differences are drawn."""
        return self.differences_box.isChecked()

    def values(self) -> list[float]:
        """The typed values, checked (raises `ParamsError` naming the problem)."""
        return parse_sweep_values(self.key, self.values_edit.text())

    def metrics(self) -> tuple[str, ...]:
        """The metrics to draw."""
        return self.metric_list.checked()

    def set_parameter(self, key: str, values: str | None = None) -> None:
        """Sweep ``key`` over ``values`` (default `default_sweep_text`), its usual metrics."""
        self.key_box.setCurrentIndex(self.key_box.findData(key))
        self.values_edit.setText(values or default_sweep_text(key))
        self.metric_list.set_checked(swept_metrics(key))

    def offer_case_set(self, name: str, size: int) -> None:
        """Offer (and choose) the mean over a set of ``size`` cases called ``name``."""
        self.cases_box.clear()
        self.cases_box.addItems([CURRENT_CASE, f"Mean over {name} ({size} cases)"])
        self.cases_box.setCurrentIndex(1)

    def _manifest_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Load a set of cases", "",
                                              "Manifest CSV (*.csv)")
        if path:
            self.manifest_chosen.emit(path)
