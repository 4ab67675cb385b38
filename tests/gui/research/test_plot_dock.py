"""The plot dock draws the engine's sweeps and soft-map curves, and exports them."""

from __future__ import annotations

import csv
import io

import numpy as np
from PIL import Image

from vesselview.cli.main import main as cli_main
from vesselview.engine.families import FAMILIES, METRICS, family_of
from vesselview.engine.params import Params
from vesselview.gui.research.metric_choice import MAIN_METRICS
from vesselview.gui.research.plot_dock import CURVES, SWEEP
from vesselview.gui.research.sweep_controls import SWEEP_KEYS, swept_metrics
from vesselview.io.curve_tables import write_curves
from vesselview.io.loader import load_case
from vesselview.io.writers import write_png
from vesselview.research.curves import f1_t_curve, roc_curve
from vesselview.research.sweep import sweep
from vesselview.synth import teaching_case

from .conftest import JOB_TIMEOUT_MS, RESEARCH_SHAPE


def _compute(dock, qtbot):
    with qtbot.waitSignal(dock.plotted, timeout=JOB_TIMEOUT_MS) as signal:
        dock.compute()
    return signal.args[0]


def _drawn(plot, name):
    """(x, y) of the data item called ``name`` in ``plot``."""
    items = [item for item in plot.listDataItems() if item.name() == name]
    assert len(items) == 1, [item.name() for item in plot.listDataItems()]
    return items[0].getData()


