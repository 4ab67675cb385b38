"""No hidden state: a parameter that does not act on a case changes none of its numbers,
and every export, session and record names the parameters that produced its numbers.

The scenario of issue 19: the probability threshold set on a soft map (0.02) must not
threshold a binary JPEG result opened afterwards (file by file, or from a dataset), whose
numbers must be the CLI's.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.jpeg_results import (
    LOW_THRESHOLD,
    assert_threshold_would_matter,
    cli_records,
    write_jpeg_case,
    write_jpeg_drive,
)
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.inspector import Inspector
from vesselview.app.param_labels import changed_from_default, default_text
from vesselview.app.scheduler import Scheduler
from vesselview.app.session import load_session
from vesselview.engine.case import Case
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.param_scope import applied_params, applies, kept_params
from vesselview.engine.params import DEFAULT_THRESHOLD, PARAM_SPECS, Params
from vesselview.engine.pipeline import evaluate
from vesselview.errors import ParamsError
from vesselview.io.strict_json import encode_number
from vesselview.synth import demo_case

#: A few metrics of every kind, for the quick property tests.
SOME_METRICS = ("dice", "precision", "hd95", "f1_t", "cal")


@pytest.fixture
def model(settings):
    return Inspector(Scheduler(synchronous=True), settings)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("jpeg-case")
    paths = write_jpeg_case(folder)
    assert_threshold_would_matter(paths["reference"], paths["jpeg"])
    return paths


@pytest.fixture(scope="module")
def cli_jpeg_record(files, tmp_path_factory):
    """The CLI's record of the JPEG result (default parameters: JPEG read at 0.5)."""
    output = tmp_path_factory.mktemp("cli") / "jpeg.json"
    [record] = cli_records(output, "--reference", str(files["reference"]),
                           "--candidate", str(files["jpeg"]), "--fov", str(files["fov"]))
    return record


def soft_then_jpeg(model: Inspector, files: dict) -> None:
    """The user's steps: open the soft map, set its threshold to 0.02, open the JPEG."""
    assert model.open_files([("reference", str(files["reference"])),
                             ("fov", str(files["fov"])), ("candidate", str(files["soft"]))])
    model.set_param("threshold", LOW_THRESHOLD)
    assert model.response.result.params.threshold == LOW_THRESHOLD  # it acts on the map
    assert model.open_file("candidate", str(files["jpeg"]))


def assert_metrics_are_the_records(metrics, record) -> None:
    """Every metric equals the record's exactly (as the CLI encodes it)."""
    assert {key: encode_number(metrics[key]) for key in METRIC_KEYS} == record["metrics"]


# -- the rule --------------------------------------------------------------------------------

def test_only_the_threshold_depends_on_the_candidate():
    binary, soft = demo_case((40, 42), seed=2), demo_case((40, 42), seed=2, soft=True)
    assert [key for key in PARAM_SPECS if not applies(key, binary)] == ["threshold"]
    assert all(applies(key, soft) for key in PARAM_SPECS)
    with pytest.raises(ParamsError, match="unknown parameter 'tau'"):
        applies("tau", soft)


def test_applied_threshold_is_the_one_that_cut_the_candidate():
    binary = demo_case((40, 42), seed=2)
    soft = Case(binary.reference, binary.candidate, binary.fov,
                candidate_soft=demo_case((40, 42), seed=2, soft=True).candidate_soft,
                threshold=0.4)
    assert applied_params(Params(threshold=0.02), binary).threshold == binary.threshold
    assert applied_params(Params(), binary).threshold == binary.threshold
    assert applied_params(Params(threshold=0.02), soft).threshold == 0.02
    assert applied_params(Params(t=5), soft) == Params(t=5, threshold=0.4)


@settings(max_examples=8, deadline=None)
@given(threshold=st.one_of(st.none(), st.floats(0.0, 1.0)),
       case_threshold=st.sampled_from([0.3, DEFAULT_THRESHOLD]))
def test_a_threshold_never_acts_on_a_binary_candidate(threshold, case_threshold):
    base = demo_case((48, 44), seed=4)
    case = Case(base.reference, base.candidate, base.fov, threshold=case_threshold)
    result = evaluate(case, Params(threshold=threshold), metrics=SOME_METRICS)
    unset = evaluate(case, Params(), metrics=SOME_METRICS)
    assert result.metrics == unset.metrics
    assert result.params == unset.params == Params(threshold=case_threshold)


def test_sessions_keep_only_what_acts_on_the_shown_case():
    binary, soft = demo_case((40, 42), seed=2), demo_case((40, 42), seed=2, soft=True)
    params = Params(t=4, threshold=0.02)
    assert kept_params(params, binary) == Params(t=4)
    assert kept_params(params, soft) == params
    assert kept_params(params, None) == params


# -- the window's model: the scenario, its export and its session ----------------------------

def test_a_jpeg_after_a_soft_threshold_gets_the_clis_numbers(model, files, cli_jpeg_record):
    soft_then_jpeg(model, files)
    result = model.response.result
    assert_metrics_are_the_records(result.metrics, cli_jpeg_record)
    assert result.params.to_dict() == cli_jpeg_record["params"]
    assert result.params.threshold == DEFAULT_THRESHOLD  # what read the JPEG, not 0.02
    assert model.params.threshold == LOW_THRESHOLD  # kept for the next probability map


