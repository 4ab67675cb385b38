"""The grading window owns its keymap: every key of the help table, none bound twice."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence, QShortcut

from vesselview.app.grading import GradingSession
from vesselview.app.grading_cases import GradingCases
from vesselview.gui.grading.keys import GRADING_KEYS, LABEL_KEYS
from vesselview.gui.grading.window import GradingWindow
from vesselview.io.grading_files import ItemKey
from vesselview.synth import demo_case

from ..conftest import SMALL_SHAPE


def test_the_keymap_binds_every_listed_key_once_as_a_shortcut(qtbot, tmp_path):
    cases = {ItemKey("01", "unet"): demo_case(shape=SMALL_SHAPE, seed=0)}
    window = GradingWindow(GradingSession(tmp_path / "alice.json", cases, grader="alice"),
                           GradingCases.from_cases(cases))
    qtbot.addWidget(window)
    listed = [sequence for key in GRADING_KEYS.values() for sequence in key.sequences]
    listed += [str(digit) for digit in range(10)] + list(LABEL_KEYS)
    assert sorted(window.keymap) == sorted(listed)  # a key bound twice would be lost here
    installed = [shortcut.key() for shortcut in window.findChildren(QShortcut)]
    assert sorted(key.toString() for key in installed) == sorted(
        QKeySequence(sequence).toString() for sequence in listed)
