"""The grading store: round trip, crash safety, blinded order, export, bad files (no Qt)."""

from __future__ import annotations

import csv
import json
import os

import numpy as np
import pytest
from PIL import Image

from vesselview.app.grading import GradingSaveError, GradingSession
from vesselview.errors import InputError
from vesselview.io.grades import read_grades
from vesselview.io.grading_files import SCALE_1_5, ItemKey, read_grading
from vesselview.io.mask_runs import MaskRuns

ITEMS = [ItemKey(f"{case:02d}", method) for case in range(1, 7) for method in ("unet", "otsu")]
SHAPE = (12, 10)


def _disc(centre: tuple[int, int], radius: int) -> np.ndarray:
    rows, cols = np.indices(SHAPE)
    return (rows - centre[0]) ** 2 + (cols - centre[1]) ** 2 <= radius ** 2


@pytest.fixture
def path(tmp_path):
    return tmp_path / "alice.json"


def _session(path, **options) -> GradingSession:
    return GradingSession(path, ITEMS, grader="alice", **options)


def test_mask_runs_round_trip_and_layout():
    mask = np.array([[0, 1, 1], [0, 0, 1]], bool)
    runs = MaskRuns.encode(mask)
    assert runs.counts == (1, 2, 2, 1)
    assert MaskRuns.encode(~mask).counts == (0, 1, 2, 2, 1)
    rng = np.random.default_rng(0)
    for _ in range(20):
        random = rng.random((7, 9)) < rng.random()
        assert np.array_equal(MaskRuns.encode(random).decode(), random)


def test_score_notes_and_marks_survive_reopening(path):
    session = _session(path)
    item, other = ITEMS[0], ITEMS[3]
    session.set_score(item, 7)
    session.set_notes(item, "misses the thin vessels, nasal side; «ok» otherwise")
    session.set_mark(item, "missed_vessel", _disc((3, 3), 2))
    session.set_mark(item, "ignore", _disc((8, 6), 3))
    session.set_score(other, 0)
    reopened = _session(path)
    assert reopened.grade(item).score == 7
    assert reopened.grade(item).notes.endswith("«ok» otherwise")
    marks = reopened.marks(item)
    assert set(marks) == {"missed_vessel", "ignore"}
    assert np.array_equal(marks["missed_vessel"], _disc((3, 3), 2))
    assert np.array_equal(reopened.ignore_mask(item), _disc((8, 6), 3))
    assert reopened.ignore_mask(other) is None
    assert reopened.grade(other).score == 0
    assert reopened.progress() == (2, len(ITEMS))
    assert reopened.current == next(i for i in sorted(ITEMS) if i not in (item, other))
    with pytest.raises(InputError, match=r"alice\.json: the missed_vessel marks of 01 / unet "
                                         r"are 10x12 pixels but its image is 12x12"):
        reopened.marks(item, (12, 12))
    assert reopened.ignore_mask(item, SHAPE).sum() == _disc((8, 6), 3).sum()


def test_clearing_everything_removes_the_entry(path):
    session = _session(path)
    session.set_score(ITEMS[0], 3)
    session.set_mark(ITEMS[0], "ignore", _disc((5, 5), 2))
    session.set_score(ITEMS[0], None)
    session.set_mark(ITEMS[0], "ignore", np.zeros(SHAPE, bool))
    assert json.loads(path.read_text())["grades"] == []
    assert _session(path).progress() == (0, len(ITEMS))


