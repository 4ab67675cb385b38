"""The notice board: messages kept until dismissed, technical detail apart, one per message."""

from __future__ import annotations

from vesselview.app.notices import NoticeBoard
from vesselview.errors import InputError


def test_a_message_is_kept_once_until_dismissed():
    board, seen = NoticeBoard(), []
    board.added.connect(seen.append)
    first = board.add("a.png: The file is damaged.", "error")
    assert board.add("a.png: The file is damaged.", "error") is None
    assert board.messages == ["a.png: The file is damaged."] and seen == [first]
    board.dismiss(first)
    assert board.messages == []


def test_a_key_replaces_its_earlier_notice():
    board = NoticeBoard()
    board.add("reference may be inverted", key="polarity")
    board.add("reference read inverted", key="polarity")
    assert board.messages == ["reference read inverted"]
    board.remove("polarity")
    assert board.notices == []


def test_technical_detail_goes_to_the_details():
    error = InputError("x.png: The file is damaged; open an intact copy", "x.png",
                       details="CRC mismatch in chunk IDAT")
    assert "CRC mismatch" in str(error)  # the command line prints it
    notice = NoticeBoard().add(str(error), "error", source="Candidates")
    assert notice is not None
    assert notice.message == "x.png: The file is damaged; open an intact copy"
    assert notice.details == "CRC mismatch in chunk IDAT" and notice.source == "Candidates"


def test_the_last_error_is_the_newest_error():
    board = NoticeBoard()
    assert board.last_error() is None
    board.add("first failed", "error")
    board.add("a warning")
    board.add("second failed", "error")
    last = board.last_error()
    assert last is not None and last.message == "second failed"
