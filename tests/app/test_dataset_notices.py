"""What a dataset run tells the user reaches the window's notice board: files left out,
missing FOV masks (the case then fails, naming the file), empty predictions (also marked
in the browser's table)."""

from __future__ import annotations

from PIL import Image

from tests.demo_dataset import write_demo_drive
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.dataset_table import FLAG_MARK, FLAG_TEXTS, FLAGGED_NOTICE
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.io.candidate_flags import EMPTY


def _drive_with_problems(tmp_path):
    """Four demo DRIVE cases; case 02's FOV mask is gone, a stray file in ``good``."""
    root, predictions = write_demo_drive(tmp_path, cases=4)
    (root / "test/mask/02_test_mask.gif").unlink()
    Image.new("L", (4, 4)).save(predictions["good"] / "notes.png")
    return root, predictions


def test_the_browser_shows_the_dataset_notes_and_fails_the_case(tmp_path):
    root, predictions = _drive_with_problems(tmp_path)
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=("dice",))
    assert browser.open(root, predictions)
    notices = {notice.message: notice for notice in browser.inspector.notices.notices}
    stray = f"good: {predictions['good'] / 'notes.png'} left out: its name fits no case id"
    assert any(message.startswith(stray) for message in notices)
    missing = ("1 of 4 cases have no field-of-view mask, though DRIVE ships one per case, "
               "and are not evaluated: 02")
    assert any(message.startswith(missing) for message in notices)
    assert {notice.source for notice in notices.values()} == {"Case browser"}
    assert set(browser.failures) == {("02", method) for method in predictions}
    assert browser.value_text("02", "good", "dice") == "error"
    assert str(root / "test/mask/02_test_mask.gif") in browser.failures[("02", "good")]


def test_the_inspector_shows_the_dataset_notes(tmp_path):
    root, predictions = _drive_with_problems(tmp_path)
    inspector = Inspector(Scheduler(synchronous=True))
    assert inspector.open_dataset(str(root), {m: str(p) for m, p in predictions.items()})
    messages = inspector.notices.messages
    assert any("notes.png left out" in message for message in messages)
    assert any("not evaluated: 02" in message for message in messages)


def _drive_with_a_black_prediction(tmp_path):
    """Three demo DRIVE cases; method ``thick`` predicts nothing for case 03."""
    root, predictions = write_demo_drive(tmp_path, cases=3)
    black = predictions["thick"] / "03_test.png"
    with Image.open(black) as image:
        Image.new("L", image.size).save(black)
    return root, predictions


def test_an_empty_prediction_is_marked_in_the_browser_and_on_the_board(tmp_path):
    root, predictions = _drive_with_a_black_prediction(tmp_path)
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=("dice", "se"))
    assert browser.open(root, predictions)
    assert browser.table.flagged == [("03", "thick")]
    assert browser.table.flag("03", "thick") == EMPTY
    assert browser.table.flag_text("03", "thick") == FLAG_TEXTS[EMPTY]
    assert browser.value_text("03", "thick", "se") == f"0 {FLAG_MARK}"
    assert FLAG_MARK not in browser.value_text("02", "thick", "se")
    (notice,) = [n for n in browser.inspector.notices.notices if n.key == FLAGGED_NOTICE]
    assert notice.kind == "warning" and notice.source == "Case browser"
    assert notice.message.startswith(
        f"1 prediction is empty or nearly empty (less than 0.5 % of the field of view marked; "
        f"marked {FLAG_MARK} in the table): 03 (thick)")


def test_the_flag_comes_from_the_cache_and_so_does_its_notice(tmp_path):
    root, predictions = _drive_with_a_black_prediction(tmp_path)
    inspector = Inspector(Scheduler(synchronous=True))
    browser = DatasetBrowser(inspector, metrics=("dice",))
    assert browser.open(root, predictions)
    evaluations = browser.evaluations
    browser.compute()  # every value cached: the flag too, nothing evaluated again
    assert browser.evaluations == evaluations and browser.table.flagged == [("03", "thick")]
    inspector.notices.dismiss_all()
    browser.compute()
    assert [n.key for n in inspector.notices.notices] == [FLAGGED_NOTICE]


def test_the_inspector_warns_of_an_empty_candidate(tmp_path):
    root, predictions = _drive_with_a_black_prediction(tmp_path)
    inspector = Inspector(Scheduler(synchronous=True))
    warnings: list[str] = []
    inspector.warning.connect(warnings.append)
    assert inspector.open_dataset(str(root), {m: str(p) for m, p in predictions.items()},
                                  method="thick")
    assert not any("marks no pixel" in warning for warning in warnings)
    inspector.step_case(2)
    black = predictions["thick"] / "03_test.png"
    assert f"{black}: the candidate marks no pixel of the field of view as vessel" in \
        "\n".join(warnings)