def test_crash_during_a_save_keeps_the_previous_file(path, monkeypatch):
    session = _session(path)
    session.set_score(ITEMS[0], 4)
    session.set_mark(ITEMS[0], "false_vessel", _disc((2, 2), 1))
    saved = path.read_bytes()

    def crash(source, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(GradingSaveError, match=r"alice\.json.*No space left"):
        session.set_score(ITEMS[0], 9)
    assert session.unsaved and session.grade(ITEMS[0]).score == 9  # kept in memory
    assert path.read_bytes() == saved
    assert sorted(os.listdir(path.parent)) == ["alice.json"]  # no temporary file left
    monkeypatch.undo()
    resumed = _session(path)  # as after a crash: the last complete save
    assert resumed.grade(ITEMS[0]).score == 4
    assert np.array_equal(resumed.marks(ITEMS[0])["false_vessel"], _disc((2, 2), 1))
    session.set_notes(ITEMS[0], "retry")  # the next change saves everything
    assert not session.unsaved and _session(path).grade(ITEMS[0]).score == 9


def test_navigation_and_next_ungraded(path):
    session = _session(path)
    assert session.items == tuple(sorted(ITEMS)) and session.position == 0
    assert session.previous() == session.items[0]
    session.set_score(session.items[1], 5)
    session.set_score(session.items[2], 5)
    assert GradingSession(path, ITEMS, grader="alice").position == 0  # 0 is unscored
    assert session.next_ungraded() == session.items[3]
    session.go_to(len(ITEMS) - 1)
    assert session.next() == session.items[-1]
    assert session.next_ungraded() == session.items[0]  # wraps around
    for item in ITEMS:
        session.set_score(item, 1)
    assert session.next_ungraded() is None
    assert session.progress() == (len(ITEMS), len(ITEMS))


def test_blinded_order_is_reproducible_by_seed(path, tmp_path):
    first = _session(path, blinded=True, seed=11)
    again = GradingSession(tmp_path / "bob.json", reversed(ITEMS), grader="bob",
                           blinded=True, seed=11)
    other = GradingSession(tmp_path / "carol.json", ITEMS, grader="carol",
                           blinded=True, seed=12)
    assert first.items == again.items != other.items
    assert sorted(first.items) == sorted(other.items) == sorted(ITEMS)
    assert first.items != tuple(sorted(ITEMS))
    first.set_score(first.items[0], 2)
    resumed = GradingSession(path, ITEMS, grader="alice")
    assert resumed.blinded and resumed.seed == 11 and resumed.items == first.items
    assert resumed.title(ITEMS[0]) == ITEMS[0].id  # no method name


def test_scale_is_checked_and_kept(path):
    session = _session(path, scale=SCALE_1_5)
    with pytest.raises(ValueError, match=r"scale 1-5"):
        session.set_score(ITEMS[0], 0)
    session.set_score(ITEMS[0], 5)
    assert _session(path).scale == SCALE_1_5
    with pytest.raises(InputError, match=r"alice\.json.*scale 1-5, not 0-10"):
        _session(path, scale=type(SCALE_1_5)(0, 10))
    with pytest.raises(InputError, match=r"alice\.json.*grader alice, not bob"):
        GradingSession(path, ITEMS, grader="bob")


def test_export_csv_and_png_masks(path, tmp_path):
    session = _session(path)
    session.set_score(ITEMS[1], 8)
    session.set_notes(ITEMS[1], 'says "fine", thin vessels, ok')
    session.set_score(ITEMS[0], 3)
    session.set_notes(ITEMS[4], "notes only: not exported as a row")
    session.set_mark(ITEMS[1], "broken_connection", _disc((6, 4), 2))
    session.set_mark(ITEMS[1], "wrong_width", _disc((1, 1), 1))
    csv_path, masks = session.export(tmp_path / "out")
    with open(csv_path, newline="", encoding="utf-8") as stream:
        rows = list(csv.reader(stream))
    assert rows[0] == ["id", "method", "grader", "score", "notes"]
    assert rows[1:] == [["01", "otsu", "alice", "8", 'says "fine", thin vessels, ok'],
                        ["01", "unet", "alice", "3", ""]]
    assert [mask.name for mask in masks] == ["01_otsu_broken_connection.png",
                                             "01_otsu_wrong_width.png"]
    assert [(g.id, g.method, g.grader, g.score) for g in read_grades(str(csv_path))] == [
        ("01", "otsu", "alice", 8.0), ("01", "unet", "alice", 3.0)]
    pixels = np.asarray(Image.open(masks[0]))
    assert pixels.dtype == np.uint8 and set(np.unique(pixels)) == {0, 255}
    assert np.array_equal(pixels == 255, _disc((6, 4), 2))


@pytest.mark.parametrize(("content", "fault"), [
    ("{not json", "grading file is damaged.*not JSON"),
    ("[" * 100_000 + "]" * 100_000, r"grading file is damaged.*not JSON: nested too deeply"),
    ('{"format": "vesselview-session"}', "'format' is not"),
    (None, "grades\\[0\\]: score 11 is not an integer on the scale 0-10"),
])
def test_bad_grading_file_names_the_file(path, content, fault):
    if content is None:
        _session(path).set_score(ITEMS[0], 10)
        document = json.loads(path.read_text())
        document["grades"][0]["score"] = 11
        content = json.dumps(document)
    path.write_text(content)
    with pytest.raises(InputError, match=rf"alice\.json.*{fault}") as error:
        _session(path)
    assert error.value.source == str(path)


def test_bad_mask_in_grading_file_is_reported(path):
    session = _session(path)
    session.set_mark(ITEMS[0], "ignore", _disc((4, 4), 2))
    document = json.loads(path.read_text())
    document["grades"][0]["marks"]["ignore"]["counts"].append(5)
    path.write_text(json.dumps(document))
    with pytest.raises(InputError, match="grades\\[0\\]: mask counts sum to 125, not H \\* W"):
        read_grading(path)


def test_a_mark_larger_than_any_image_is_refused_before_decoding(path):
    """312 bytes declaring a 50000x50000 mark once made export() take 4.9 GB."""
    path.write_text(json.dumps({
        "format": "vesselview-grading", "format_version": 1, "vesselview": "0", "grader": "alice",
        "scale": {"low": 0, "high": 10}, "blinded": False, "seed": 0,
        "grades": [{"id": "01", "method": "unet", "score": 3, "notes": "", "updated": "",
                    "marks": {"ignore": {"shape": [50000, 50000], "counts": [0, 2500000000]}}}],
    }))
    with pytest.raises(InputError, match=r"alice\.json: .*grades\[0\]: mask shape 50000x50000 "
                                         r"is larger than any image vesselview reads"):
        _session(path)


def test_export_refuses_marks_of_another_size_than_their_case_before_writing(path, tmp_path):
    """A mark within the pixel limit but far larger than its case (a 10000x10000 mark on a
    DRIVE image) is refused by the export, naming the item, before any file is written."""
    session = _session(path)
    session.set_mark(ITEMS[0], "ignore", _disc((4, 4), 2))  # its case's size, SHAPE
    document = json.loads(path.read_text())
    document["grades"][0]["marks"]["wrong_width"] = {"shape": [10000, 10000],
                                                     "counts": [100_000_000]}
    path.write_text(json.dumps(document))
    session = _session(path)
    shapes = []

    def shape_of(item):
        shapes.append(item)
        return SHAPE

    with pytest.raises(InputError, match=r"wrong_width marks of 01 / unet are 10000x10000 "
                                         rf"pixels but its image is {SHAPE[1]}x{SHAPE[0]}"):
        session.export(tmp_path / "out", shape_of)
    assert shapes == [ITEMS[0]]  # only items with marks are looked up
    assert not (tmp_path / "out").exists()
    fine = _session(path)
    fine.set_mark(ITEMS[0], "wrong_width", None)
    _csv, masks = fine.export(tmp_path / "out", lambda item: SHAPE)
    assert [mask.name for mask in masks] == ["01_unet_ignore.png"]


def _respelt(path, *ids: str) -> None:
    """Rewrite the saved grades' ids, in order, as ``ids``."""
    document = json.loads(path.read_text())
    for entry, case_id in zip(document["grades"], ids, strict=True):
        entry["id"] = case_id
    path.write_text(json.dumps(document))


def test_a_grade_saved_under_an_unpadded_id_grades_the_padded_item(path):
    session = _session(path)
    session.set_score(ItemKey("01", "otsu"), 4)
    session.set_score(ItemKey("02", "unet"), 6)
    _respelt(path, "1", "002")  # as another tool, or an older dataset, spelt them
    reopened = _session(path)
    assert reopened.grade(ItemKey("01", "otsu")).score == 4
    assert reopened.grade(ItemKey("02", "unet")).score == 6
    assert reopened.progress() == (2, len(ITEMS))


def test_one_item_graded_under_two_spellings_is_refused_not_half_lost(path):
    session = _session(path)
    session.set_score(ItemKey("01", "otsu"), 4)
    session.set_score(ItemKey("02", "otsu"), 6)
    _respelt(path, "01", "1")
    with pytest.raises(InputError, match=r"alice\.json.*grades\[1\]: id '1' with method "
                                         r"'otsu' appears twice \(as '01', the same number\)"):
        _session(path)


def test_blinded_must_be_a_bool(path):
    with pytest.raises(TypeError, match="blinded must be True or False, got 'no' \\(str\\)"):
        _session(path, blinded="no")


def test_another_writers_unpadded_id_merges_into_the_same_item(path):
    session = _session(path)
    session.set_score(ItemKey("01", "otsu"), 4)
    _respelt(path, "1")  # another writer saved the item as "1" meanwhile
    session.set_score(ItemKey("01", "otsu"), 5)
    saved = read_grading(path)
    assert {key: grade.score for key, grade in saved.grades.items()} == {
        ItemKey("01", "otsu"): 5}
