"""`vesselview.cli.progress`: drawn on terminals for more than a few items only."""

from __future__ import annotations

import io

from vesselview.cli.progress import ProgressBar


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _run(total: int, stream: io.StringIO) -> str:
    with ProgressBar(total, stream) as bar:
        for _ in range(total):
            bar.advance()
    return stream.getvalue()


def test_bar_on_a_terminal():
    text = _run(4, _Terminal())
    frames = text.split("\r")[1:]
    assert len(frames) == 5  # 0/4 .. 4/4
    assert frames[0] == "[" + "." * 30 + "] 0/4 pairs"
    assert frames[2] == "[" + "#" * 15 + "." * 15 + "] 2/4 pairs"
    assert frames[4] == "[" + "#" * 30 + "] 4/4 pairs\n"


def test_no_bar_for_a_few_items_or_off_a_terminal():
    assert _run(3, _Terminal()) == ""
    assert _run(10, io.StringIO()) == ""


def test_streams_without_a_working_isatty_are_not_terminals():
    closed = io.StringIO()
    closed.close()  # isatty() now raises ValueError
    assert not ProgressBar(10, closed).enabled
    assert not ProgressBar(10, object()).enabled
