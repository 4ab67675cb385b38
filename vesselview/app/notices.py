"""The messages every window shows the user until dismissed (no Qt).

One `NoticeBoard` per inspector (``Inspector.notices``) holds the errors, warnings and
notes of the main window and of every tool window (candidates, behaviour, plots,
agreement, grading, dataset browser): the main window's notice area shows them all, so
nothing a tool reports is lost when its window is closed or behind another. A message
is shown in plain words; the technical detail an error carries after
`vesselview.errors.DETAILS_MARK` goes to the notice's ``details`` (a tooltip), not its
text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from vesselview.app.events import Event
from vesselview.errors import split_details

NoticeKind = Literal["error", "warning", "info"]


@dataclass(frozen=True, eq=False)
class Notice:
    """One message on the board.

    Attributes
    ----------
    message : str
        What the user reads (plain words; names the file and the fix).
    kind : {"error", "warning", "info"}
    key : str
        A later notice with the same non-empty key replaces this one.
    details : str
        Technical detail (decoder messages, checksums), for a tooltip; may be empty.
    source : str
        The window that reported it (``""``: the main window).
    """

    message: str
    kind: NoticeKind = "warning"
    key: str = ""
    details: str = ""
    source: str = ""


class NoticeBoard:
    """Notices in the order they came, each kept until dismissed or replaced.

    Attributes
    ----------
    added : Event
        ``(Notice)`` after a notice was added.
    removed : Event
        ``(Notice)`` after a notice was dismissed, replaced or removed by key.

    Examples
    --------
    >>> board = NoticeBoard()
    >>> _ = board.add("a.png: The file is damaged. — technical details: CRC", "error")
    >>> board.messages, board.notices[0].details
    (['a.png: The file is damaged.'], 'CRC')
    """

    def __init__(self) -> None:
        self._notices: list[Notice] = []
        self.added = Event("notice added")
        self.removed = Event("notice removed")

    @property
    def notices(self) -> list[Notice]:
        """The notices shown, oldest first."""
        return list(self._notices)

    @property
    def messages(self) -> list[str]:
        """Their messages, oldest first."""
        return [notice.message for notice in self._notices]

    def add(self, message: str, kind: NoticeKind = "warning", key: str = "",
            source: str = "") -> Notice | None:
        """Show ``message`` until dismissed; None when the same message is already shown.

        A non-empty ``key`` first removes the notice shown under it. Technical detail
        after `vesselview.errors.DETAILS_MARK` in ``message`` becomes ``details``.
        """
        if key:
            self.remove(key)
        text, details = split_details(message)
        if text in self.messages:
            return None
        notice = Notice(text, kind, key, details, source)
        self._notices.append(notice)
        self.added.emit(notice)
        return notice

    def dismiss(self, notice: Notice) -> None:
        """Take ``notice`` away (nothing if it is gone already)."""
        if notice in self._notices:
            self._notices.remove(notice)
            self.removed.emit(notice)

    def remove(self, key: str) -> None:
        """Take away the notice shown under ``key`` (nothing if none)."""
        for notice in [n for n in self._notices if n.key == key]:
            self.dismiss(notice)

    def dismiss_all(self) -> None:
        """Take away every notice."""
        for notice in list(self._notices):
            self.dismiss(notice)

    def last_error(self) -> Notice | None:
        """The newest error shown (None without one)."""
        return next((n for n in reversed(self._notices) if n.kind == "error"), None)
