"""The application model without Qt: actions, one source of truth, events, sessions."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from tests.io import dataset_files
from tests.mask_files import save_mask, vessel_mask
from vesselview.app.files import CaseFiles
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.app.session import Session, save_session
from vesselview.app.style import FUNDUS
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.lengths import fov_diameter_px
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.research.sweep import sweep


@pytest.fixture
def model(settings):
    """A model whose evaluations run at once (synchronous scheduler)."""
    return Inspector(Scheduler(synchronous=True), settings)


class Recorder:
    """Every event of a model, in order, as (name, argument)."""

    def __init__(self, model: Inspector) -> None:
        self.events: list[tuple[str, object]] = []
        for name in ("case_changed", "params_changed", "result_changed", "error", "warning",
                     "status", "chosen_changed", "view_requested"):
            getattr(model, name).connect(lambda *args, n=name: self.events.append((n, *args)))

    def names(self) -> list[str]:
        return [event[0] for event in self.events]


def test_app_imports_no_qt():
    code = ("import sys, vesselview.app.inspector, vesselview.app.scheduler; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('PySide6', 'shiboken6', 'pyqtgraph', 'superqt')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_show_case_evaluates_with_the_models_params(model, small_case):
    recorder = Recorder(model)
    model.set_params(Params(t=3))
    model.show_case(small_case)
    assert recorder.names() == ["params_changed", "case_changed", "result_changed"]
    result = model.response.result
    direct = Evaluator(small_case).evaluate(Params(t=3))
    assert result.params == Params(t=3).with_case_threshold(small_case.threshold)
    assert all(result.metrics[key] == direct.metrics[key] or
               (np.isnan(result.metrics[key]) and np.isnan(direct.metrics[key]))
               for key in METRIC_KEYS)
    # the engine's layers, and the probability map of the soft candidate (app-made)
    assert model.layers.names[0] == FUNDUS
    assert set(model.layers.names[1:]) == set(result.layers) | {"probability"}


def test_set_param_is_the_one_source_of_truth(model, small_case):
    model.show_case(small_case)
    model.set_param("ss_min_length", 40)
    assert model.params.ss_min_length == 40 and model.params.ss_max_length == 40
    assert model.response.result.params == model.params.with_case_threshold(
        small_case.threshold)
    model.reset_params()
    assert model.params == Params()
    assert model.response.result.params == Params().with_case_threshold(small_case.threshold)


def test_evaluate_later_is_how_edits_ask_for_work(model, small_case):
    asked = []
    model.evaluate_later = lambda: asked.append(model.params)
    model.show_case(small_case)
    model.set_param("t", 5)
    assert asked == [Params(t=5)] and model.response.result.params.t == Params().t


def test_live_and_research_share_the_evaluator_of_the_shown_case(model, small_case):
    model.show_case(small_case)
    evaluator = model.evaluators.get(small_case)
    sweep({"shown": evaluator}, "t", [1, 3, 5])
    skeleton_runs = {name: runs for name, runs in evaluator.stage_runs.items()
                     if "skeleton" in name}
    assert skeleton_runs and all(runs == 1 for runs in skeleton_runs.values())


def test_files_open_one_role_at_a_time(model, tmp_path):
    reference = save_mask(tmp_path / "ref.png", vessel_mask(0))
    candidate = save_mask(tmp_path / "pred.png", vessel_mask(1))
    recorder = Recorder(model)
    assert not model.open_file("reference", str(reference))
    assert recorder.names() == ["chosen_changed", "status"]
    assert "candidate" in recorder.events[-1][1]
    assert model.open_file("candidate", str(candidate))
    assert model.shown.files == CaseFiles(reference=str(reference), candidate=str(candidate))
    assert model.recent.entries() == [("candidate", str(candidate))]


def test_a_case_of_another_size_replaces_the_open_one_file_by_file(model, tmp_path):
    small, large = vessel_mask(0), np.zeros((30, 40), bool)
    large[5:25, 10] = True
    model.open_files([("reference", str(save_mask(tmp_path / "r.png", small))),
                      ("candidate", str(save_mask(tmp_path / "c.png", vessel_mask(1))))])
    assert model.case.shape == (16, 20)
    recorder = Recorder(model)
    new_reference = str(save_mask(tmp_path / "big_ref.png", large))
    assert not model.open_file("reference", new_reference)
    warnings = [text for name, text in recorder.events if name == "warning"]
    assert warnings == ["big_ref.png (40x30 px) is not the size of the open case (20x16 px), "
                        "so it starts a new case. Open its candidate to see it; until then "
                        "the old case stays on screen."]
    assert ("status", "Now open a candidate to evaluate.") in recorder.events
    assert model.chosen_files == CaseFiles(reference=new_reference)
    assert model.case.shape == (16, 20)  # the old case stays on screen meanwhile
    assert model.open_file("candidate", str(save_mask(tmp_path / "big_pred.png", large)))
    assert model.case.shape == (30, 40)
    assert model.shown.files == CaseFiles(reference=new_reference,
                                          candidate=str(tmp_path / "big_pred.png"))


def test_files_of_the_same_size_join_the_open_case(model, tmp_path):
    model.open_files([("reference", str(save_mask(tmp_path / "r.png", vessel_mask(0)))),
                      ("candidate", str(save_mask(tmp_path / "c.png", vessel_mask(1))))])
    recorder = Recorder(model)
    assert model.open_file("candidate", str(save_mask(tmp_path / "c2.png", vessel_mask(2))))
    assert not any("new case" in str(event) for event in recorder.events)
    assert model.shown.files.reference == str(tmp_path / "r.png")


def test_a_bad_file_is_named_and_the_case_stays(model, small_case, tmp_path):
    model.show_case(small_case)
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not a png")
    recorder = Recorder(model)
    assert not model.open_files([("reference", str(broken)), ("candidate", str(broken))])
    assert recorder.names() == ["error"] and "broken.png" in recorder.events[0][1]
    assert model.case is small_case


def test_drop_asks_only_for_unknown_names(model):
    asked = []
    assert not model.drop_paths(["/x/01.png"], ask_role=lambda path: asked.append(path))
    assert asked == ["/x/01.png"] and model.shown is None


def test_session_round_trip_with_styles_order_and_view(model, tmp_path, small_case):
    model.show_case(small_case)
    model.set_params(Params(t=4))
    model.layers.toggle("tolerant")
    model.layers.move("confusion", 0)
    path = tmp_path / "s.vvsession.json"
    model.save_session(str(path), (1.0, 2.0, 30.0, 40.0))
    saved = json.loads(path.read_text())
    assert next(iter(saved["layers"])) == "confusion"
    other = Inspector(Scheduler(synchronous=True))
    recorder = Recorder(other)
    assert other.load_session(str(path))  # no files: the demo case
    assert other.params == Params(t=4)
    assert other.response.result.params.t == 4
    assert other.layers["tolerant"].visible and other.layers.names[0] == "confusion"
    assert ("view_requested", (1.0, 2.0, 30.0, 40.0)) in recorder.events


def test_a_bad_session_changes_nothing(model, small_case, tmp_path):
    model.show_case(small_case)
    path = tmp_path / "bad.json"
    path.write_text("{}")
    recorder = Recorder(model)
    assert not model.load_session(str(path))
    assert recorder.names() == ["error"] and "bad.json" in recorder.events[0][1]
    assert model.case is small_case and model.params == Params()


def test_teaching_case_loads_through_the_scheduler(model):
    model.teaching_shape = (120, 116)
    model.load_teaching("shift", 2.0)
    assert model.case.sources["candidate"].startswith("synthetic:shift")
    assert model.shown.files == CaseFiles() and model.response is not None


def test_export_without_result_says_so(model, tmp_path):
    errors = []
    model.error.connect(errors.append)
    model.export_metrics(str(tmp_path / "m.csv"))
    assert errors == ["No result to export yet."]


def test_export_writes_the_cli_format(model, small_case, tmp_path):
    model.show_case(small_case)
    model.export_metrics(str(tmp_path / "m.json"))
    text = (tmp_path / "m.json").read_text()
    assert json.loads(text) and f"{model.response.result.metrics['dice']:.6f}"[:6] in text


def test_a_dataset_is_stepped_through_by_case(model, tmp_path):
    root = dataset_files.write_drive(tmp_path / "DRIVE", test_ids=(1, 2, 3), training_ids=())
    (tmp_path / "unet").mkdir()
    for case in (1, 2, 3):
        Image.fromarray(dataset_files.vessels(case).astype(np.uint8) * 255).save(
            tmp_path / "unet" / f"{case:02d}_test.png")
    positions = []
    model.dataset_changed.connect(positions.append)
    assert model.open_dataset(str(root), {"unet": str(tmp_path / "unet")}, method="unet")
    assert model.dataset.case.id == "01"
    assert model.case.sources["candidate"].endswith("01_test.png")
    for _ in range(3):  # the third step is past the end: it stays on the last case
        model.step_case(1)
    assert [p.case.id for p in positions] == ["01", "02", "03"]
    np.testing.assert_array_equal(model.case.candidate, dataset_files.vessels(3))
    assert "3 of 3" in model.dataset.describe() and model.response is not None


def test_a_dataset_without_candidates_says_what_to_give(model, tmp_path):
    root = dataset_files.write_drive(tmp_path / "DRIVE", test_ids=(), training_ids=(21,))
    errors = []
    model.error.connect(errors.append)
    assert not model.open_dataset(str(root))
    assert errors and "method's results" in errors[0] and model.dataset is None


def test_a_session_in_percent_fov_shows_pixels_and_says_so(model, tmp_path):
    path = tmp_path / "fov.json"
    save_session(Session(CaseFiles(), Params(t="1%fov"), {}), path)
    recorder = Recorder(model)
    assert model.load_session(str(path))  # no files: the demo case, no spacing
    pixels = fov_diameter_px(model.case.fov) / 100
    assert model.params.t == pytest.approx(pixels) and model.response.result.params.t == pixels
    notes = [message for name, message in recorder.events if name == "warning"]
    assert any(f"t = 1%fov is {pixels:g} px" in note for note in notes)


def test_a_session_in_micrometres_without_a_spacing_changes_nothing(model, small_case,
                                                                     tmp_path):
    model.show_case(small_case)
    path = tmp_path / "um.json"
    save_session(Session(CaseFiles(), Params(t="30um"), {}), path)
    recorder = Recorder(model)
    assert not model.load_session(str(path))
    assert recorder.names() == ["error"]
    assert "um.json" in recorder.events[0][1] and "needs the pixel spacing" in recorder.events[0][1]
    assert model.case is small_case and model.params == Params()
