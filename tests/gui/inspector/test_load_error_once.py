"""A failed load is said once, in plain words, above the image; the detail in a tooltip."""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton

from vesselview.gui.app import start_window
from vesselview.gui.inspector.window import ERROR_POINTER
from vesselview.io.plain_messages import DAMAGED
from vesselview.io.writers import write_png


def _labels_saying(window, text: str) -> list[QLabel]:
    return [label for label in window.findChildren(QLabel)
            if text in label.text() and label.isVisibleTo(window)]


def test_a_damaged_file_is_said_once_in_plain_words(window, tmp_path):
    path = tmp_path / "01_manual1.png"
    write_png(path, np.eye(50, dtype=bool))
    data = bytearray(path.read_bytes())
    data[data.index(b"IDAT") + 6] ^= 0xFF
    path.write_bytes(bytes(data))
    window.show()
    assert not window.model.open_file("reference", str(path))
    (label,) = _labels_saying(window, str(path))  # one widget, the notice above the image
    assert label.text().endswith(f"{path}: {DAMAGED}")
    assert "CRC" not in label.text() and "CRC checksum" in label.toolTip()
    assert window.statusBar().currentMessage() == ERROR_POINTER
    assert not [box for box in window.findChildren(QMessageBox) if box.isVisible()]
    (dismiss,) = [button for button in window.notices.findChildren(QPushButton)
                  if button.text() == "Dismiss"]
    dismiss.click()
    assert window.model.notices.notices == [] and not window.notices.isVisibleTo(window)


def test_a_failed_start_up_load_is_pointed_at_without_covering_the_readout(qtbot, tmp_path):
    missing = str(tmp_path / "pred.png")
    reference = tmp_path / "manual.png"
    write_png(reference, np.eye(8, dtype=bool))
    window = start_window([("reference", str(reference)), ("candidate", missing)], (1280, 720))
    qtbot.addWidget(window)
    window.show()  # after the error, as at start-up
    qtbot.waitExposed(window)
    assert window.model.case is None and [m for m in window.notices.messages if missing in m]
    assert window.statusBar().currentMessage() == ERROR_POINTER
    assert not window.readout.isVisible()  # the status message is not drawn over it
    window.scheduler.shutdown()
