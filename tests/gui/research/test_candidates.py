"""The candidates window: load N candidates, rank them, agree with an order or scores."""

from __future__ import annotations

import io
import os

import numpy as np
import pytest

from vesselview.app.candidate_set import metric_table
from vesselview.app.window_provenance import case_files
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.gui.research.candidates import CandidatesView
from vesselview.gui.research.metric_choice import MAIN_METRICS
from vesselview.io.loader import load_case
from vesselview.io.provenance_formats import read_provenance
from vesselview.io.tables import write_table
from vesselview.io.writers import write_png
from vesselview.research.ranking import rank_agreement, rank_candidates
from vesselview.synth import teaching_case

from .conftest import JOB_TIMEOUT_MS, RESEARCH_SHAPE

#: Candidate file stem -> (teaching case, severity); expected order 1, 2, 3, 3.
DEFORMATIONS = {"a_shift": ("shift", 2.0), "b_noise": ("noise", 0.02),
                "c_gap": ("gap", 20.0), "d_wide": ("expansion", 2.0)}
EXPECTED = "1, 2, 3, 3"


@pytest.fixture(scope="module")
def reference():
    """The clean teaching reference (severity 0 gives it back)."""
    return teaching_case("shift", 0.0, RESEARCH_SHAPE)


@pytest.fixture
def folder(tmp_path):
    """One PNG per deformation of the reference."""
    for stem, (name, severity) in DEFORMATIONS.items():
        write_png(tmp_path / f"{stem}.png", teaching_case(name, severity,
                                                         RESEARCH_SHAPE).candidate)
    return tmp_path


@pytest.fixture
def view(qtbot, scheduler, reference):
    widget = CandidatesView(scheduler)
    qtbot.addWidget(widget)
    widget.set_reference(reference)
    yield widget
    widget.shutdown()
    scheduler.shutdown()
    assert widget.jobs.stopped


@pytest.fixture
def loaded(view, qtbot, folder):
    with qtbot.waitSignal(view.ranked, timeout=JOB_TIMEOUT_MS):
        view.add_folder(str(folder))
    return view


def _engine_scores(reference, folder, params=None):
    """Metric -> per-candidate values, evaluated directly (default parameters if None)."""
    metrics = [evaluate(load_case(reference.reference, folder / f"{stem}.png",
                                  fov=reference.fov), params or Params()).metrics
               for stem in DEFORMATIONS]
    return {key: [m[key] for m in metrics] for key in metrics[0]}


def test_the_ranking_table_equals_rank_candidates(loaded, reference, folder):
    assert loaded.names == list(DEFORMATIONS)
    scores = _engine_scores(reference, folder)
    expected = rank_candidates(scores, list(DEFORMATIONS))
    np.testing.assert_array_equal(loaded.ranking.scores, expected.scores)
    np.testing.assert_array_equal(loaded.ranking.ranks, expected.ranks)
    for metric in MAIN_METRICS:
        j = expected.metrics.index(metric)
        for i, name in enumerate(DEFORMATIONS):
            np.testing.assert_equal(loaded.table.value(name, metric), expected.scores[i, j])
            np.testing.assert_equal(loaded.table.rank(name, metric), expected.ranks[i, j])
    assert loaded.table.rowCount() == 4  # no expected order yet: no statistics rows


def test_a_typed_order_adds_the_agreement_rows(loaded):
    loaded.set_expected_text(EXPECTED)
    want = rank_agreement(metric_table(loaded.candidates), [1, 2, 3, 3])
    for metric in MAIN_METRICS:
        np.testing.assert_equal(loaded.table.value("kendall_tau_b", metric),
                                want[metric].kendall_tau_b)
        np.testing.assert_equal(loaded.agreement[metric].mean_inconsistency,
                                want[metric].mean_inconsistency)
    assert loaded.table.horizontalHeaderItem(0).text() == "expected rank"
    assert "expected order" in loaded.status.text()


