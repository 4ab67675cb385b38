"""The parameters panel: its controls edit the model's parameters and show them."""

from __future__ import annotations

import html

import pytest

from vesselview.app.inspector import Inspector
from vesselview.app.param_labels import ADVANCED, PANEL_SECTIONS
from vesselview.app.scheduler import Scheduler
from vesselview.engine.params import DEFAULT_THRESHOLD, PARAM_SPECS, Params
from vesselview.gui.inspector.param_marks import RESET_LINK, RESET_SYMBOL
from vesselview.gui.inspector.params_dock import ParamsPanel
from vesselview.synth import demo_case


@pytest.fixture
def model():
    """An application model without a case (nothing evaluates)."""
    return Inspector(Scheduler(synchronous=True))


@pytest.fixture
def panel(qtbot, model):
    widget = ParamsPanel(model)
    qtbot.addWidget(widget)
    return widget


def test_controls_start_at_the_defaults(panel):
    assert panel.params == Params()
    for key, slider in panel.sliders.items():
        default = getattr(Params(), key)
        # threshold None ("the case's threshold") shows the default load threshold
        shown = DEFAULT_THRESHOLD if default is None else default
        assert slider.value() == pytest.approx(shown), key
    assert panel.choices["distance"].currentText() == "euclidean"


def test_every_parameter_in_a_section_has_its_control_and_label(panel):
    keys = [key for keys in PANEL_SECTIONS.values() for key in keys]
    assert len(keys) == len(set(keys)) and set(keys) == set(PARAM_SPECS) - {"ss_mode",
                                                                            "av_weights"}
    assert list(PANEL_SECTIONS)[-1] == ADVANCED
    assert PANEL_SECTIONS["Skeletal similarity"][0] == "ss_alpha"
    for key in keys:
        spec = PARAM_SPECS[key]
        control = {"flag": panel.switches, "choice": panel.choices}.get(spec.unit, panel.sliders)
        assert spec.doc in control[key].toolTip(), key
        shown = control[key].text() if spec.unit == "flag" else panel.labels[key].text()
        assert html.escape(spec.label) in shown, key
    assert panel.labels["ss_alpha"].text().startswith("SS weight α")


def test_a_slider_covers_its_spec_range_in_its_steps(panel):
    for key, slider in panel.sliders.items():
        spec = PARAM_SPECS[key]
        assert (slider.minimum(), slider.maximum()) == pytest.approx(spec.slider_bounds), key
        assert slider.singleStep() == pytest.approx(spec.step), key


def test_a_slider_edit_changes_the_model(panel, model):
    announced = []
    model.params_changed.connect(announced.append)
    panel.sliders["cal_beta"].setValue(5)
    assert model.params == Params(cal_beta=5)
    assert announced == [Params(cal_beta=5)]


def test_float_values_are_rounded_to_the_step(panel, model):
    panel.sliders["ss_alpha"].setValue(0.3300000001)
    assert model.params.ss_alpha == 0.33


def test_min_length_above_max_pushes_max(panel):
    panel.sliders["ss_min_length"].setValue(40)
    assert panel.params.ss_min_length == 40 and panel.params.ss_max_length == 40
    assert panel.sliders["ss_max_length"].value() == 40


def test_max_length_below_min_pulls_min(panel):
    panel.sliders["ss_max_length"].setValue(3)
    assert panel.params.ss_min_length == 3 and panel.params.ss_max_length == 3


def test_model_params_out_of_slider_range_are_shown_without_losing_them(panel, model):
    params = Params(ss_max_length=500, tversky_alpha=7.0, fom_k=0.5)
    model.set_params(params)
    assert panel.params == params
    panel.sliders["t"].setValue(4)
    assert model.params == params.replace(t=4)


def test_reset(panel, model):
    panel.sliders["t"].setValue(9)
    panel.choices["distance"].setCurrentText("chessboard")
    panel.reset_button.click()
    assert model.params == Params()
    assert panel.sliders["t"].value() == 2
    assert panel.choices["distance"].currentText() == "euclidean"


def test_threshold_only_for_soft_candidates(panel):
    panel.set_case(demo_case((40, 42), seed=1))
    assert not panel.sliders["threshold"].isEnabled()
    assert not panel.labels["threshold"].isEnabled()
    assert "binary" in panel.sliders["threshold"].toolTip()
    assert all(slider.isEnabled() for key, slider in panel.sliders.items() if key != "threshold")
    panel.sliders["threshold"].setEnabled(True)  # (to move it; the user cannot)
    panel.sliders["threshold"].setValue(0.3)
    assert panel.labels["threshold"].changed  # marked, greyed, its ↺ no link
    assert RESET_SYMBOL in panel.labels["threshold"].text()
    assert RESET_LINK not in panel.labels["threshold"].text()
    panel.set_case(demo_case((40, 42), seed=1, soft=True))
    assert panel.sliders["threshold"].isEnabled() and panel.labels["threshold"].isEnabled()
    assert RESET_LINK in panel.labels["threshold"].text()


def test_parameters_off_their_defaults_are_marked(panel, model):
    assert not any(label.changed for label in panel.labels.values())
    panel.sliders["t"].setValue(5)
    panel.switches["cal_fov"].setChecked(True)
    panel.choices["distance"].setCurrentText("chessboard")
    marked = {key for key, label in panel.labels.items() if label.changed}
    assert marked == {"t", "distance"}
    label = panel.labels["t"]
    assert "<b>" in label.text() and RESET_SYMBOL in label.text()
    assert "default: 2" in label.toolTip()
    assert panel.switches["cal_fov"].font().bold()
    assert "default: no" in panel.switches["cal_fov"].toolTip()
    assert panel.labels["cal_alpha"].text() == "α (area tolerance, px)"


def test_a_reset_button_sets_its_parameter_back(panel, model):
    panel.sliders["threshold"].setValue(0.3)
    panel.sliders["t"].setValue(5)
    assert panel.labels["threshold"].changed
    panel.labels["threshold"].linkActivated.emit(RESET_LINK)  # the ↺ link clicked
    assert model.params == Params(t=5)  # threshold back to "the case's", t kept
    assert panel.sliders["threshold"].value() == pytest.approx(DEFAULT_THRESHOLD)
    assert not panel.labels["threshold"].changed and panel.labels["t"].changed


def test_marks_follow_a_session_or_reset(panel, model):
    model.set_params(Params(ss_R=4, tversky_beta=1.0))
    assert {key for key, label in panel.labels.items() if label.changed} == {
        "ss_R", "tversky_beta"}
    model.reset_params()
    assert not any(label.changed for label in panel.labels.values())
