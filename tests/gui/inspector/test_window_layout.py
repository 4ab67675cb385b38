"""Review fixes in the window: room for the image in a small window, each file checked
when opened, and no offscreen-platform noise on stderr."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QMessageLogContext, QtMsgType

from vesselview.gui.app import OFFSCREEN_NOISE, MessageFilter
from vesselview.gui.inspector.window import ERROR_POINTER, MIN_VIEW_WIDTH
from vesselview.io.writers import write_png


def test_a_small_window_leaves_the_image_half_its_width(window, qtbot):
    window.show()
    qtbot.waitExposed(window)
    assert window.width() == 1200
    assert window.view.width() >= max(MIN_VIEW_WIDTH, 0.4 * window.width())
    scroll = window.params_panel.parentWidget().parentWidget()  # viewport, then scroll area
    assert not scroll.horizontalScrollBar().isVisible()  # parameters never cut sideways


@pytest.fixture
def bad_file(tmp_path):
    path = tmp_path / "broken_pred.png"
    path.write_text("this is not an image")
    return str(path)


@pytest.fixture
def good_mask(tmp_path):
    path = tmp_path / "manual.png"
    write_png(path, np.eye(8, dtype=bool))
    return str(path)


def test_a_bad_file_is_reported_when_opened_alone(window, bad_file):
    assert not window.model.open_file("candidate", bad_file)
    assert [m for m in window.notices.messages if bad_file in m]
    assert window.notices.isVisibleTo(window)
    assert window.model.chosen_files.candidate is None  # not kept: the user picks another
    assert window.statusBar().currentMessage() == ERROR_POINTER


def test_an_error_clears_the_earlier_hint(window, bad_file, good_mask):
    assert not window.model.open_file("reference", good_mask)
    assert "candidate" in window.statusBar().currentMessage()
    assert not window.model.open_file("candidate", bad_file)
    assert window.statusBar().currentMessage() == ERROR_POINTER
    assert window.model.chosen_files.reference == good_mask


def test_the_error_of_a_bad_file_stays_until_dismissed(window, bad_file, good_mask):
    window.model.open_file("candidate", bad_file)
    assert not window.model.open_file("reference", good_mask)
    assert [m for m in window.notices.messages if bad_file in m]
    assert "candidate" in window.statusBar().currentMessage()


def test_a_colour_reference_is_reported_when_opened(window, tmp_path):
    path = tmp_path / "colour_manual.png"
    colour = np.zeros((8, 8, 3), np.uint8)
    colour[..., 0] = 255
    colour[:4, :, 1] = 255
    write_png(path, colour)
    assert not window.model.open_file("reference", str(path))
    assert [m for m in window.notices.messages if str(path) in m]


def test_message_filter_drops_only_its_message():
    seen = []
    message_filter = MessageFilter(OFFSCREEN_NOISE)
    message_filter.previous = lambda mode, context, message: seen.append(message)
    context = QMessageLogContext()
    message_filter(QtMsgType.QtWarningMsg, context, OFFSCREEN_NOISE)
    message_filter(QtMsgType.QtWarningMsg, context, "something else")
    assert seen == ["something else"]


def test_message_filter_without_a_previous_handler_prints_to_stderr(capsys):
    MessageFilter(OFFSCREEN_NOISE)(QtMsgType.QtWarningMsg, QMessageLogContext(), "kept")
    MessageFilter(OFFSCREEN_NOISE)(QtMsgType.QtWarningMsg, QMessageLogContext(), OFFSCREEN_NOISE)
    assert capsys.readouterr().err == "kept\n"
