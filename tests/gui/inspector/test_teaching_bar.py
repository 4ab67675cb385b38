"""Teaching cases in the main window: captioned on the image, severity slider without a
dialog, gone for other cases."""

from __future__ import annotations

from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.synth import TEACHING_CASES

SHAPE = (96, 92)  # small teaching cases: fast tests


def _load_from_menu(window, qtbot, name, severity):
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.teaching.load(name, severity)


def test_teaching_case_is_captioned_and_its_severity_changes_in_the_window(window, qtbot):
    window.model.teaching_shape = SHAPE
    name = next(iter(TEACHING_CASES))
    entry = TEACHING_CASES[name]
    low, high = entry.severity_range
    _load_from_menu(window, qtbot, name, low)
    bar = window.teaching
    assert bar.isVisibleTo(window)
    assert entry.title.lower() in window.view.caption.text().lower()
    assert f"severity {low:g}" in window.view.caption.text()
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        bar.slider.setValue(high)  # a released slider rebuilds the case
    assert f"severity={high:g}" in window.model.case.sources["candidate"]
    assert f"severity {high:g}" in window.view.caption.text()


def test_another_case_hides_bar_and_caption(window, qtbot, small_case):
    window.model.teaching_shape = SHAPE
    name, entry = next(iter(TEACHING_CASES.items()))
    _load_from_menu(window, qtbot, name, entry.severity_range[0])
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.show_case(small_case)
    assert not window.teaching.isVisibleTo(window)
    assert not window.view.caption.isVisibleTo(window)