def _rows(path):
    with open(path, newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def test_the_f1_t_curve_equals_the_engine_sweep(dock, qtbot, soft_demo):
    assert _compute(dock, qtbot) == SWEEP
    expected = sweep(soft_demo, "t", range(11))
    assert dock.sweep_result.values == tuple(range(11))
    np.testing.assert_array_equal(dock.sweep_result.per_case, expected.per_case)
    x, y = _drawn(dock.pages.value_plot, METRICS["f1_t"].name)
    np.testing.assert_array_equal(x, np.arange(11))
    np.testing.assert_array_equal(y, expected.curve("f1_t"))


def test_forward_differences_toggle_redraws_without_recomputing(dock, qtbot, soft_demo):
    _compute(dock, qtbot)
    assert not dock.pages.difference_plot.isVisible()
    plotted = []
    dock.plotted.connect(plotted.append)
    dock.controls.differences_box.setChecked(True)
    assert dock.pages.difference_plot.isVisible()
    (x, y), = [item.getData() for item in dock.pages.difference_plot.listDataItems()[:1]]
    column = dock.sweep_result.metrics.index("f1_t")
    np.testing.assert_array_equal(x, np.arange(10))
    np.testing.assert_array_equal(y, dock.sweep_result.forward_differences()[:, column])
    dock.controls.differences_box.setChecked(False)
    assert not dock.pages.difference_plot.isVisible()
    assert plotted == [] and not dock.jobs.busy


def test_checking_a_metric_draws_it_without_recomputing(dock, qtbot):
    _compute(dock, qtbot)
    result = dock.sweep_result
    dock.controls.metric_list.set_checked(["dice", "f1_t"])
    assert dock.sweep_result is result and not dock.jobs.busy
    names = {item.name() for item in dock.pages.value_plot.listDataItems()}
    assert names == {METRICS["dice"].name, METRICS["f1_t"].name}


def test_a_parameter_brings_its_default_values_and_metrics(dock, qtbot, soft_demo):
    dock.controls.set_parameter("cal_alpha", "0:4")
    assert dock.controls.metrics() == ("cal", "cal_a")  # the metrics whose stage reads α
    _compute(dock, qtbot)
    expected = sweep(soft_demo, "cal_alpha", range(5))
    _, y = _drawn(dock.pages.value_plot, METRICS["cal_a"].name)
    np.testing.assert_array_equal(y, expected.curve("cal_a"))
    dock.controls.set_parameter("ss_R")
    assert dock.controls.values_edit.text() == "1:11"
    assert dock.controls.metrics() == (*family_of("ss").keys, "williams_ss",
                                       "williams_ss_position")


def test_sweep_csv_holds_the_drawn_metrics_and_differences(dock, qtbot, soft_demo, tmp_path):
    _compute(dock, qtbot)
    dock.controls.differences_box.setChecked(True)
    path = tmp_path / "sweep.csv"
    dock.export_csv(str(path))
    rows = _rows(path)
    expected = sweep({"synthetic:demo-soft(seed=0)": soft_demo}, "t", range(11)).to_rows(
        differences=True)
    assert list(rows[0])[:8] == ["case", "t", "f1_t", "f1_t_forward_difference",
                                 "f1_t_precision", "f1_t_precision_forward_difference",
                                 "f1_t_recall", "f1_t_recall_forward_difference"]
    assert "se" not in rows[0] and rows[0]["ss_R"] == "2" and "vesselview_version" in rows[0]
    assert len(rows) == len(expected) == 22  # the mean, then the one case
    for row, want in zip(rows, expected, strict=True):
        assert row["case"] == want["case"] and int(row["t"]) == want["t"]
        assert float(row["f1_t"]) == want["f1_t"]
        difference = want["f1_t_forward_difference"]
        assert row["f1_t_forward_difference"] == ("" if np.isnan(difference) else repr(difference))


def test_png_export_is_an_image_of_the_plots(dock, qtbot, tmp_path):
    _compute(dock, qtbot)
    path = tmp_path / "plot.png"
    dock.export_png(str(path))
    with Image.open(path) as image:
        assert image.size[0] > 200
        assert len(image.convert("RGB").getcolors(maxcolors=1 << 20)) > 10


def test_nothing_to_export_says_so(dock, tmp_path):
    dock.export_csv(str(tmp_path / "x.csv"))
    assert "Compute first" in dock.error.text()
    assert not (tmp_path / "x.csv").exists()


def test_the_mean_over_a_case_set(dock, qtbot, soft_demo):
    other = teaching_case("expansion", 2.0, RESEARCH_SHAPE)
    dock.set_case_set("two cases", {"demo": soft_demo, "wide": other})
    assert dock.controls.uses_case_set
    dock.controls.set_parameter("t", "0:3")
    _compute(dock, qtbot)
    expected = sweep({"demo": soft_demo, "wide": other}, "t", range(4))
    assert dock.sweep_result.case_names == ("demo", "wide")
    np.testing.assert_array_equal(dock.sweep_result.mean, expected.mean)
    _, y = _drawn(dock.pages.value_plot, METRICS["f1_t"].name)
    np.testing.assert_array_equal(y, expected.curve("f1_t"))
    assert "mean of 2 cases" in dock.pages.value_plot.titleLabel.text


def test_soft_map_curves_equal_the_engine_curves(dock, qtbot, soft_demo):
    dock.set_mode(CURVES)
    assert _compute(dock, qtbot) == CURVES
    roc = roc_curve(soft_demo)
    assert dock.curves.roc.auc == roc.auc
    assert dock.curves.best == f1_t_curve(soft_demo).best()
    x, y = dock.pages.curve_plots[0].listDataItems()[1].getData()  # after the diagonal
    thinned = roc.thinned(2000)
    np.testing.assert_array_equal(x, thinned.x)
    np.testing.assert_array_equal(y, thinned.y)
    assert f"{roc.auc:.4f}" in dock.pages.curve_plots[0].titleLabel.text


def test_curve_csv_is_the_cli_curves_csv(dock, qtbot, soft_demo, tmp_path):
    dock.set_mode(CURVES)
    dock.set_params(Params(t=1))
    _compute(dock, qtbot)
    path = tmp_path / "curves.csv"
    with qtbot.waitSignal(dock.jobs.finished, timeout=JOB_TIMEOUT_MS):
        dock.export_csv(str(path))
    expected = io.StringIO()
    write_curves(soft_demo, Params(t=1), expected, "csv")
    assert path.read_text(encoding="utf-8") == expected.getvalue()


def test_curves_of_a_binary_candidate_are_refused(dock, binary_demo):
    dock.set_case(binary_demo)
    dock.set_mode(CURVES)
    dock.compute()
    assert "probability map" in dock.error.text() and not dock.error.isHidden()
    assert not dock.jobs.busy


def test_bad_values_show_an_error_and_keep_the_plot(dock, qtbot):
    _compute(dock, qtbot)
    result = dock.sweep_result
    dock.controls.values_edit.setText("0:x")
    dock.buttons["Compute"].click()
    assert "expected a number" in dock.error.text() and not dock.error.isHidden()
    assert dock.sweep_result is result and not dock.jobs.busy


def test_a_parameter_change_marks_the_sweep_stale(dock, qtbot):
    _compute(dock, qtbot)
    dock.set_params(Params(t=7))  # the swept key itself: still valid
    assert "press Compute" not in dock.status.text()
    dock.set_params(Params(cal_alpha=3))
    assert "press Compute" in dock.status.text()


def test_a_new_case_is_swept_again_while_the_dock_shows(dock, qtbot, binary_demo):
    dock.show()
    _compute(dock, qtbot)
    other = teaching_case("shift", 4.0, RESEARCH_SHAPE)
    with qtbot.waitSignal(dock.plotted, timeout=JOB_TIMEOUT_MS):
        dock.set_case(other)
    expected = sweep(other, "t", range(11))
    np.testing.assert_array_equal(dock.sweep_result.per_case, expected.per_case)


def test_axes_show_plain_values_with_a_tick_per_swept_value(dock, qtbot):
    dock.controls.set_parameter("cal_alpha", "1:4")
    _compute(dock, qtbot)
    dock.controls.set_parameter("cal_beta", "1:4")  # a second draw must not rescale either
    _compute(dock, qtbot)
    left = dock.pages.value_plot.getAxis("left")
    assert left.autoSIPrefixScale == 1.0 and "x0.001" not in left.labelString()
    assert dock.pages.value_plot.getAxis("bottom")._tickLevels == [[(1.0, "1"), (2.0, "2"),
                                                              (3.0, "3"), (4.0, "4")]]


def test_the_cli_sweep_gives_the_same_numbers(dock, qtbot, binary_demo, tmp_path):
    reference, candidate, output = (tmp_path / n for n in ("r.png", "c.png", "cli.csv"))
    write_png(reference, binary_demo.reference)
    write_png(candidate, binary_demo.candidate)
    assert cli_main(["--reference", str(reference), "--candidate", str(candidate),
                     "--sweep", "t=0,1,2,3", "--format", "csv", "--workers", "1",
                     "--output", str(output)]) == 0
    dock.set_case(load_case(reference, candidate))
    dock.controls.set_parameter("t", "0:3")
    dock.controls.metric_list.set_checked(["f1_t", "cal", "ss"])
    _compute(dock, qtbot)
    for row in _rows(output):
        t = int(row["t"])
        for metric in ("f1_t", "cal", "ss"):
            assert float(row[metric]) == dock.sweep_result.curve(metric)[t], (metric, t)


def test_sweep_choices_come_from_the_registry():
    offered = set(SWEEP_KEYS)
    assert {"t", "cal_alpha", "cal_beta", "ss_R", "ss_alpha", "contour_gamma",
            "threshold"} <= offered
    assert all(any(key in family.params for family in FAMILIES) for key in offered)
    assert swept_metrics("t") == (*family_of("f1_t").keys, "williams_f1_t",
                                  "williams_f1_t_position", "f1_t_artery", "f1_t_vein")
    assert swept_metrics("threshold") == MAIN_METRICS  # every family reads it
