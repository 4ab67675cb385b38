"""The case browser window marks an empty prediction, and the window's notices say so."""

from __future__ import annotations

from PIL import Image

from tests.demo_dataset import write_demo_drive
from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.app.dataset_table import FLAG_MARK, FLAGGED_NOTICE


def test_an_all_black_prediction_is_marked_in_the_table_and_noticed(window, qtbot, tmp_path):
    root, predictions = write_demo_drive(tmp_path, cases=2, methods=("good", "thick"))
    black = predictions["thick"] / "02_test.png"
    with Image.open(black) as image:
        Image.new("L", image.size).save(black)
    window.show()
    qtbot.waitExposed(window)
    browser_window = window.dataset_browser
    browser = browser_window.browser
    assert browser.open(root, predictions)
    qtbot.waitUntil(lambda: not browser.channel.busy and browser.evaluations == 4,
                    timeout=RESULT_TIMEOUT_MS)
    table = browser_window.table
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    thick = [c for c, text in enumerate(headers) if text.startswith("thick")]
    row = browser.rows.index("02")
    for column in thick:
        item = table.item(row, column)
        assert item.text().endswith(f" {FLAG_MARK}")
        assert item.toolTip() == "thick: empty prediction: it marks no pixel of the field of view"
    assert not table.item(browser.rows.index("01"), thick[0]).text().endswith(FLAG_MARK)
    assert "case 02, thick: empty prediction" in browser_window.issues.text()
    notices = [n for n in window.model.notices.notices if n.key == FLAGGED_NOTICE]
    assert len(notices) == 1 and ": 02 (thick);" in notices[0].message