def test_human_scores_from_a_csv(loaded, tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text("candidate,score\na_shift,4.5\nb_noise,4\nc_gap,2\nd_wide,2.5\n",
                    encoding="utf-8")
    loaded.load_human_scores(str(path))
    assert loaded.expected_kind == "score"
    want = rank_agreement(metric_table(loaded.candidates), [4.5, 4, 2, 2.5],
                          expected_kind="score")
    for metric in MAIN_METRICS:
        np.testing.assert_equal(loaded.table.value("spearman", metric), want[metric].spearman)
    assert loaded.table.horizontalHeaderItem(0).text() == "human score"
    assert [loaded.table.item(i, 0).text() for i in range(4)] == ["4.5", "4", "2", "2.5"]


@pytest.mark.parametrize(("text", "message"), [
    ("who,score\na_shift,1\n", "missing candidate"),
    ("candidate,score\na_shift,high\n", "line 2: score 'high'"),
])
def test_a_bad_score_file_changes_nothing(loaded, tmp_path, text, message):
    loaded.set_expected_text(EXPECTED)
    agreement, candidates = loaded.agreement, loaded.candidates
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    loaded.load_human_scores(str(path))
    assert message in loaded.error.text() and str(path) in loaded.error.text()
    assert not loaded.error.isHidden()
    assert loaded.agreement is agreement and loaded.candidates is candidates
    assert loaded.expected_kind == "rank" and loaded.table.rowCount() == 4 + 5


def test_a_bad_typed_order_changes_nothing(loaded):
    loaded.set_expected_text("1, 2")
    assert "4 expected, got 2" in loaded.error.text()
    assert loaded.expected is None and loaded.table.rowCount() == 4


def test_a_bad_candidate_file_is_named_and_nothing_is_lost(loaded, qtbot, tmp_path):
    before = loaded.candidates
    good, bad = tmp_path / "e_more.png", tmp_path / "broken.png"
    write_png(good, teaching_case("shift", 5.0, RESEARCH_SHAPE).candidate)
    bad.write_text("not an image")
    with qtbot.waitSignal(loaded.jobs.failed, timeout=JOB_TIMEOUT_MS):
        loaded.add_files([str(good), str(bad)])
    assert str(bad) in loaded.error.text()
    assert loaded.candidates is before and loaded.table.rowCount() == 4


def test_a_candidate_of_another_size_is_refused(view, qtbot, tmp_path):
    small = tmp_path / "small.png"
    write_png(small, np.zeros((10, 10), bool))
    with qtbot.waitSignal(view.jobs.failed, timeout=JOB_TIMEOUT_MS) as signal:
        view.add_files([str(small)])
    assert "small.png" in signal.args[0]
    assert view.candidates == []


def test_adding_files_appends_and_skips_repeats(loaded, qtbot, folder, reference):
    extra = folder / "e_shift_more.png"
    write_png(extra, teaching_case("shift", 5.0, RESEARCH_SHAPE).candidate)
    with qtbot.waitSignal(loaded.cases_changed, timeout=JOB_TIMEOUT_MS) as signal:
        loaded.add_files([str(folder / "a_shift.png"), str(extra), str(extra)])
    assert loaded.names == [*DEFORMATIONS, "e_shift_more"]
    assert list(signal.args[0]) == loaded.names
    assert signal.args[0]["e_shift_more"].reference is reference.reference  # shared, not re-read


def test_the_folder_skips_the_references_own_files(view, qtbot, folder, reference):
    write_png(folder / "reference.png", reference.reference)
    write_png(folder / "fov.png", reference.fov)
    from_files = load_case(folder / "reference.png", folder / "a_shift.png",
                           fov=folder / "fov.png")
    view.set_reference(from_files)
    assert str(folder / "reference.png") in view.reference_label.text()
    with qtbot.waitSignal(view.ranked, timeout=JOB_TIMEOUT_MS):
        view.add_folder(str(folder))
    assert view.names == list(DEFORMATIONS)


def test_exports_equal_the_engine_writers(loaded, tmp_path):
    loaded.set_expected_text(EXPECTED)
    loaded.export_ranking(str(tmp_path / "ranking.csv"))
    loaded.export_agreement(str(tmp_path / "agreement.csv"))
    ranking, agreement = io.StringIO(), io.StringIO()
    write_table(loaded.ranking.to_rows(), ranking, params=Params())
    write_table(loaded.agreement.to_rows(), agreement, params=Params())
    assert (tmp_path / "ranking.csv").read_text(encoding="utf-8") == ranking.getvalue()
    assert (tmp_path / "agreement.csv").read_text(encoding="utf-8") == agreement.getvalue()
    assert agreement.getvalue().startswith("metric,n,kendall_tau_b,spearman,pearson,")
    files = {os.path.abspath(path) for candidate in loaded.candidates
             for path in case_files(candidate.case)}
    for name in ("ranking.csv", "agreement.csv"):
        record = read_provenance(str(tmp_path / name)).to_dict()  # the sidecar
        assert record["api_call"].startswith("vesselview window: Research > Candidates")
        assert {entry["absolute"] for entry in record["inputs"]} == files


def test_nothing_to_export(view, tmp_path):
    view.export_agreement(str(tmp_path / "none.csv"))
    assert "Nothing to export" in view.error.text()
    assert not (tmp_path / "none.csv").exists()


def test_reevaluate_with_new_parameters(loaded, qtbot, reference, folder):
    loaded.set_params(Params(t=0))
    assert "Re-evaluate" in loaded.status.text()
    with qtbot.waitSignal(loaded.ranked, timeout=JOB_TIMEOUT_MS):
        loaded.reevaluate()
    scores = _engine_scores(reference, folder, Params(t=0))
    assert [c.metrics["f1_t"] for c in loaded.candidates] == scores["f1_t"]
    assert all(c.params == Params(t=0) for c in loaded.candidates)


def test_double_click_shows_the_candidate(loaded, qtbot):
    with qtbot.waitSignal(loaded.case_chosen, timeout=JOB_TIMEOUT_MS) as signal:
        loaded.table.cellDoubleClicked.emit(2, 1)
    assert signal.args[0] is loaded.candidates[2].case
    assert signal.args[0].sources["candidate"].endswith("c_gap.png")


def test_reevaluating_nothing_says_so(view):
    view.reevaluate()
    assert "Load candidates first" in view.error.text() and not view.jobs.busy


def test_without_a_reference_nothing_loads(qtbot, scheduler, folder):
    widget = CandidatesView(scheduler)
    qtbot.addWidget(widget)
    widget.add_folder(str(folder))
    assert "reference" in widget.error.text() and not widget.jobs.busy
    widget.shutdown()


def test_clear_forgets_everything(loaded):
    loaded.set_expected_text(EXPECTED)
    loaded.clear()
    assert loaded.candidates == [] and loaded.expected is None and loaded.agreement is None
    assert loaded.table.rowCount() == 0


def test_a_second_observers_tracing_is_a_baseline_not_ranked(loaded, qtbot, tmp_path,
                                                              reference):
    human = tmp_path / "2nd_manual" / "01_manual2.png"
    human.parent.mkdir()
    write_png(human, reference.reference)  # agrees perfectly: it would rank first
    with qtbot.waitSignal(loaded.ranked, timeout=JOB_TIMEOUT_MS):
        loaded.add_files([str(human)])
    assert loaded.baselines == ["01_manual2"]
    np.testing.assert_array_equal(loaded.ranking.ranks[:4],
                                  rank_candidates(metric_table(loaded.candidates[:4]),
                                                  list(DEFORMATIONS)).ranks)
    assert np.isnan(loaded.table.rank("01_manual2", "dice"))
    assert loaded.table.value("01_manual2", "dice") == 1.0
    header = loaded.table.verticalHeaderItem(4).text()
    assert header == "01_manual2 (human baseline)"
