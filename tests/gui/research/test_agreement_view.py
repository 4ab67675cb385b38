"""The agreement-with-graders window: computes in the background what the CLI reports,
shows it sortable with the inter-grader agreement and the sweep plot, cancels, exports."""

from __future__ import annotations

import hashlib
import io
import json
import math
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.app.grader_inputs import GRADERS, write_agreement_inputs
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.errors import InputError
from vesselview.gui.research.agreement_plot import statistic_curve
from vesselview.gui.research.agreement_table import COLUMNS
from vesselview.gui.research.agreement_view import AgreementView
from vesselview.io.dataset import open_dataset
from vesselview.io.grades import read_grades
from vesselview.io.provenance_formats import read_provenance
from vesselview.research.grading_agreement import inter_grader, mean_scores, metric_agreement

from .conftest import JOB_TIMEOUT_MS


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    return write_agreement_inputs(tmp_path_factory.mktemp("agreement_view"))


@pytest.fixture
def view(qtbot, scheduler, inputs):
    dataset, predictions, grades = inputs
    widget = AgreementView(scheduler)
    qtbot.addWidget(widget)
    widget.inputs.dataset.setText(str(dataset))
    widget.inputs.set_methods({m: str(folder) for m, folder in predictions.items()})
    widget.inputs.grades.setText(str(grades))
    yield widget
    widget.cancel()
    scheduler.wait_idle()


def _expected(inputs):
    """The agreement computed straight from the engine and `grading_agreement`."""
    dataset, predictions, grades = inputs
    values = {(case.id, m): Evaluator(case.load(m)).evaluate(Params()).metrics
              for case in open_dataset(dataset, predictions).cases for m in predictions}
    metrics = [key for key in METRIC_KEYS if key in next(iter(values.values()))]
    scores = read_grades(str(grades))
    return metric_agreement(values, mean_scores(scores), metrics), inter_grader(scores)


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b, abs=1e-12)


def _compute(qtbot, view) -> None:
    with qtbot.waitSignal(view.computed, timeout=JOB_TIMEOUT_MS):
        view.compute()


def test_the_table_shows_the_agreement_and_sorts(qtbot, view, inputs) -> None:
    _compute(qtbot, view)
    expected, inter = _expected(inputs)
    table = view.table
    assert table.metric_order() == [row.metric for row in expected.rows]  # unsorted at first
    for statistic in COLUMNS:
        shown = dict(zip(table.metric_order(), table.column_values(statistic), strict=True))
        for row in expected.rows:
            assert _same(shown[row.metric], float(getattr(row, statistic))), (row.metric,
                                                                              statistic)
    text = view.inter_label.text()
    assert all(grader in text for grader in GRADERS)
    assert f"ICC(2,1) {inter.icc_2_1:.3f}" in text and f"Kendall's W {inter.kendall_w:.3f}" in text
    table.sortByColumn(1 + COLUMNS.index("kendall_tau_b"), Qt.SortOrder.DescendingOrder)
    taus = np.array(table.column_values("kendall_tau_b"))
    finite = taus[~np.isnan(taus)]
    assert np.all(np.diff(finite) <= 0) and finite.size > 0
    assert not view.plot_box.isVisibleTo(view)  # no sweep, no plot


def test_a_sweep_plots_tau_b_and_marks_the_calibrated_value(qtbot, view) -> None:
    view.inputs.sweep.setText("t=0:3")
    _compute(qtbot, view)
    report = view.report
    assert view.plot_box.isVisibleTo(view) and view.at_row.isVisibleTo(view)
    metric = view.metric_box.currentData()
    calibrated = {c.metric: c for c in report.calibrated}
    assert metric in calibrated
    curves = [item.getData() for item in view.plot.listDataItems()]
    tau = statistic_curve(report, metric, "kendall_tau_b")
    assert np.array_equal(curves[0][0], [0, 1, 2, 3])
    assert np.allclose(curves[0][1], tau, equal_nan=True)
    assert curves[-1][0][0] == calibrated[metric].value  # the ringed point
    assert curves[-1][1][0] == pytest.approx(np.nanmax(tau))
    view.at.setCurrentIndex(2)  # t = 1
    shown = dict(zip(view.table.metric_order(), view.table.column_values("kendall_tau_b"),
                     strict=True))
    assert _same(shown[metric], report.per_value[1][1][metric].kendall_tau_b)