@pytest.mark.parametrize("suffix", [".json", ".csv"])
def test_the_export_records_the_parameters_that_produced_it(model, files, cli_jpeg_record,
                                                           tmp_path, suffix):
    soft_then_jpeg(model, files)
    path = tmp_path / f"metrics{suffix}"
    model.export_metrics(str(path))
    cli_csv = tmp_path / "cli.csv"
    if suffix == ".json":
        [record] = json.loads(path.read_text())["results"]
        assert record["params"] == cli_jpeg_record["params"]
        assert record["metrics"] == cli_jpeg_record["metrics"]
        return
    from vesselview.cli.main import main as cli_main
    assert cli_main(["--reference", str(files["reference"]), "--candidate", str(files["jpeg"]),
                     "--fov", str(files["fov"]), "--format", "csv", "--workers", "1",
                     "--output", str(cli_csv)]) == 0
    exported = path.read_text().splitlines()
    assert exported == cli_csv.read_text().splitlines()
    assert f",{DEFAULT_THRESHOLD}," in exported[1] and f",{LOW_THRESHOLD}," not in exported[1]


def test_a_session_reopens_with_the_same_numbers(model, files, tmp_path):
    soft_then_jpeg(model, files)
    shown = model.response.result
    path = tmp_path / "jpeg.vvsession.json"
    model.save_session(str(path))
    assert load_session(path).params == Params()  # 0.02 did nothing to the JPEG
    other = Inspector(Scheduler(synchronous=True))
    assert other.load_session(str(path))
    assert other.response.result.metrics == shown.metrics
    assert other.response.result.params == shown.params


def test_a_soft_maps_session_keeps_its_threshold(model, files, tmp_path):
    assert model.open_files([("reference", str(files["reference"])),
                             ("candidate", str(files["soft"]))])
    model.set_param("threshold", 0.3)
    path = tmp_path / "soft.vvsession.json"
    model.save_session(str(path))
    assert load_session(path).params == Params(threshold=0.3)


# -- datasets of JPEG results ----------------------------------------------------------------

@pytest.fixture(scope="module")
def jpeg_drive(tmp_path_factory):
    return write_jpeg_drive(tmp_path_factory.mktemp("jpeg-drive"))


@pytest.fixture(scope="module")
def cli_dataset_records(jpeg_drive, tmp_path_factory):
    root, predictions = jpeg_drive
    output = tmp_path_factory.mktemp("cli") / "drive.json"
    records = cli_records(output, "--dataset", str(root), "--predictions",
                          f"jpeg={predictions['jpeg']}")
    return {record["id"]: record for record in records}


def test_a_dataset_case_ignores_a_soft_maps_threshold(model, jpeg_drive, cli_dataset_records):
    model.set_param("threshold", LOW_THRESHOLD)
    root, predictions = jpeg_drive
    assert model.open_dataset(str(root), {"jpeg": str(predictions["jpeg"])})
    for _ in range(2):
        record = cli_dataset_records[model.dataset.case.id]
        assert_metrics_are_the_records(model.response.result.metrics, record)
        assert model.response.result.params.to_dict() == record["params"]
        model.step_case(1)


def test_the_case_browser_ignores_it_too(model, jpeg_drive, cli_dataset_records):
    model.set_param("threshold", LOW_THRESHOLD)
    browser = DatasetBrowser(model, metrics=SOME_METRICS)
    root, predictions = jpeg_drive
    assert browser.open(root, {"jpeg": predictions["jpeg"]})
    for case_id, record in cli_dataset_records.items():
        for metric in SOME_METRICS:
            value = browser.table.value(case_id, "jpeg", metric)
            assert encode_number(value) == record["metrics"][metric], (case_id, metric)


# -- which parameters the window marks -------------------------------------------------------

def test_changed_parameters_are_those_off_their_defaults():
    assert changed_from_default(Params()) == frozenset()
    assert changed_from_default(Params(t=3, cal_fov=True, distance="cityblock")) == {
        "t", "cal_fov", "distance"}
    # the window reads every case at 0.5: setting 0.5 changes nothing
    assert changed_from_default(Params(threshold=DEFAULT_THRESHOLD)) == frozenset()
    assert changed_from_default(Params(threshold=0.3)) == {"threshold"}


def test_defaults_are_shown_as_the_panel_shows_values():
    assert [default_text(key) for key in ("t", "ss_alpha", "distance_fov", "distance")] == [
        "2", "0.2", "no", "euclidean"]
    assert default_text("threshold") == "the case's threshold, 0.5 when it has none"
    assert math.isclose(float(default_text("fom_k")), Params().fom_k, rel_tol=1e-5)


def test_the_soft_map_itself_still_follows_the_threshold(model, files):
    assert model.open_files([("reference", str(files["reference"])),
                             ("candidate", str(files["soft"]))])
    model.set_param("threshold", 0.3)
    soft = model.case.candidate_soft
    assert soft is not None
    expected = evaluate(Case(model.case.reference, soft > 0.3, model.case.fov),
                        metrics=SOME_METRICS)
    assert {key: model.response.result.metrics[key] for key in SOME_METRICS} == dict(
        expected.metrics)
    assert np.array_equal(model.case.candidate_at(0.3), soft > 0.3)
