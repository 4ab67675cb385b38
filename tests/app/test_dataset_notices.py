"""What a dataset run tells the user reaches the window's notice board: files left out,
missing FOV masks (the case then fails, naming the file), FOVs estimated instead."""

from __future__ import annotations

from PIL import Image

from tests.demo_dataset import write_demo_drive
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler


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