def test_cancel_keeps_the_shown_report(qtbot, view, scheduler) -> None:
    _compute(qtbot, view)
    shown = view.report
    view.inputs.sweep.setText("t=0:5")
    with qtbot.waitSignal(view.jobs.progress, timeout=JOB_TIMEOUT_MS):
        view.compute()
    with qtbot.waitSignal(view.jobs.busy_changed, timeout=JOB_TIMEOUT_MS) as busy:
        view.cancel()
    assert busy.args == [False]
    computed: list[object] = []
    view.computed.connect(computed.append)
    assert scheduler.wait_idle(JOB_TIMEOUT_MS / 1000)
    QApplication.processEvents()
    assert computed == [] and view.report is shown and not view.jobs.busy


def test_exports_write_the_cli_formats(qtbot, view, inputs, tmp_path) -> None:
    with pytest.raises(ValueError, match="Compute"):
        view.export(str(tmp_path / "early.csv"), "csv")
    _compute(qtbot, view)
    grades_digest = hashlib.sha256(Path(inputs[2]).read_bytes()).hexdigest()
    for output_format in ("csv", "json"):
        path = tmp_path / f"agreement.{output_format}"
        view.export(str(path), output_format)
        stream = io.StringIO()
        view.report.write(stream, output_format)
        written = path.read_text(encoding="utf-8")
        if output_format == "json":
            document = json.loads(written)
            assert document.pop("provenance")["format"] == "json"
            assert document == json.loads(stream.getvalue())
        else:  # the CSV is the CLI's, its provenance in the sidecar
            assert written == stream.getvalue()
    view.show()
    view.export_png(str(tmp_path / "agreement.png"))
    assert (tmp_path / "agreement.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for output in ("agreement.csv", "agreement.json", "agreement.png"):
        record = read_provenance(str(tmp_path / output)).to_dict()
        assert record["api_call"].startswith("vesselview window: Research > Agreement")
        assert grades_digest in [entry["sha256"] for entry in record["inputs"]]
        assert len(record["inputs"]) > 1  # the dataset's files too
    with pytest.raises(InputError, match="input file"):
        view.export(str(inputs[2]), "csv")  # never overwrite the grades


def test_bad_inputs_are_shown_not_raised(qtbot, view) -> None:
    view.inputs.grades.setText("")
    view.compute()
    assert "grades" in view.error.text() and not view.jobs.busy
    view.inputs.grades.setText("missing.csv")
    with qtbot.waitSignal(view.jobs.failed, timeout=JOB_TIMEOUT_MS):
        view.compute()
    assert "missing.csv" in view.error.text()


def test_a_failed_run_clears_the_previous_report(qtbot, view, tmp_path) -> None:
    _compute(qtbot, view)
    assert view.table.rowCount() > 0
    bad = tmp_path / "grades.csv"
    bad.write_text("id,method\n")
    view.inputs.grades.setText(str(bad))
    with qtbot.waitSignal(view.jobs.failed, timeout=JOB_TIMEOUT_MS):
        view.compute()
    assert str(bad) in view.error.text()
    assert view.table.rowCount() == 0 and view.report is None
    assert "compute first" in view.inter_label.text()
    with pytest.raises(ValueError, match="Compute"):  # nothing old to export either
        view.export(str(tmp_path / "old.csv"), "csv")


def test_bad_inputs_clear_the_previous_report_too(qtbot, view) -> None:
    _compute(qtbot, view)
    view.inputs.grades.setText("")
    view.compute()
    assert view.table.rowCount() == 0 and view.report is None


def test_the_research_menu_opens_the_window(qtbot, window) -> None:
    menu = window.research.research_menu
    action = next(a for a in menu.actions() if a.text().replace("&", "") ==
                  "Agreement with graders...")
    action.trigger()
    assert window.research.agreement.isVisible()


def test_the_inspectors_dataset_fills_the_inputs(qtbot, window, inputs) -> None:
    dataset, predictions, grades = inputs
    assert window.dataset_browser.browser.open(str(dataset), predictions)
    menu = window.research.research_menu
    next(a for a in menu.actions()
         if a.text().replace("&", "") == "Agreement with graders...").trigger()
    fields = window.research.agreement.inputs
    assert fields.dataset.text() == str(open_dataset(dataset, predictions).root)
    assert fields.grades.text() == ""  # the grades stay the user's choice
    fields.grades.setText(str(grades))
    assert fields.request(Params()).predictions == {m: str(f) for m, f in predictions.items()}
    window.dataset_browser.browser.cancel()
