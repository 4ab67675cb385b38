"""The metric-behaviour window shows the engine's behaviour table, tau row included."""

from __future__ import annotations

import csv
import os

import numpy as np
import pytest

from vesselview.engine.params import Params
from vesselview.errors import InputError
from vesselview.gui.research.behaviour_view import EQUAL_CHANGE, default_severities
from vesselview.gui.research.metric_choice import MAIN_METRICS
from vesselview.io.provenance_formats import read_provenance
from vesselview.io.tables import write_table
from vesselview.research.behaviour import equal_change_behaviour, severity_behaviour
from vesselview.synth import equal_change_set, teaching_case

from .conftest import JOB_TIMEOUT_MS, RESEARCH_SHAPE

N_PIXELS = 100


@pytest.fixture(scope="module")
def engine_table():
    """The engine's equal-change table for the same set."""
    return equal_change_behaviour(N_PIXELS, RESEARCH_SHAPE, 0, Params(t=1))


def _run(view, qtbot):
    with qtbot.waitSignal(view.shown, timeout=JOB_TIMEOUT_MS):
        view.run()


def test_default_pixels_scale_with_the_image_area(view):
    assert view.pixels_box.value() == round(1500 * 160 * 150 / (584 * 565))
    assert not view.severities_edit.isEnabled()


def test_tau_row_equals_the_engine(view, qtbot, engine_table):
    view.set_params(Params(t=1))
    view.pixels_box.setValue(N_PIXELS)
    _run(view, qtbot)
    table = view.table
    names = engine_table.ranking.candidates
    assert table.row_names[:len(names)] == names
    assert table.metrics == MAIN_METRICS
    for metric in MAIN_METRICS:
        want = engine_table.agreement[metric]
        for statistic in ("kendall_tau_b", "spearman", "pearson", "mean_inconsistency",
                          "standard_inconsistency"):
            np.testing.assert_equal(table.value(statistic, metric), getattr(want, statistic))
        j = engine_table.ranking.metrics.index(metric)
        for i, name in enumerate(names):
            np.testing.assert_equal(table.value(name, metric), engine_table.ranking.scores[i, j])
            np.testing.assert_equal(table.rank(name, metric), engine_table.ranking.ranks[i, j])
    assert [table.item(i, 0).text() for i in range(len(names))] == ["1", "2", "3", "3", "3", "3"]
    assert "Kendall" in view.status.text()


def test_more_columns_without_recomputing(view, qtbot):
    view.pixels_box.setValue(N_PIXELS)
    _run(view, qtbot)
    behaviour = view.behaviour
    view.metric_set.setCurrentText("All metrics")
    assert view.behaviour is behaviour and not view.jobs.busy
    assert len(view.table.metrics) == len(behaviour.ranking.metrics)


def test_export_writes_the_engine_rows(view, qtbot, engine_table, tmp_path):
    view.set_params(Params(t=1))
    view.pixels_box.setValue(N_PIXELS)
    _run(view, qtbot)
    path = tmp_path / "behaviour.csv"
    view.export_csv(str(path))
    with open(tmp_path / "engine.csv", "w", newline="", encoding="utf-8") as stream:
        write_table(engine_table.to_rows(), stream, params=engine_table.params)
    assert path.read_text(encoding="utf-8") == (tmp_path / "engine.csv").read_text(
        encoding="utf-8")
    with open(path, newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert [row["case"] for row in rows][-5:][0] == "kendall_tau_b"
    record = read_provenance(str(path)).to_dict()  # the sidecar
    assert "Metric behaviour" in record["api_call"] and record["params"]["t"] == 1
    assert record["inputs"] == []  # synthetic cases


def test_a_severity_series(view, qtbot):
    view.choose_set("gap")
    assert view.severities_edit.isEnabled() and not view.pixels_box.isEnabled()
    assert view.severities_edit.text() == default_severities("gap") == "7.5, 15, 22.5, 30"
    view.severities_edit.setText("10, 30")
    _run(view, qtbot)
    engine = severity_behaviour("gap", [10.0, 30.0], RESEARCH_SHAPE, 0, Params())
    assert view.table.row_names[:2] == ("gap 10", "gap 30")
    for metric in MAIN_METRICS:
        np.testing.assert_equal(view.table.value("kendall_tau_b", metric),
                                engine.agreement[metric].kendall_tau_b)


def test_bad_severities_show_an_error_and_keep_the_table(view, qtbot):
    view.pixels_box.setValue(N_PIXELS)
    _run(view, qtbot)
    behaviour = view.behaviour
    view.choose_set("noise")
    view.severities_edit.setText("0.01, lots")
    view.buttons["Run"].click()
    assert "'lots' is not a finite number" in view.error.text()
    assert view.behaviour is behaviour


def test_out_of_range_severities_are_reported_from_the_engine(view, qtbot):
    view.choose_set("noise")
    view.severities_edit.setText("0.01, 0.5")
    with qtbot.waitSignal(view.jobs.failed, timeout=JOB_TIMEOUT_MS) as signal:
        view.run()
    assert "severity of 'noise' must be a number in [0, 0.05]" in signal.args[0]
    assert not view.error.isHidden()


def test_double_click_on_a_case_row_emits_that_case(view, qtbot):
    view.pixels_box.setValue(N_PIXELS)
    _run(view, qtbot)
    with qtbot.waitSignal(view.case_chosen, timeout=JOB_TIMEOUT_MS) as signal:
        view.show_case_of_row(2)
    expected = equal_change_set(N_PIXELS, RESEARCH_SHAPE, 0)["gap"]
    assert np.array_equal(signal.args[0].candidate, expected.candidate)
    view.show_case_of_row(len(view.table.row_names) - 1)  # a statistics row: nothing
    assert not view.jobs.busy


def test_double_click_in_a_severity_series(view, qtbot):
    view.choose_set("expansion")
    view.severities_edit.setText("1, 2")
    _run(view, qtbot)
    with qtbot.waitSignal(view.case_chosen, timeout=JOB_TIMEOUT_MS) as signal:
        view.show_case_of_row(1)
    want = teaching_case("expansion", 2.0, RESEARCH_SHAPE)
    assert np.array_equal(signal.args[0].candidate, want.candidate)


def test_nothing_to_export(view, tmp_path):
    view.export_csv(str(tmp_path / "none.csv"))
    assert "press Run first" in view.error.text()
    assert view.set_box.currentData() == EQUAL_CHANGE


def test_a_failed_export_keeps_the_previous_file_whole(view, qtbot, tmp_path, monkeypatch):
    view.pixels_box.setValue(N_PIXELS)
    _run(view, qtbot)
    path = tmp_path / "behaviour.csv"
    path.write_text("yesterday's table\n", encoding="utf-8")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(InputError, match=r"behaviour\.csv.*No space left"):
        view.export_csv(str(path))
    assert path.read_text(encoding="utf-8") == "yesterday's table\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["behaviour.csv"]
