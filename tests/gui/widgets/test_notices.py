"""The notice area: the newest messages show, a burst never pushes the image away."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame

from vesselview.app.notices import NoticeBoard
from vesselview.gui.widgets.notices import SHOWN, Notices


def _shown_messages(notices: Notices) -> list[str]:
    return [row.findChild(type(notices.footer_label)).text()
            for row in notices.findChildren(QFrame, "notice") if row.isVisibleTo(notices)]


def test_only_the_newest_messages_show_until_asked(qtbot):
    board = NoticeBoard()
    notices = Notices(board)
    qtbot.addWidget(notices)
    notices.show()
    for number in range(SHOWN + 2):
        board.add(f"file{number}.png: The file is damaged", "error")
    assert _shown_messages(notices) == [f"file{n}.png: The file is damaged"
                                        for n in range(2, SHOWN + 2)]
    assert notices.footer.isVisibleTo(notices)
    assert notices.footer_label.text() == "2 earlier messages hidden"
    notices.expand_button.click()
    assert len(_shown_messages(notices)) == SHOWN + 2
    notices.dismiss_all()
    assert board.notices == [] and not notices.isVisible()


def test_a_few_messages_need_no_footer(qtbot):
    board = NoticeBoard()
    board.add("before the widget existed")
    notices = Notices(board)
    qtbot.addWidget(notices)
    notices.show()
    board.add("x.png: The file is damaged — technical details: CRC", "error", source="Plots")
    assert len(_shown_messages(notices)) == 2 and not notices.footer.isVisibleTo(notices)
    (row,) = [r for r in notices.findChildren(QFrame, "notice") if "x.png" in
              r.findChild(type(notices.footer_label)).text()]
    label = row.findChild(type(notices.footer_label))
    assert label.text().startswith("<b>Plots:</b> x.png") and "CRC" not in label.text()
    assert label.toolTip() == "Technical details: CRC"
