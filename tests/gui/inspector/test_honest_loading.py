"""Honest loading: a failed start-up shows an empty window with the error (no demo);
polarity can be inverted per mask with a note while it applies; every warning and error
stays above the image until dismissed."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.gui.app import start_window
from vesselview.io.writers import write_png


@pytest.fixture
def masks(tmp_path, small_case):
    """A normal candidate and an inverted (vessels dark) reference of `small_case`."""
    reference, candidate = tmp_path / "01_manual1.png", tmp_path / "01_test_pred.png"
    write_png(reference, ~small_case.reference)
    write_png(candidate, small_case.candidate)
    return str(reference), str(candidate)


def test_a_failed_start_up_load_shows_an_empty_window_with_the_error(qtbot, tmp_path):
    bad = tmp_path / "bad.png"
    bad.write_text("not an image")
    window = start_window([("reference", str(bad)), ("candidate", str(bad))], (1280, 720))
    qtbot.addWidget(window)
    try:
        assert window.model.case is None  # no demo behind the error
        assert any(str(bad) in message for message in window.notices.messages)
        assert window.notices.isVisibleTo(window)
    finally:
        window.scheduler.shutdown()


def _open(window, qtbot, reference, candidate):
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert window.model.open_files([("reference", reference), ("candidate", candidate)])


def test_an_inverted_reference_is_flagged_until_inverted(window, qtbot, masks, small_case):
    _open(window, qtbot, *masks)
    (warning,) = [m for m in window.notices.messages if "may be inverted" in m]
    assert "01_manual1.png" in warning and "Invert reference polarity" in warning
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.polarity.actions["reference"].trigger()
    assert window.model.inverted == {"reference"}
    assert np.array_equal(window.model.case.reference, small_case.reference)
    assert window.polarity.actions["reference"].isChecked()
    assert not [m for m in window.notices.messages if "may be inverted" in m]
    assert [m for m in window.notices.messages if "read with inverted polarity" in m]
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.polarity.actions["reference"].trigger()  # back as it is: the warning returns
    assert window.model.inverted == frozenset()
    assert [m for m in window.notices.messages if "may be inverted" in m]


def test_inverting_without_files_says_why_and_stays_off(small_window):
    small_window.polarity.actions["candidate"].trigger()
    assert not small_window.polarity.actions["candidate"].isChecked()
    assert any("open a candidate file" in m for m in small_window.notices.messages)


def test_every_warning_stays_until_dismissed(window, qtbot):
    window.model.warning.emit("first.png: read as a probability map")
    window.model.warning.emit("second.png: palette image read by index")
    window.model.warning.emit("first.png: read as a probability map")  # not twice
    assert window.notices.messages == ["first.png: read as a probability map",
                                       "second.png: palette image read by index"]
    first_button = next(button for button in window.notices.findChildren(QPushButton)
                        if button.text() == "Dismiss")
    qtbot.mouseClick(first_button, Qt.MouseButton.LeftButton)
    assert window.notices.messages == ["second.png: palette image read by index"]


def test_an_error_names_the_file_above_the_image(window, tmp_path):
    bad = tmp_path / "corrupt_pred.png"
    bad.write_bytes(b"\x89PNG broken")
    assert not window.model.open_file("candidate", str(bad))
    assert any(str(bad) in message for message in window.notices.messages)
